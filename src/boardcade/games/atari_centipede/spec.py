"""Atari's Centipede's parts, for the registry (see boardcade.core.spec)."""

from ...core.spec import GameSpec, SearchHints

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
        rollout_depth=0,
        why=(
            "field_rows=18, 10 games per seat against `greedy`, 150 iterations: scoring the leaf with the threat-map "
            "evaluation alone won 6/10 as the Gnome (40 random actions first: 0/10) and lost 3/10 as the Centipede "
            "(random rollouts: 0/10); random rollouts play a hopeless Gnome, which blinds the Gnome's search"
        ),
    ),
)
