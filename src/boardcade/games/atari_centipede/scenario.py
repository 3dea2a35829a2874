"""Atari's Centipede positions from a readable description, for tests (`boardcade.testing.scenario`).

    scenario("atari_centipede", gnome=(0, 4), centipedes=[{"segments": [(10, 3), (10, 4)], "facing": "left"}],
             mushrooms=[(5, 4)], spiders=[(6, 0)], hand=("Berserk!",), to_move=1)

The match is set up through the contract (mushrooms seeded, the Gnome placed, dice rolled, hands dealt as
described, the centipede entered), then the field is laid out exactly as described (mushrooms, centipedes,
fleas and spiders; nothing else stays), and the turn of `to_move` begins the way a turn begins in play (a
Gnome with one die or none left rerolls, AC-4.1; a bug already in front of a Gnome eats it, AC-10.1 — the
returned state may then be over). Squares are (row, col); rows 0 and the last row are the Gnome rows, the
field rows lie between them. Card names are those of `board.CENT_CARD_NAMES` and `board.CARD_NAMES`.

Every key, its meaning and its default:
- `gnome`: 2 players: the Gnome's square on row 0 or the last row (default (0, 4)).
- `gnomes`: 4 players: (team A's square, team B's square), at opposite ends (default (0, 4) and (last, 4)).
- `first`: 4 players: the team ("A" or "B") that takes the first turn; the other won the dice-off (default "B").
- `spawn`: the spawn column (0 or 8) the setup centipede entered from (default 8); it matters only when
  `centipedes` is not given.
- `centipedes`: list of {"segments": [(row, col), ...] head first, orthogonally adjacent; "facing": "left" or
  "right" (the head's direction; body segments take the same facing); "colour": "red" or "blue" (default
  red)}. Default: each colour's 6 segments as the setup entered them on an empty field. A colour with no
  segment on the board is refused (it would have lost).
- `mushrooms`: squares of the field holding a mushroom (default none); the supply holds the rest of the 30.
- `fleas`, `spiders`: squares (red bugs), or {"square": (row, col), "colour": "red" or "blue"} (default none).
  At most 3 of each.
- `dice`: the faces (1-6, AC-4.3 order) in the Dice Pool, at most 6 (default (1, 2, 3, 4, 5, 6)).
- `used_cards`: the Gnome Control cards lying face down: names (2 players), or {"A": names, "B": names}.
- `hand`, `discard`, `deck`: card names in the Centipede's hand (default ("Spawn Spider", "Spawn Flea",
  "Mushroom")), face-up discard pile (default none) and deck (default: every card not placed elsewhere). In 4
  players give dicts by colour: {"red": ..., "blue": ...}. When `deck` is given, `discard` defaults to every
  card not placed elsewhere instead; hand + deck + discard + tucked must make the 11 cards, card by card.
- `tucked`: Spawn Centipede cards tucked under the board (+1 speed each; default 0; 4 players: dict by colour).
- `to_move`: the seat whose turn begins: 2 players 0 (Gnome) or 1 (Centipede); 4 players 0-3 (default: the
  first Gnome to play).
- `round`: the round number (default 1).
"""

from __future__ import annotations

from typing import Any

from . import board as B
from .game import AtariCentipedeGame, AtariCentipedeState
from .pieces import GameOver
from .state import Phase
from .turn import begin_turn, has_card, result_for

_KEYS = {
    "gnome",
    "gnomes",
    "first",
    "spawn",
    "centipedes",
    "mushrooms",
    "fleas",
    "spiders",
    "dice",
    "used_cards",
    "hand",
    "discard",
    "deck",
    "tucked",
    "to_move",
    "round",
}
_DEFAULT_HAND = ("Spawn Spider", "Spawn Flea", "Mushroom")


def _square(lay: B.Layout, value: Any, what: str, field: bool = True) -> int:
    try:
        r, c = value
        r, c = int(r), int(c)
    except (TypeError, ValueError):
        raise ValueError(f"{what}: a square is (row, col), got {value!r}") from None
    if field and not lay.in_field(r, c):
        raise ValueError(f"{what}: {value!r} is not a field square (rows 1-{lay.last - 1}, columns 0-8)")
    if not field and not (0 <= r <= lay.last and 0 <= c < B.COLS):
        raise ValueError(f"{what}: {value!r} is off the board")
    return r * B.COLS + c


