"""The code in docs/interop.md runs as printed (issue 25: the documented calls must work as a reader types them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def _blocks() -> list[tuple[str, str]]:
    """(section heading, code) for every ```python block of the document."""
    out, section = [], ""
    for part in re.split(r"(^```python\n.*?^```$)", DOC.read_text(encoding="utf-8"), flags=re.S | re.M):
        if part.startswith("```python"):
            out.append((section, part[len("```python\n") : -3]))
        else:
            headings = re.findall(r"^#+ (.+)$", part, flags=re.M)
            section = headings[-1] if headings else section
    return out


BLOCKS = _blocks()


def test_the_document_has_the_code_blocks_checked_here():
    sections = [section for section, _code in BLOCKS]
    assert sections.count("Gymnasium") == 2 and {"OpenSpiel", "PettingZoo", "Batched environments"} <= set(sections)


@pytest.mark.parametrize("section, code", BLOCKS, ids=[f"{s}-{i}" for i, (s, _c) in enumerate(BLOCKS)])
def test_documented_code_runs(section, code, tmp_path, monkeypatch, capsys):
    """Each block runs in a fresh namespace, as a reader pasting it would (files go to a temporary folder)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    exec(compile(code, f"{DOC.name}:{section}", "exec"), {"__name__": "__doc_example__"})
    if "RecordVideo" in code:
        videos = list(tmp_path.rglob("*.mp4"))
        assert [v.name for v in videos] == ["rl-video-episode-0.mp4"] and videos[0].stat().st_size > 1000
