"""Fast tokenizers: loading, fitness for an objective, what a dataset records about them, id types."""
