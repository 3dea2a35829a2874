"""The optional compiled build, shared by setup.py (wheels) and scripts/build_compiled.py (a compiled copy of the
source tree for tests and benchmarks).

The modules to compile are listed once, in src/boardcade/compiled.py (MODULES), read here without importing the
package. Cython 3 compiles each `.py` file as it is (pure-Python mode), typed by the `.pxd` file beside it where
there is one. Annotations are not used for typing (`annotation_typing=False`): in a compiled module an `int`
annotation would become a run-time type check on public functions, and the contract's own errors (e.g.
IllegalActionError for a bad action, numpy integers accepted) must stay the same in both modes.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
ENV = "BOARDCADE_COMPILE"


def wanted() -> bool:
    """True when the environment asks for the compiled build (BOARDCADE_COMPILE=1)."""
    return os.environ.get(ENV, "").strip().lower() not in ("", "0", "no", "false", "off")


def module_names(src: Path = ROOT / "src") -> tuple[str, ...]:
    """MODULES from src/boardcade/compiled.py, read as data."""
    tree = ast.parse((src / "boardcade" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "MODULES" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise RuntimeError("src/boardcade/compiled.py defines no MODULES tuple")


def extensions(src: Path = ROOT / "src", *, threads: int = 0) -> list:
    """The Cython extension modules for the source tree `src` (its `.py` paths relative to the current folder
    when `src` is relative, as setuptools wants them)."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        raise SystemExit(
            f"{ENV}=1 asks for the compiled build, which needs Cython 3 (pip install 'cython>=3.0') and a C "
            f"compiler; unset {ENV} for the pure-Python build"
        ) from None
    paths = [str(src / (name.replace(".", "/") + ".py")) for name in module_names(src)]
    # The generated C files go to build/cython (beside `src`), never into the source folder.
    build_dir = str(src.parent / "build" / "cython")
    return cythonize(paths, compiler_directives=DIRECTIVES, nthreads=threads, quiet=True, build_dir=build_dir)
