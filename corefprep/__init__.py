"""corefprep: Korean web text -> quality-filtered, entity-coreference training datasets."""

from .core.version import __version__

__all__ = ["__version__"]
