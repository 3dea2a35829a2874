"""The Typer application that every `boardcade` sub-command module attaches to."""

import typer

app = typer.Typer(
    name="boardcade",
    help="Atari's Centipede, Milton Bradley Centipede and Q*bert: play, simulate, replay and study.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__
        from ..compiled import describe

        typer.echo(f"boardcade {__version__} (engines: {describe()})")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_version,
        is_eager=True,
        help="Print the version and whether the engines run compiled or as pure Python, then exit.",
    ),
) -> None:
    """Atari's Centipede, Milton Bradley Centipede and Q*bert: play, simulate, replay and study."""
