"""The filter stage: batches of documents decided by the rules, on a local Pool or on Ray actors,
with one fault machine for both (retries, quarantine)."""
