"""Every rule ID in every registered game's rules document is named by at least one test, and every rule clause is
tagged rulebook or reconstruction (project rule for rules docs). The prefixes come from the game specs."""

import re
from pathlib import Path

from boardcade.core import game_names, game_spec

ROOT = Path(__file__).resolve().parents[1]


def _docs() -> list[tuple[str, str, str]]:
    out = []
    for name in game_names():
        spec = game_spec(name)
        text = spec.rules_text()
        assert text, f"{name}: its rules document {spec.rules_doc!r} is missing from the package"
        assert spec.rule_prefix, f"{name}: its spec names no rule_prefix"
        out.append((name, spec.rule_prefix, text))
    return out


def _id_pattern(prefix: str) -> re.Pattern:
    return re.compile(rf"\b{re.escape(prefix)}-[0-9]+(?:\.[0-9]+)*\b")


def test_every_documented_rule_id_is_named_by_a_test():
    this = Path(__file__).resolve()
    test_text = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("*.py") if p.resolve() != this)
    missing = []
    for _name, prefix, text in _docs():
        pattern = _id_pattern(prefix)
        ids = set(pattern.findall(text))
        named = set(pattern.findall(test_text))  # the ID as written (QB-3.5), in a docstring, comment or string
        missing += sorted(ids - named, key=lambda s: [int(x) for x in s.split("-", 1)[1].split(".")])
    assert not missing, f"rule IDs named by no test: {', '.join(missing)}"


def test_every_rule_clause_is_tagged_rulebook_or_reconstruction():
    for name, prefix, text in _docs():
        clause = re.compile(
            rf"^\s*[-*]\s+\*\*({re.escape(prefix)}-[0-9.]+)\*\*(.*?)(?=^\s*[-*]\s|^\s*$|^#|\Z)", re.M | re.S
        )
        clauses = clause.findall(text)
        assert clauses, f"{name}: its rules document has no rule clauses"
        for rule_id, body in clauses:
            tagged = re.search(r"rulebook|reconstruction", body, re.I)
            assert tagged, f"{name}: {rule_id} is tagged neither rulebook nor reconstruction"
