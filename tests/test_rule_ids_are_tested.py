"""Every rule ID in docs/rules/*.md is named by at least one test (project rule for rules docs)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"\b(?:QB|AC|MB)-[0-9]+(?:\.[0-9]+)*\b")


def test_every_documented_rule_id_is_named_by_a_test():
    docs = sorted((ROOT / "docs" / "rules").glob("*.md"))
    assert docs, "no rules documents found"
    ids = {m for doc in docs for m in RULE_ID.findall(doc.read_text())}
    this = Path(__file__).resolve()
    test_text = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("*.py") if p.resolve() != this)
    named = set(RULE_ID.findall(test_text))  # the ID as written (QB-3.5), in a docstring, comment or string
    missing = sorted(ids - named, key=lambda s: [s[:2], *map(int, s[3:].split("."))])
    assert not missing, f"rule IDs named by no test: {', '.join(missing)}"


def test_every_rule_clause_is_tagged_rulebook_or_reconstruction():
    clause = re.compile(r"^\s*[-*]\s+\*\*((?:QB|AC|MB)-[0-9.]+)\*\*(.*?)(?=^\s*[-*]\s|^\s*$|^#|\Z)", re.M | re.S)
    for doc in sorted((ROOT / "docs" / "rules").glob("*.md")):
        clauses = clause.findall(doc.read_text())
        assert clauses, f"{doc.name} has no rule clauses"
        for rule_id, body in clauses:
            tagged = re.search(r"rulebook|reconstruction", body, re.I)
            assert tagged, f"{doc.name}: {rule_id} is tagged neither rulebook nor reconstruction"
