"""corefprep's version (one place: the package, metadata.json and markers read it)."""

__version__ = "0.2.0"
