"""A TCP relay to PostgreSQL whose connections a test can stall or break (tests of a database path that goes
wrong: SV-2, SV-13), shared by the review regression tests."""

from __future__ import annotations

import select
import socket
import threading
from dataclasses import dataclass


@dataclass
class Pair:
    a: socket.socket  # the server's side
    b: socket.socket  # PostgreSQL's side
    listen: bool = False  # this connection issued LISTEN
    frozen: bool = False


class PgProxy:
    """A relay on 127.0.0.1 to the PostgreSQL of `postgres_url`; `url` is that database through the relay.
    freeze(): bytes stop flowing both ways on every connection made so far and nothing is closed (a stalled
    network path); freeze_listen(): the same for the connections that issued LISTEN alone; cut(): every
    connection is closed and new ones are closed at once (the database is down, as far as a server can tell).
    Connections made after a freeze flow."""

    def __init__(self, postgres_url: str) -> None:
        self.target = int(postgres_url.rsplit(":", 1)[1].split("/")[0])
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.url = postgres_url.replace(f":{self.target}/", f":{self.port}/")
        self.pairs: list[Pair] = []
        self.down = False
        self.stop = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.stop:
            try:
                a, _ = self.server.accept()
            except OSError:
                return
            if self.down:
                a.close()
                continue
            pair = Pair(a, socket.create_connection(("127.0.0.1", self.target)))
            self.pairs.append(pair)
            threading.Thread(target=self._relay, args=(pair,), daemon=True).start()

    def _relay(self, pair: Pair) -> None:
        a, b = pair.a, pair.b
        try:
            while not self.stop and not pair.frozen:
                ready, _, _ = select.select([a, b], [], [], 0.05)
                if pair.frozen:
                    return
                for s in ready:
                    data = s.recv(65536)
                    if not data:
                        return
                    if s is a and b"LISTEN " in data:
                        pair.listen = True
                    (b if s is a else a).sendall(data)
        except (OSError, ValueError):
            return

    def freeze(self) -> None:
        for pair in self.pairs:
            pair.frozen = True

    def freeze_listen(self) -> int:
        """Freeze the connections that issued LISTEN; returns how many."""
        frozen = [p for p in self.pairs if p.listen]
        for pair in frozen:
            pair.frozen = True
        return len(frozen)

    def cut(self) -> None:
        self.down = True
        for pair in self.pairs:
            for s in (pair.a, pair.b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
        self.pairs.clear()

    def close(self) -> None:
        self.stop = True
        self.cut()
        self.server.close()
