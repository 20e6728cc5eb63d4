"""Engines run the filter stage's batches (SPEC 4): ``local`` (a process Pool on this machine) and
``ray`` (batches as calls on Ray actors across a cluster). Both call
:func:`corefprep.filter.compute_batch`, so a batch's files do not depend on the engine and a run
may be resumed under the other one."""

ENGINES = ("local", "ray")
