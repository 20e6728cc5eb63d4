"""Where a run's output lives and who owns it: store URLs and their filesystems, the lock on an
output directory, the lease on an output on object storage, and the stage directory a run works in
with the mirror that keeps the store equal to it."""
