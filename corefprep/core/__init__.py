"""What every stage shares: errors, atomic writes, options, logging, the work directory's paths."""
