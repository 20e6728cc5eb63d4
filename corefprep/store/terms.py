"""How long a run's hold on its output lasts, and every time derived from it: one rule for the lock
file of an output directory and for the lease object of an output on a store.

With a lease of ``L`` seconds and a margin ``M = L / 3``:

- the holder renews every ``L / 8`` (and retries a failed renewal every second or so);
- the holder writes until ``L - M`` after the last renewal it knows succeeded, counted from the
  moment that renewal was sent (:mod:`corefprep.core.fence`); a partition or a pause shorter
  than that, less one renewal period, is ridden out;
- a run on another host takes the lease over once it has watched it stay unchanged for
  ``L + M`` on its own monotonic clock;
- each write request of the holder may take one attempt of at most ``M`` (its connect and read
  timeouts): a request sent just before the fence fell has landed or been given up before the
  taker's first write, ``2 M`` later.

Every run on one output must use the same ``L`` (``--lease-seconds``); the store's lease records it,
and a taker waits for the longer of its own and the holder's.
"""

from __future__ import annotations

from dataclasses import dataclass

from .urls import Timing

LEASE_SECONDS = 120.0


@dataclass(frozen=True)
class Terms:
    seconds: float = LEASE_SECONDS

    @property
    def margin(self) -> float:
        return self.seconds / 3

    @property
    def renew_every(self) -> float:
        return self.seconds / 8

    @property
    def retry_every(self) -> float:
        return min(1.0, self.renew_every)

    @property
    def writes_for(self) -> float:
        """How long after a renewal was sent the holder may write."""
        return self.seconds - self.margin

    @property
    def takeover_after(self) -> float:
        """How long a taker watches an unchanged lease before it takes it over."""
        return self.seconds + self.margin

    def write_timing(self) -> Timing:
        """One attempt of a fenced write takes at most the margin (connect + read)."""
        return Timing(connect=min(10.0, max(1.0, self.margin / 4)), read=min(60.0, max(2.0, self.margin * 3 / 4)))

    def renew_timing(self) -> Timing:
        """A renewal is one attempt, given up within about a renewal period: the renewing loop
        tries again itself, every second, and the fence decides when it is too late."""
        return Timing(connect=min(5.0, max(1.0, self.renew_every / 2)), read=min(10.0, max(2.0, self.renew_every)),
                      attempts=1, s3fs_retries=1)
