"""setuptools' build backend, asking for Cython only when the compiled build is wanted (BOARDCADE_COMPILE=1):
a plain `pip install` needs neither Cython nor a C compiler."""

from __future__ import annotations

from extensions import wanted
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's other hooks, unchanged)

CYTHON = "cython>=3.0"


def get_requires_for_build_wheel(config_settings=None):
    requires = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, CYTHON] if wanted() else requires


def get_requires_for_build_editable(config_settings=None):
    requires = _setuptools.get_requires_for_build_editable(config_settings)
    return [*requires, CYTHON] if wanted() else requires
