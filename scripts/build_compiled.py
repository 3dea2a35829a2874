"""Build the compiled mode beside the source: a copy of src/ at build/compiled/src with the modules of
boardcade.compiled.MODULES compiled in place by Cython (what `BOARDCADE_COMPILE=1 pip install .` builds into a
wheel). Incremental: only changed files are copied, and only changed modules recompiled.

    python scripts/build_compiled.py [--out build/compiled]
    PYTHONPATH=build/compiled/src python -m pytest tests/games     # the tests, compiled
    python benchmarks/engine.py --compare build/compiled/src        # pure (this tree) against compiled

Prints the path of the compiled source folder. Needs Cython 3 and a C compiler (`make compiled`).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_support"))
from extensions import extensions  # noqa: E402

SKIP = ("__pycache__", ".pyc", ".so", ".c", ".pyd")


def sync(src: Path, dst: Path) -> None:
    """Make dst/ a copy of src/ (build outputs in dst/ of modules still present are kept)."""
    keep: set[Path] = set()
    for path in src.rglob("*"):
        rel = path.relative_to(src)
        if any(part == "__pycache__" for part in rel.parts) or path.suffix in SKIP or path.is_dir():
            continue
        target = dst / rel
        keep.add(target)
        if target.exists() and filecmp.cmp(path, target, shallow=False):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    for path in dst.rglob("*"):
        if path.is_file() and path not in keep and path.suffix not in SKIP and "__pycache__" not in path.parts:
            path.unlink()  # a file gone from the source
    for path in dst.rglob("*"):
        if path.suffix in (".so", ".pyd", ".c") and not path.with_name(path.name.split(".")[0] + ".py").exists():
            path.unlink()  # the build output of a module gone from the source


def build(out: Path) -> Path:
    from setuptools import Distribution

    src = out / "src"
    sync(ROOT / "src", src)
    here = Path.cwd()
    os.chdir(out)
    try:
        exts = extensions(Path("src"), threads=os.cpu_count() or 1)
        dist = Distribution({"name": "boardcade-compiled", "ext_modules": exts, "package_dir": {"": "src"}})
        cmd = dist.get_command_obj("build_ext")
        cmd.inplace = True
        cmd.parallel = os.cpu_count() or 1
        cmd.build_temp = str(Path("temp"))
        cmd.ensure_finalized()
        cmd.run()
    finally:
        os.chdir(here)
    return src


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "build" / "compiled"), help="folder of the compiled copy")
    args = parser.parse_args()
    print(build(Path(args.out).resolve()))


if __name__ == "__main__":
    main()
