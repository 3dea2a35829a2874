"""Atari's Centipede (IDW Games, 2017) for 2 or 4 players."""
