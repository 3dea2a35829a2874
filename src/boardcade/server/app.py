"""The FastAPI application: JSON API, WebSocket play and the static web front end."""

from __future__ import annotations

from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from .errors import ClientError
from .manager import MatchManager
from .routes import client_error_response, router
from .storage import Storage
from .ws import match_socket


def web_dir() -> str:
    return str(resources.files("boardcade").joinpath("web"))


def create_app(database_url: str, agent_budget: float = 5.0) -> FastAPI:
    """The server for one database. Unfinished matches are resumed when the app starts."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        storage = Storage(database_url)
        app.state.manager = MatchManager(storage, agent_budget=agent_budget)
        await app.state.manager.start()
        try:
            yield
        finally:
            await app.state.manager.stop()
            storage.close()

    app = FastAPI(title="boardcade", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_exception_handler(ClientError, client_error_response)
    app.include_router(router)

    @app.websocket("/ws/matches/{match_id}")
    async def ws_endpoint(ws: WebSocket, match_id: str) -> None:
        await match_socket(ws, match_id)

    static = web_dir()
    app.mount("/static", StaticFiles(directory=static), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(f"{static}/index.html", headers={"Cache-Control": "no-cache"})

    return app
