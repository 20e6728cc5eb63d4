"""corefprep: Korean web text -> quality-filtered, entity-coreference training datasets."""

__version__ = "0.1.0"