def _colour(value: Any, lay: B.Layout, what: str) -> int:
    names = B.COLOUR_NAMES[: lay.colours]
    if value not in names:
        raise ValueError(f"{what}: colour {value!r} is not one of {', '.join(names)}")
    return names.index(value)


def _per_colour(lay: B.Layout, value: Any, key: str, default: Any) -> list[Any]:
    """A 2-player value, or (4 players) a dict by colour name; missing colours get `default`."""
    if lay.colours == 1:
        if isinstance(value, dict):
            raise ValueError(f"{key}: give it directly in a 2-player game, not by colour")
        return [default if value is None else value]
    if value is None:
        return [default] * lay.colours
    if not isinstance(value, dict) or not set(value) <= set(B.COLOUR_NAMES):
        raise ValueError(f"{key}: in a 4-player game give a dict by colour, e.g. {{'red': ..., 'blue': ...}}")
    return [value.get(name, default) for name in B.COLOUR_NAMES]


_Split = tuple[list[int], list[int], list[int], int]  # a colour's (hand, deck, discard, tucked)


def _cards(names: Any, key: str) -> list[int]:
    if isinstance(names, str):
        names = (names,)
    counts = [0] * 5
    for name in names:
        if name not in B.CENT_CARD_NAMES:
            raise ValueError(f"{key}: unknown card {name!r}; cards: {', '.join(B.CENT_CARD_NAMES)}")
        counts[B.CENT_CARD_NAMES.index(name)] += 1
    return counts


def _card_split(lay: B.Layout, hand: Any, discard: Any, deck: Any, tucked: Any) -> list[_Split]:
    """Per colour: (hand, deck, discard, tucked) card counts, checked against the 11-card deck (AC-6.2)."""
    out = []
    hands = _per_colour(lay, hand, "hand", _DEFAULT_HAND)
    discards = _per_colour(lay, discard, "discard", None)
    decks = _per_colour(lay, deck, "deck", None)
    tucks = _per_colour(lay, tucked, "tucked", 0)
    for c in range(lay.colours):
        h = _cards(hands[c], "hand")
        t = tucks[c]
        if not isinstance(t, int) or not 0 <= t <= B.DECK[B.SPAWN_CENT]:
            raise ValueError(f"tucked: between 0 and {B.DECK[B.SPAWN_CENT]} Spawn Centipede cards, got {t!r}")
        placed = [h[k] + (t if k == B.SPAWN_CENT else 0) for k in range(5)]
        if decks[c] is not None:
            d = _cards(decks[c], "deck")
            if discards[c] is not None:
                x = _cards(discards[c], "discard")
            else:
                x = [B.DECK[k] - placed[k] - d[k] for k in range(5)]
        else:
            x = _cards(discards[c] or (), "discard")
            d = [B.DECK[k] - placed[k] - x[k] for k in range(5)]
        for k in range(5):
            if min(d[k], x[k]) < 0 or placed[k] + d[k] + x[k] != B.DECK[k]:
                seen = placed[k] + max(d[k], 0) + max(x[k], 0)
                raise ValueError(
                    f"{B.COLOUR_NAMES[c]} cards: {B.CENT_CARD_NAMES[k]} appears {seen} times in hand, deck, discard"
                    f" and tucked; a deck has {B.DECK[k]}"
                )
        out.append((h, d, x, t))
    return out


