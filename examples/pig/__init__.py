"""Pig, a fourth game added from outside the boardcade package (see docs/adding-a-game.md)."""
