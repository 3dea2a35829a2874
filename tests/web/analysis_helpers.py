"""A browser-test server whose analyses use a cheap computer player, and finished matches played by it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

from .conftest import Server

ANALYSIS_AGENT = "medium:iterations=20"
SCRIPT = (
    "import random, sys, types, uvicorn\n"
    "from boardcade.server import create_app, drivers, manager\n"
    "from boardcade.server.settings import Settings\n"
    "seeded = random.Random(int(sys.argv[3]))\n"
    "manager.secrets = drivers.secrets = types.SimpleNamespace(randbits=seeded.getrandbits)\n"
    "s = Settings(database_url=sys.argv[1], agent_budget=1.0, analysis_agent=sys.argv[4], analysis_workers=2)\n"
    "uvicorn.run(create_app(settings=s), host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')\n"
)
# Short matches between random players: options that end them soon (Atari's Centipede by its round cap).
SHORT = {
    "qbert": {"max_turns_per_round": 2},
    "mb_centipede": {"max_turns": 40},
    "atari_centipede": {"max_rounds": 5},
}


class AnalysisServer(Server):
    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SCRIPT, self.db_url, str(self.port), str(self.seed), ANALYSIS_AGENT]
        )
        self.wait_until_up()


def finished_match(server: Server, game: str) -> str:
    """A match between two random computer players, played to its end by the server; its id."""
    body = {"game": game, "options": SHORT[game], "seats": [{"kind": "agent", "agent": "random"}] * 2}
    req = urllib.request.Request(
        server.url + "/api/matches", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    match_id = json.loads(urllib.request.urlopen(req).read())["id"]
    for _ in range(600):
        info = json.loads(urllib.request.urlopen(f"{server.url}/api/matches/{match_id}").read())
        if info["status"] == "finished":
            return match_id
        time.sleep(0.1)
    raise AssertionError(f"the {game} match did not finish")
