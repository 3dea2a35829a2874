"""Centipede (Milton Bradley, 1983)."""
