"""The FastAPI application: JSON API, WebSocket play and the static web front end."""

from __future__ import annotations

import asyncio
import gc
import logging
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect

from ..core import GameError, game_spec
from .account_routes import router as account_router
from .analysis import router as analysis_router
from .bus import make_bus
from .chat_routes import router as chat_router
from .email_routes import router as email_router
from .errors import ClientError, database_errors, unavailable
from .learn import router as learn_router
from .limits import OpenCounts
from .lobby_routes import lobby_socket
from .lobby_routes import router as lobby_router
from .manager import MatchManager
from .profiles import router as profiles_router
from .requests import AsciiJSONResponse, client_error_response, error_response
from .routes import router
from .security import Guard
from .settings import Settings
from .storage import Storage
from .ws import match_socket, stop_writers, watchdog


def web_dir() -> str:
    return str(resources.files("boardcade").joinpath("web"))


log = logging.getLogger("boardcade.server")
HTTP_CODES = {404: "not_found", 405: "bad_method", 413: "too_large"}


def validation_error_response(_request: Request, exc: RequestValidationError) -> JSONResponse:
    """A query parameter of the wrong type, in our error format (FastAPI's own would list the raw input)."""
    wrong = "; ".join(f"{'.'.join(map(str, e.get('loc', ())))}: {e.get('msg', 'invalid')}" for e in exc.errors())
    return error_response("bad_message", f"invalid request parameter ({wrong})")


def http_error_response(request: Request, exc: HTTPException) -> JSONResponse:
    """Unknown paths and methods, in our error format."""
    code = HTTP_CODES.get(exc.status_code, "bad_message")
    message = {
        "not_found": f"no such page: {request.url.path[:200]!r}",
        "bad_method": f"{request.method} is not allowed on {request.url.path[:200]!r}",
    }.get(code, str(exc.detail)[:200])
    return error_response(code, message, exc.status_code if exc.status_code >= 400 else None)


def client_gone_response(_request: Request, _exc: ClientDisconnect) -> Response:
    """The client hung up while sending its request: nobody to answer, nothing to log."""
    return Response(status_code=400)


def database_down_response(_request: Request, exc: Exception) -> JSONResponse:
    """The database did not answer: 503 `unavailable` with one log line, never a traceback."""
    log.warning("the database did not answer (%s: %s)", type(exc).__name__, str(exc).splitlines()[0][:200])
    error = unavailable()
    return error_response(error.code, error.message)


def server_error_response(_request: Request, exc: Exception) -> JSONResponse:
    """A defect: logged with its traceback on the server, while the client only gets a code and a sentence."""
    log.error("unhandled error", exc_info=exc)
    return error_response("server_error", "the server could not handle this request (the error is logged)")


def create_app(database_url: str = "", agent_budget: float | None = None, settings: Settings | None = None) -> FastAPI:
    """The server for one database (`database_url`, or settings.database_url). Matches are loaded when first
    asked for; computer seats left waiting by an earlier run are picked up when the app starts."""
    settings = settings or Settings()
    if database_url:
        settings.database_url = database_url
    if agent_budget is not None:
        settings.agent_budget = agent_budget

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        storage = Storage(settings.database_url)
        app.state.manager = MatchManager(storage, settings, make_bus(storage.is_postgres, settings.database_url))
        app.state.ws_counts = OpenCounts(settings.max_connections_per_ip)
        await app.state.manager.start()
        dog = asyncio.get_running_loop().create_task(watchdog())
        try:
            yield
        finally:
            dog.cancel()
            if getattr(app.state, "analyses", None) is not None:
                await app.state.analyses.stop()
            if getattr(app.state, "accounts", None) is not None:
                app.state.accounts.close()
                app.state.accounts = None
            app.state.email = None
            await app.state.manager.stop()
            await stop_writers()
            storage.close()

    app = FastAPI(
        title="boardcade",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        default_response_class=AsciiJSONResponse,
        redirect_slashes=False,  # "/api/matches/" is not found (in our error format), not a bare redirect
    )
    app.state.settings = settings
    app.add_exception_handler(ClientError, client_error_response)
    app.add_exception_handler(RequestValidationError, validation_error_response)
    app.add_exception_handler(HTTPException, http_error_response)
    app.add_exception_handler(ClientDisconnect, client_gone_response)
    for kind in database_errors():
        app.add_exception_handler(kind, database_down_response)
    app.add_exception_handler(Exception, server_error_response)
    app.include_router(router)
    app.include_router(learn_router)
    app.include_router(analysis_router)
    app.include_router(account_router)
    app.include_router(profiles_router)
    app.include_router(lobby_router)
    app.include_router(email_router)
    app.include_router(chat_router)
    app.add_middleware(Guard, settings=settings)

    @app.websocket("/ws/matches/{match_id}")
    async def ws_endpoint(ws: WebSocket, match_id: str) -> None:
        await match_socket(ws, match_id)

    @app.websocket("/ws/lobby")
    async def lobby_endpoint(ws: WebSocket) -> None:
        await lobby_socket(ws)

    static = web_dir()

    @app.get("/static/games/{game}.js", include_in_schema=False)
    async def game_module(game: str) -> Response:
        """A game's board-drawing module, shipped in its own folder (GameSpec.web_module)."""
        try:
            source = game_spec(game).web_text()
        except GameError:
            source = None
        if source is None:
            return error_response("not_found", f"no board module for game {game[:40]!r}", 404)
        return Response(source, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=static), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(f"{static}/index.html", headers={"Cache-Control": "no-cache"})

    return app


def app_from_env() -> FastAPI:
    """The app of a `boardcade serve` process (one per worker): its settings come from the environment.
    The process serves and nothing else, so its garbage collector is tuned for it: every move allocates
    thousands of short-lived objects (views), and collecting young objects less often saved about a fifth of
    the CPU per move in benchmarks/server_load.py; what was loaded at start is never scanned again."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    return create_app(settings=Settings.from_env())
