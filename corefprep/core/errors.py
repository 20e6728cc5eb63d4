"""Errors a user can act on. The CLI prints their message as one sentence and exits 1 (2 for usage)."""


class CorefprepError(Exception):
    """A failure with a message meant for the user (no traceback unless --debug)."""

    exit_code = 1


class InputError(CorefprepError):
    """An input path, file or record cannot be read as asked."""


class UsageError(CorefprepError):
    """The command line asks for something impossible (exit code 2)."""

    exit_code = 2


class ConfigMismatchError(CorefprepError):
    """Existing work was made under other settings; --force is needed to replace it."""


class LockedError(CorefprepError):
    """Another live corefprep run holds the output directory."""


class BatchFailedError(CorefprepError):
    """A batch failed after its retries; the message names the batch and the document."""


def first_line(exc: BaseException) -> str:
    """An exception's message cut to its first line (its type when it has none): what a one-line
    error quotes of a library's error."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
