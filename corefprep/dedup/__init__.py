"""Deduplication after the filter (SPEC 2.3a): candidate pairs from shared MinHash bands (or equal
exact hashes), clusters as connected components, the lowest doc_index of each cluster kept."""