def build(game: AtariCentipedeGame, **description: Any) -> AtariCentipedeState:
    unknown = sorted(set(description) - _KEYS)
    if unknown:
        raise ValueError(f"unknown scenario keys: {', '.join(unknown)}; keys: {', '.join(sorted(_KEYS))}")
    lay: B.Layout = game.layout
    state = game.new_initial_state()
    d = description
    if lay.team_game:
        if "gnome" in d:
            raise ValueError("gnome: a 4-player game has two Gnomes: give gnomes=(team A's square, team B's square)")
        squares = d.get("gnomes", ((0, 4), (lay.last, 4)))
        if len(squares) != 2:
            raise ValueError("gnomes: give one square for team A's Gnome and one for team B's")
    else:
        if "gnomes" in d or "first" in d:
            raise ValueError("gnomes and first describe the 4-player game; give gnome=(row, col)")
        squares = (d.get("gnome", (0, 4)),)
    gnomes = [_square(lay, sq, "gnome", field=False) for sq in squares]
    rows = [g // B.COLS for g in gnomes]
    if any(r not in (0, lay.last) for r in rows):
        raise ValueError(f"gnome: a Gnome stands on row 0 or row {lay.last} (its Gnome Movement Area)")
    if len(set(rows)) != len(rows):
        raise ValueError("gnomes: the two Gnomes stand at opposite ends")
    first = d.get("first", "B")
    if first not in B.TEAM_NAMES:
        raise ValueError(f"first: 'A' or 'B', got {first!r}")
    spawn = d.get("spawn", B.COLS - 1)
    if spawn not in (0, B.COLS - 1):
        raise ValueError(f"spawn: column 0 or {B.COLS - 1}, got {spawn!r}")
    dice = tuple(d.get("dice", (1, 2, 3, 4, 5, 6)))
    if len(dice) > B.NUM_DICE or any(f not in range(1, 7) for f in dice):
        raise ValueError(f"dice: at most 6 faces, each 1-6, got {dice!r}")
    cards = _card_split(lay, d.get("hand"), d.get("discard"), d.get("deck"), d.get("tucked"))

    # 1. Setup through the contract: seeding, Gnomes, dice, hands, the entering centipede.
    acts = state._T.acts
    while state._phase == Phase.SEED or state._phase == Phase.SEED_CHANCE:  # (option setup="random": chance seeds)
        state.apply_action(state.legal_actions()[0])
    if state._phase == Phase.DICEOFF:
        state.apply_action(0 * 6 + 5 if first == "A" else 5 * 6 + 0)  # the low roller starts
    while state._phase == Phase.GPLACE:
        state.apply_action(acts.place_gnome[gnomes[state._placing]])
    while state._phase == Phase.ROLL:
        state.apply_action(0)
    for c in range(lay.colours):
        hand, deck, discard, tucked = cards[c]
        state._deck[c] = [deck[k] + hand[k] for k in range(5)]
        state._discard[c] = list(discard)
        state._tucked[c] = tucked
        state._draws_left = max(1, sum(hand))
        for k in range(5):
            for _ in range(hand[k]):
                state.apply_action(k)
        if not sum(hand):  # an empty hand: the deal is skipped
            state._c = c
            state._enter(Phase.SPAWN)
        assert state._phase == Phase.SPAWN, "the deal did not end"
        state._board = [B.EMPTY] * lay.nsq  # the setup centipede enters an empty field (the field is laid out below)
        state._bcol = [-1] * lay.nsq
        state.apply_action(acts.spawn_centipede[0 if spawn == 0 else 1])

    # 2. The field as described.
    mushrooms = [_square(lay, s, "mushrooms") for s in d.get("mushrooms", ())]
    if len(mushrooms) > B.MUSHROOMS:
        raise ValueError(f"mushrooms: there are only {B.MUSHROOMS}")
    used: dict[int, str] = {}

    def take(square: int, what: str) -> None:
        if square in used:
            raise ValueError(f"{what}: {B.square_name(square)} already holds a {used[square]}")
        used[square] = what

    board = [B.EMPTY] * lay.nsq
    bcol = [-1] * lay.nsq
    for s in mushrooms:
        take(s, "mushroom")
        board[s] = B.MUSH
    if "centipedes" in d:
        cents = []
        for i, desc in enumerate(d["centipedes"]):
            what = f"centipedes[{i}]"
            if not isinstance(desc, dict) or not desc.get("segments"):
                raise ValueError(f"{what}: give {{'segments': [(row, col), ...], 'facing': 'left' or 'right'}}")
            extra = set(desc) - {"segments", "facing", "colour"}
            if extra:
                raise ValueError(f"{what}: unknown keys {', '.join(sorted(extra))}")
            facing = desc.get("facing")
            if facing not in ("left", "right"):
                raise ValueError(f"{what}: facing must be 'left' or 'right', got {facing!r}")
            colour = _colour(desc.get("colour", "red"), lay, what)
            segs = [_square(lay, s, what) for s in desc["segments"]]
            for a, b in zip(segs, segs[1:], strict=False):
                (ra, ca), (rb, cb) = B.coords(a), B.coords(b)
                if abs(ra - rb) + abs(ca - cb) != 1:
                    raise ValueError(f"{what}: {B.square_name(a)} and {B.square_name(b)} are not side by side")
            f = 1 if facing == "right" else -1
            cents.append(B.Centipede(colour, segs, [f] * len(segs), False))
    else:
        cents = [B.Centipede(c.colour, c.squares.copy(), c.facings.copy(), False) for c in state._cents]
    segs_of = [0] * lay.colours
    for cent in cents:
        for s in cent.squares:
            take(s, "centipede segment")
            board[s] = B.SEG
            bcol[s] = cent.colour
        segs_of[cent.colour] += len(cent.squares)
    for c in range(lay.colours):
        if segs_of[c] > B.SEGMENTS:
            raise ValueError(f"centipedes: {B.COLOUR_NAMES[c]} has {segs_of[c]} segments; a colour has {B.SEGMENTS}")
        if segs_of[c] == 0:
            raise ValueError(f"centipedes: {B.COLOUR_NAMES[c]} has no segment on the board (it would have lost)")
    bugs = {}
    for key, cell, most in (("fleas", B.FLEA, B.FLEAS), ("spiders", B.SPIDER, B.SPIDERS)):
        items = []
        for i, desc in enumerate(d.get(key, ())):
            what = f"{key}[{i}]"
            if isinstance(desc, dict):
                extra = set(desc) - {"square", "colour"}
                if extra or "square" not in desc:
                    raise ValueError(f"{what}: give a square, or {{'square': (row, col), 'colour': 'red' or 'blue'}}")
                s = _square(lay, desc["square"], what)
                colour = _colour(desc.get("colour", "red"), lay, what)
            else:
                s, colour = _square(lay, desc, what), 0
            take(s, key[:-1])
            board[s] = cell
            bcol[s] = colour
            items.append(B.Bug(s, colour, False))
        if len(items) > most:
            raise ValueError(f"{key}: there are only {most}")
        bugs[key] = items
    state._board = board
    state._bcol = bcol
    state._cents = cents
    state._segs = segs_of
    state._supply = B.MUSHROOMS - len(mushrooms)
    state._fleas = bugs["fleas"]
    state._spiders = bugs["spiders"]
    state._flea_supply = B.FLEAS - len(bugs["fleas"])
    state._spider_supply = B.SPIDERS - len(bugs["spiders"])

    # 3. Dice, Gnome Control cards, the round and whose turn it is.
    pool = [0] * 6
    for f in dice:
        pool[f - 1] += 1
    state._pool = pool
    used_cards = d.get("used_cards", ())
    if lay.team_game:
        if not isinstance(used_cards, dict) and used_cards:
            raise ValueError("used_cards: in a 4-player game give a dict by team, e.g. {'A': ['Trigger Finger']}")
        per_gnome = [(used_cards or {}).get(t, ()) for t in B.TEAM_NAMES]
    elif isinstance(used_cards, dict):
        raise ValueError("used_cards: give the card names directly in a 2-player game")
    else:
        per_gnome = [used_cards]
    for g, names in enumerate(per_gnome):
        for name in (names,) if isinstance(names, str) else names:
            if name not in B.CARD_NAMES or not has_card(state, B.CARD_NAMES.index(name)):
                allowed = [n for k, n in enumerate(B.CARD_NAMES) if has_card(state, k)]
                raise ValueError(f"used_cards: {name!r} is not one of {', '.join(allowed)}")
            state._cards[g][B.CARD_NAMES.index(name)] = False
    rnd = d.get("round", 1)
    if not isinstance(rnd, int) or not 1 <= rnd <= game.options["max_rounds"]:
        raise ValueError(f"round: 1 to max_rounds ({game.options['max_rounds']}), got {rnd!r}")
    state._round = rnd
    seats = [p for p, _, _ in state._order]
    to_move = d.get("to_move", seats[0])
    if to_move not in seats:
        raise ValueError(f"to_move: a seat 0-{lay.players - 1}, got {to_move!r}")
    state._turn_i = seats.index(to_move)
    state._moving = -1
    state._bonus = False
    state._legal_cache = None
    try:
        begin_turn(state)
    except GameOver as end:
        state._enter(Phase.OVER)
        state._finish(result_for(state, end.team), end.rule, end.text)
    state._legal_cache = None
    return state
