"""The entity-coreference path after the filter: samples, masked-mention rows, the merged dataset."""
