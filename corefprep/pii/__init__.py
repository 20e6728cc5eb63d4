"""Personal data in the kept documents (SPEC 2.3b): Korean resident registration numbers, phone
numbers, emails, IP addresses, payment cards and bank accounts, found and redacted or tagged."""

from .config import DETECTORS_VERSION, MODES, PiiConfig
from .detect import find_pii
from .mask import mask_text
from .spans import KINDS, PiiSpan, count_kinds

__all__ = ["DETECTORS_VERSION", "KINDS", "MODES", "PiiConfig", "PiiSpan", "count_kinds", "find_pii", "mask_text"]
