"""Document signatures for deduplication: an exact hash and MinHash band keys per document, made
where the documents already are (the filter's workers) and kept per filter batch."""
