"""`boardcade serve`: the web server (FastAPI + SQLAlchemy) and its match manager."""

from .app import create_app

__all__ = ["create_app"]
