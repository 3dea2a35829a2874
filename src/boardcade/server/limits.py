"""Rate limits: token buckets per connection and per client address, and counters of open connections."""

from __future__ import annotations

import time
from collections import OrderedDict


class TokenBucket:
    """`rate` tokens a second, at most `burst` saved up. rate <= 0 means no limit."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = max(1, burst)
        self.tokens = float(self.burst)
        self.stamp = time.monotonic()

    def wait(self, cost: float = 1.0) -> float:
        """Take `cost` tokens: 0.0 if they were there, else the seconds until they will be (they are then owed)."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= cost
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def allow(self) -> bool:
        """Take a token if there is one; False (and nothing taken) if not."""
        return self.retry_after() == 0.0

    def retry_after(self) -> float:
        """Take a token if there is one (0.0); else take nothing and say in how many seconds there will be one."""
        wait = self.wait()
        if wait > 0:
            self.tokens += 1.0
        return wait

    def give_back(self) -> None:
        """Return a token taken (the request it was taken for was refused for another reason)."""
        self.tokens = min(float(self.burst), self.tokens + 1.0)


class KeyedBuckets:
    """One bucket per key (a client address), the least recently used forgotten beyond `size` keys."""

    def __init__(self, rate: float, burst: int, size: int = 20000):
        self.rate = rate
        self.burst = burst
        self.size = size
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        return self.bucket(key).allow() if self.rate > 0 else True

    def bucket(self, key: str) -> TokenBucket:
        """The bucket of `key` (made full when new)."""
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
            if len(self.buckets) > self.size:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket


class OpenCounts:
    """Open connections per key, with a cap (0 = none)."""

    def __init__(self, cap: int):
        self.cap = cap
        self.counts: dict[str, int] = {}

    def open(self, key: str) -> bool:
        n = self.counts.get(key, 0)
        if self.cap and n >= self.cap:
            return False
        self.counts[key] = n + 1
        return True

    def close(self, key: str) -> None:
        n = self.counts.get(key, 0) - 1
        if n > 0:
            self.counts[key] = n
        else:
            self.counts.pop(key, None)
