"""Q*bert's phases of play: small integers, and the names observations show (one dialect for engines)."""

ROLLOFF, QROLL, QMOVE, CHAR, NROLL, NMOVE, ESCAPE, OVER = range(8)
PHASE_NAMES = ("roll-off", "qbert-roll", "qbert-move", "character-die", "nasty-die", "nasty-move", "escape", "over")
