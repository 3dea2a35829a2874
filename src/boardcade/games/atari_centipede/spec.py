"""Atari's Centipede's parts, for the registry (see boardcade.core.spec)."""

from ...core.spec import GameSpec, OptionWords, SearchHints

SPEC = GameSpec(
    name="atari_centipede",
    title="Atari's Centipede",
    pitch="One side is the Gnome with six dice of fire, the other plays the cards of the centipede swarm.",
    game="boardcade.games.atari_centipede.game:AtariCentipedeGame",
    rules_doc="rules/atari-centipede.md",
    web_module="web.js",
    heuristic="boardcade.games.atari_centipede.heuristic:evaluate",
    renderer="boardcade.games.atari_centipede.render:render",
    raster="boardcade.games.atari_centipede.raster:draw",
    tensors="boardcade.games.atari_centipede.tensors",
    scenario="boardcade.games.atari_centipede.scenario:build",
    rule_prefix="AC",
    # Rules version 2 offered bugs that cannot move a move (AC-6.1): its matches replay with that reading.
    # Version 1 (the 10-row board) is gone: its matches open as finished records.
    legacy_rules={2: {"offer_stuck_bugs": True}},
    search=SearchHints(
        iteration_scale=0.5,
        chance_view="boardcade.games.atari_centipede.search:chance_view",
        why=(
            "card draws are seen by their owner only; dice make a pool, so search keys them by the pool; an iteration "
            "costs about 2.3 ms of CPU (a whole turn of one-ply priors from the threat map): levels search half as much"
        ),
    ),
    # The rule options in a player's words (the new-match form); the options' docs keep the rule references.
    option_words={
        "players": OptionWords(
            "Players",
            "Two: a Gnome against a Centipede. Four: two teams, each a Gnome and a Centipede.",
            {2: "2 players", 4: "4 players (two teams)"},
        ),
        "setup": OptionWords(
            "Mushrooms at the start",
            "Who places the mushrooms before the first round.",
            {"players": "the players place them", "random": "placed at random"},
        ),
        "field_rows": OptionWords(
            "Rows of the field", "Rows between the two Gnome rows: fewer rows make a shorter, closer game."
        ),
        "max_rounds": OptionWords("Rounds at most", "After this many full rounds the game ends in a draw."),
        "offer_stuck_bugs": OptionWords(
            "Offer bugs that cannot move",
            "List a boxed-in spider or a flea on its last row among the bugs to move (choosing it lets it stay).",
        ),
    },
)
