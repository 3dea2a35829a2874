"""`boardcade serve`: the web server (FastAPI + SQLAlchemy) and its match manager.

`create_app` is imported on first use, so that worker processes (boardcade.server.worker_main) start without
loading the web stack.
"""

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
