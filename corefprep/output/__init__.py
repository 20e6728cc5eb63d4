"""The run's finished outputs: dataset directories and Megatron pairs, their names, metadata and
completion markers."""
