"""Milton Bradley Centipede's parts, for the registry (see boardcade.core.spec)."""

from ...core.spec import GameSpec, OptionWords, SearchHints

SPEC = GameSpec(
    name="mb_centipede",
    title="Centipede (Milton Bradley)",
    pitch="Race your centipede through the mushroom patch to the enemy base while your gun picks theirs apart.",
    game="boardcade.games.mb_centipede.game:MBCentipedeGame",
    rules_doc="rules/mb-centipede.md",
    web_module="web.js",
    heuristic="boardcade.games.mb_centipede.heuristic:evaluate",
    renderer="boardcade.games.mb_centipede.render:render",
    raster="boardcade.games.mb_centipede.raster:draw",
    tensors="boardcade.games.mb_centipede.tensors",
    scenario="boardcade.games.mb_centipede.scenario:build",
    rule_prefix="MB",
    # Rules version 1 was played on the first reconstructed board, which is gone (issue 13): its matches open
    # as finished records with a note. Version 2 offered the shortcut over an opponent segment (MB-D20).
    legacy_rules={2: {"shortcut_under_opponent": True}},
    search=SearchHints(iteration_scale=2, why="an iteration costs about 0.6 ms of CPU, so levels search twice as much"),
    # The rule options in a player's words (the new-match form); the options' docs keep the rule references.
    option_words={
        "spinner_weights": OptionWords(
            "Spinner sectors",
            "How large each sector of the spinner is, in the order Gun, Centipede, Spider/Scorpion, Free choice.",
        ),
        "first_player": OptionWords("Who spins first", "The player who starts the game.", {0: "Green", 1: "Red"}),
        "max_turns": OptionWords("Spins at most", "After this many spins the game ends in a draw."),
        "layout": OptionWords(
            "Board", "“revised” is the board that comes with the game; or paste the text of your own board file."
        ),
        "shortcut_under_opponent": OptionWords(
            "Shortcut under an opponent",
            "Offer the shortcut when the poison mushroom ahead lies under an opponent's segment; "
            "off, the centipedes meet there.",
        ),
    },
    variant_words={"default": "Standard: Green spins first", "red_first": "Red spins first"},
)
