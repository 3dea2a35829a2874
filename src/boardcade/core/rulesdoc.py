"""Reading a game's numbered rules document (the markdown in its folder): rule ID -> the clause as plain text.

Used wherever a rule's words are shown beside its ID: the log and the rules panel (server catalog), the
lessons (boardcade.learn) and the terminal.
"""

from __future__ import annotations

import re

# A clause line of a rules document: "- **QB-3.3** *(rulebook: ...)* text", "**AC-1.1** text", "## AC-1 Title".
RULE_LINE = re.compile(r"^\s*(?:[-*]\s+|#+\s+)?\**\[?([A-Z]{2,4}-[A-Za-z0-9][A-Za-z0-9.\-]*)\]?\**[.:)]?\**\s+(.*\S)")


def plain(markdown: str) -> str:
    """One line of a rules document as plain text: emphasis and code marks removed, so a clause reads
    "(rulebook: Playing) The higher roll ..." rather than "*(rulebook: Playing)* The higher roll ..."."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", markdown)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def rule_texts(document: str | None) -> dict[str, str]:
    """Rule ID -> its text as plain text, read from a rules document (lines that start with a rule ID, and the
    indented lines that continue them). An empty dict for no document."""
    out: dict[str, str] = {}
    if document is None:
        return out
    current = None
    for line in document.splitlines():
        m = RULE_LINE.match(line)
        if m:
            current = m.group(1).rstrip(".")
            out[current] = m.group(2)
        elif current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return {k: plain(v) for k, v in out.items()}
