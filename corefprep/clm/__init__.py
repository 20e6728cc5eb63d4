"""The causal-LM path after the filter: document tokens per batch, packed blocks, Megatron export."""
