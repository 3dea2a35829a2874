"""Rated matches (SV-16..SV-19): who may play one, and the one place a rating changes.

A match is rated or casual, chosen at creation (`rated: true`): its creator and everyone who claims a seat of it
must be signed in, each account on one seat (SV-17), and its seats are linked to their accounts as they are
taken. A rated match allows no undo. When it ends by its game's rules or by resignation, an agreed draw or a
loss on time (status `finished`) it is settled once, here: in one transaction that first claims its
`rated_results` row (so two servers, or a retry, settle it once), the ratings of its accounts move (openskill
PlackettLuce, arena/ratings.py) and each move is kept in `rating_changes` for the profile's graph. An aborted
or expired match is never settled. A computer seat plays at its level's ladder rating (arena/ladder.py), which
people's results never move.

A rated match still ends unrated (SV-18, `rated_results.counted` 0 with the reason) when, at its end: a person's
seat is not held by an account (deleted since), one account holds two seats, some person made fewer than
MIN_DECISIONS decisions of their own (a match thrown at once), or the same two accounts already had PAIR_LIMIT
counted results together in the last PAIR_HOURS hours (two accounts feeding one another). docs/server.md,
"Ratings".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from sqlalchemy import Column, Float, Index, Integer, MetaData, String, Table, Text, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..arena.ladder import level_rating
from ..arena.ratings import Rating, game_key, rate, team_ranks
from ..core import game_class
from .account_tables import LINK_HOLDS_SEAT, account_seats
from .context import Context
from .errors import ClientError
from .live import LiveMatch
from .storage import match_seats, matches, now_iso

log = logging.getLogger("boardcade.server")
metadata = MetaData()
ratings = Table(
    "ratings",
    metadata,
    Column("account_id", String(40), primary_key=True),
    Column("game_key", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", String(40), nullable=False),
)
rating_changes = Table(
    "rating_changes",
    metadata,
    Column("match_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(40), nullable=False),
    Column("game_key", String(64), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", String(40), nullable=False),
    Index("ix_rating_changes_account_at", "account_id", "at"),
)
rated_results = Table(
    "rated_results",
    metadata,
    Column("match_id", String(40), primary_key=True),
    Column("game_key", String(64), nullable=False),
    Column("counted", Integer, nullable=False),
    Column("reason", Text, nullable=True),
    Column("settled_at", String(40), nullable=False),
)

MIN_DECISIONS = 2  # each person's own decisions before a rated result counts (SV-18)
PAIR_LIMIT = 3  # counted results between the same two accounts ...
PAIR_HOURS = 24  # ... within this many hours; later ones are settled unrated (SV-18)
CATCH_UP = 500  # finished rated matches left unsettled, settled on a server's start


def match_key(match: LiveMatch) -> str:
    counts = [game_class(match.game.name)(**opts).num_players for _, opts in game_class(match.game.name).VARIANTS]
    return game_key(match.game.name, match.game.num_players, counts)


def check_rated_seats(game_name: str, num_players: int, seats: list[dict[str, Any]]) -> str:
    """A new rated match's game key; ClientError `not_rated` if a computer seat has no ladder rating."""
    cls = game_class(game_name)
    key = game_key(game_name, num_players, [cls(**opts).num_players for _, opts in cls.VARIANTS])
    for s in seats:
        if s.get("kind") == "agent" and level_rating(key, str(s.get("agent"))) is None:
            raise ClientError(
                "not_rated",
                f"the computer player {s.get('agent')!r} has no rating for {key} yet, so this match cannot be "
                "rated; play it casual, or choose a level the ladder has rated",
            )
    return key


@dataclass(frozen=True)
class Finished:
    """What settling a match needs, taken from the live match when it ended."""

    match_id: str
    key: str
    teams: tuple[tuple[int, ...], ...]
    seats: tuple[dict[str, Any], ...]
    result: tuple[float, ...]
    decisions: tuple[int, ...]
    names: tuple[str, ...]

    @classmethod
    def of(cls, match: LiveMatch) -> Finished:
        n = match.game.num_players
        # An ending outside the rules sets match.result; a game that ended by its rules has its returns.
        result = match.result if match.result is not None else list(match.state.returns())
        return cls(
            match.id,
            match_key(match),
            tuple(tuple(t) for t in match.game.teams()),
            tuple(match.seats),
            tuple(float(x) for x in result),
            tuple(sum(1 for m in match.movers if m == p) for p in range(n)),
            tuple(match.game.player_name(p) for p in range(n)),
        )


def holders(conn: Any, match_id: str) -> dict[int, list[str]]:
    """The accounts holding each seat now (a link counts while its token still holds the seat)."""
    query = (
        select(account_seats.c.seat, account_seats.c.account_id)
        .join(match_seats, LINK_HOLDS_SEAT)
        .where(account_seats.c.match_id == match_id)
    )
    out: dict[int, list[str]] = {}
    for row in conn.execute(query):
        out.setdefault(row.seat, []).append(row.account_id)
    return out


