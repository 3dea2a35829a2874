"""Tournaments between agents (locally in processes or on a Ray cluster), ratings and balance reports."""

from .backends import run_local, run_ray, run_specs
from .match import MatchSpec, play_match
from .run import Run, default_folder, load_results
from .schedule import round_robin, seatings, sides
from .seeds import derive_seed
from .stats import bradley_terry, wilson
from .summary import summarise

__all__ = [
    "MatchSpec",
    "Run",
    "bradley_terry",
    "default_folder",
    "derive_seed",
    "load_results",
    "play_match",
    "round_robin",
    "run_local",
    "run_ray",
    "run_specs",
    "seatings",
    "sides",
    "summarise",
    "wilson",
]
