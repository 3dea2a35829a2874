"""The Typer application that every `boardcade` sub-command module attaches to."""

import typer

app = typer.Typer(
    name="boardcade",
    help="Atari's Centipede, Milton Bradley Centipede and Q*bert: play, simulate, replay and study.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
