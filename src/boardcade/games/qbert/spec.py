"""Q*bert's parts, for the registry (see boardcade.core.spec)."""

from ...core.spec import GameSpec, OptionWords, SearchHints

SPEC = GameSpec(
    name="qbert",
    title="Q*bert",
    pitch="Hop the pyramid for pegs while your friend's nasties hunt you, your roll hidden in the tube.",
    game="boardcade.games.qbert.game:QbertGame",
    rules_doc="rules/qbert.md",
    web_module="web.js",
    heuristic="boardcade.games.qbert.heuristic:evaluate",
    renderer="boardcade.games.qbert.render:render",
    raster="boardcade.games.qbert.raster:draw",
    tensors="boardcade.games.qbert.tensors",
    scenario="boardcade.games.qbert.scenario:build",
    rule_prefix="QB",
    # Rules version 2 knocked the threatening nasty off at every disc ride (QB-5.8): its matches replay with that
    # reading. Version 1 (the tube lifted at a threat) is gone: its matches open as finished records.
    legacy_rules={2: {"disc_ride_falls": "always"}},
    search=SearchHints(
        iteration_scale=4,
        chance_view="boardcade.games.qbert.search:chance_view",
        why=(
            "the d8 in the tube is seen by Q*bert's player only; an iteration costs about 0.3 ms of CPU, so levels "
            "search four times as much"
        ),
    ),
    draws=lambda options: not options["tiebreak"],  # QB-6.6: with tiebreak off a tie is a draw
    # The rule options in a player's words (the new-match form); the options' docs keep the rule references.
    option_words={
        "max_turns_per_round": OptionWords(
            "Q*bert turns in a round, at most", "A round ends after this many Q*bert turns, so none goes on forever."
        ),
        "tiebreak": OptionWords(
            "Break a tie",
            "A tied match goes on with a roll-off and two more rounds, as the rulebook says; off, a tie is a draw.",
        ),
        "tiebreak_max_pairs": OptionWords(
            "Extra games at most", "A match still tied after this many extra games is a draw."
        ),
        "disc_ride_falls": OptionWords(
            "A disc ride knocks the threatening nasty off",
            "When Q*bert escapes on a disc, whether the nasty that threatened him falls off the pyramid.",
            {"outside": "only if it threatened him on an outside space", "always": "every time"},
        ),
    },
    variant_words={"default": "Standard", "draw-on-tie": "A tie is a draw"},
)
