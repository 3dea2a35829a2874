"""Atari's Centipede's parts, for the registry (see boardcade.core.spec)."""

from ...core.spec import GameSpec

SPEC = GameSpec(
    name="atari_centipede",
    title="Atari's Centipede",
    pitch="One side is the Gnome with six dice of fire, the other plays the cards of the centipede swarm.",
    game="boardcade.games.atari_centipede.game:AtariCentipedeGame",
    rules_doc="rules/atari-centipede.md",
    web_module="web.js",
    heuristic="boardcade.games.atari_centipede.heuristic:evaluate",
    renderer="boardcade.games.atari_centipede.render:render",
    tensors="boardcade.games.atari_centipede.tensors",
    scenario="boardcade.games.atari_centipede.scenario:build",
    rule_prefix="AC",
)
