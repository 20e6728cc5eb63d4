"""A run: its options and plan, the checks before it, the lock and manifest of its output directory,
and the stages wired together."""
