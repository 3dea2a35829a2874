"""Everything is declared in pyproject.toml; this file adds the optional compiled build (build_support/)."""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "build_support"))
from extensions import extensions, wanted  # noqa: E402

setup(ext_modules=extensions(Path("src")) if wanted() else [])