def pair_count(conn: Any, a: str, b: str, since: str) -> int:
    one, two = rating_changes.alias("one"), rating_changes.alias("two")
    query = (
        select(func.count(func.distinct(one.c.match_id)))
        .select_from(one.join(two, one.c.match_id == two.c.match_id))
        .where(one.c.account_id == a, two.c.account_id == b, one.c.at >= since)
    )
    return int(conn.execute(query).scalar() or 0)


def unrated_reason(conn: Any, f: Finished, held: dict[int, list[str]]) -> str | None:
    people = [p for p, s in enumerate(f.seats) if s.get("kind") == "human"]
    for p in people:
        if not held.get(p):
            return f"seat {p + 1} ({f.names[p]}) is not held by a signed-in account"
    accounts = [held[p][0] for p in people]
    if len(set(accounts)) < len(accounts):
        return "one account holds two seats"
    if any(f.decisions[p] < MIN_DECISIONS for p in people):
        return f"the match ended before every person made {MIN_DECISIONS} decisions of their own"
    for s in f.seats:
        if s.get("kind") == "agent" and level_rating(f.key, str(s.get("agent"))) is None:
            return f"the computer player {s.get('agent')} has no rating for {f.key}"
    since = now_iso(-PAIR_HOURS * 3600)
    for a, b in combinations(sorted(set(accounts)), 2):
        if pair_count(conn, a, b, since) >= PAIR_LIMIT:
            return f"these two accounts already had {PAIR_LIMIT} rated results together in {PAIR_HOURS} hours"
    return None


def settle(engine: Any, f: Finished) -> bool:
    """Settle a finished rated match once (False if it already was). Its ratings move, or it is recorded
    unrated with its reason."""
    stamp = now_iso()
    try:
        with engine.begin() as conn:
            if conn.execute(select(rated_results.c.match_id).where(rated_results.c.match_id == f.match_id)).first():
                return False
            held = holders(conn, f.match_id)
            reason = unrated_reason(conn, f, held)
            row = {"match_id": f.match_id, "game_key": f.key, "settled_at": stamp}
            conn.execute(insert(rated_results).values(**row, counted=0 if reason else 1, reason=reason))
            if reason is None:
                _move(conn, f, held, stamp)
    except IntegrityError:  # another server settled it at the same moment
        return False
    return True


def _move(conn: Any, f: Finished, held: dict[int, list[str]], stamp: str) -> None:
    owner = {p: held[p][0] for p, s in enumerate(f.seats) if s.get("kind") == "human"}
    mine = {
        r.account_id: r
        for r in conn.execute(
            select(ratings).where(ratings.c.account_id.in_(list(owner.values())), ratings.c.game_key == f.key)
        )
    }
    before: dict[int, Rating] = {}
    for p, s in enumerate(f.seats):
        if p in owner:
            r = mine.get(owner[p])
            before[p] = Rating() if r is None else Rating(r.mu, r.sigma)
        else:
            before[p] = level_rating(f.key, str(s.get("agent"))) or Rating()
    after_teams = rate([[before[p] for p in team] for team in f.teams], team_ranks(f.teams, f.result))
    after = {p: r for team, rs in zip(f.teams, after_teams, strict=False) for p, r in zip(team, rs, strict=False)}
    for p, account in owner.items():
        new, old = after[p], before[p]
        values = {"mu": new.mu, "sigma": new.sigma, "updated_at": stamp}
        if account in mine:
            conn.execute(
                update(ratings)
                .where(ratings.c.account_id == account, ratings.c.game_key == f.key)
                .values(**values, games=ratings.c.games + 1)
            )
        else:
            conn.execute(insert(ratings).values(account_id=account, game_key=f.key, games=1, **values))
        conn.execute(
            insert(rating_changes).values(
                match_id=f.match_id,
                seat=p,
                account_id=account,
                game_key=f.key,
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                at=stamp,
            )  # fmt: skip
        )


def unsettled(engine: Any, limit: int = CATCH_UP) -> list[str]:
    """Finished rated matches with no rated_results row (a server stopped between the end and settling)."""
    query = (
        select(matches.c.id)
        .outerjoin(rated_results, rated_results.c.match_id == matches.c.id)
        .where(matches.c.rated == 1, matches.c.status == "finished", rated_results.c.match_id.is_(None))
        .limit(limit)
    )
    with engine.connect() as conn:
        return list(conn.execute(query).scalars())


class Ratings:
    """Settles a rated match when it ends here (`ended`, hearing ctx.listeners.ended_here, told by commits.py and
    endings.py; wired in manager.py), and on start the finished rated matches left unsettled (catch_up)."""

    def __init__(self, ctx: Context):
        self.ctx = ctx

    async def catch_up(self, registry: Any) -> int:
        """Settle what a stopped server left unsettled (at most CATCH_UP matches a start). Returns how many."""
        done = 0
        for match_id in await self.ctx.read(unsettled, self.ctx.storage.engine):
            match = await registry.get(match_id)
            if match.rated and match.status == "finished":
                done += await self.ctx.read(settle, self.ctx.storage.engine, Finished.of(match))
            registry.release(match)
        return done

    def ended(self, match: LiveMatch) -> None:
        if not match.rated or match.status != "finished":
            return
        finished = Finished.of(match)
        self.ctx.spawn(self.ctx.read(settle, self.ctx.storage.engine, finished))
