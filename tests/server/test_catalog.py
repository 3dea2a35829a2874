"""What the home page and the rules panel read from the server (issue 16): each game's pitch and preview
position, the computer levels explained, rule texts as plain text, the whole rules document, and a variant
that contradicts its options refused instead of quietly building another game (SV-7)."""

from __future__ import annotations

from .conftest import error_of


def test_sv7_catalog_offers_pitch_preview_and_levels_explained(client):
    cat = client.get("/api/games").json()
    names = [level["name"] for level in cat["levels"]]
    assert cat["default_agent"] in names
    assert names == [n for n in ("random", "beginner", "greedy", "easy", "medium", "hard") if n in cat["agents"]]
    details = {a["name"]: a for a in cat["agent_details"]}
    for level in cat["levels"]:
        assert details[level["name"]]["doc"], f"{level['name']}: what it does"
        assert level["description"] and level["seconds_per_move"] is not None
    for game in cat["games"]:
        assert game["pitch"] and game["has_rules"]
        preview = game["preview"]
        assert preview["game"] == game["name"] and preview["events"] == []
        assert "legal_actions" not in preview or not preview["legal_actions"], "a public view offers no moves"


def test_sv7_a_variant_contradicted_by_its_options_is_refused(client):
    """The "4 players" variant of Atari's Centipede asked for with players=2 is refused, naming both values."""
    seats = [{"kind": "human"}] * 2
    body = {"game": "atari_centipede", "variant": "4 players", "options": {"players": 2}, "seats": seats}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 400 and error_of(r) == "bad_options"
    message = r.json()["error"]["message"]
    assert "players=4" in message and "players=2" in message
    r = client.post("/api/matches", json={**body, "variant": "5 players"})
    assert error_of(r) == "bad_options" and "2 players, 4 players" in r.json()["error"]["message"]
    r = client.post("/api/matches", json={**body, "variant": "4 players", "options": {}, "seats": [seats[0]] * 4})
    assert r.status_code == 201, r.text
    assert len(r.json()["seats"]) == 4, "the variant's options apply"


def test_rule_texts_are_plain_and_the_document_is_served(client):
    """QB-3.3's text starts with its source note as plain text, not "*(rulebook: ...)*" marks."""
    texts = client.get("/api/games/qbert/rules").json()
    assert texts["QB-3.3"].startswith("(rulebook:") and "*" not in texts["QB-3.3"].replace("Q*bert", "")
    doc = client.get("/api/games/qbert/rules?format=document").json()
    assert doc["game"] == "qbert" and "**QB-3.3**" in doc["document"] and doc["rules"] == texts
    r = client.get("/api/games/qbert/rules?format=pdf")
    assert r.status_code == 400 and "texts" in r.json()["error"]["message"]


def test_only_agents_that_can_run_here_are_offered_and_the_others_refused(client, monkeypatch):
    """Issue 27 item 7: with numpy and OpenSpiel not installed (the `web` install), os_mcts is neither listed nor
    accepted for a seat; the refusal names what is missing, the extra to install and the agents this server has."""
    from boardcade.agents import registry
    from boardcade.server.catalog import catalog

    installed = registry._importable
    monkeypatch.setattr(registry, "_importable", lambda m: m not in ("numpy", "pyspiel") and installed(m))
    catalog.cache_clear()
    try:
        cat = client.get("/api/games").json()
        assert "os_mcts" not in cat["agents"] and "os_mcts" not in [a["name"] for a in cat["agent_details"]]
        assert "random" in cat["agents"]
        seats = [{"kind": "human"}, {"kind": "agent", "agent": "os_mcts"}]
        r = client.post("/api/matches", json={"game": "qbert", "seats": seats})
        assert r.status_code == 400 and error_of(r) == "bad_agent", r.text
        message = r.json()["error"]["message"]
        assert "numpy, pyspiel" in message and "boardcade[openspiel]" in message and "random" in message
        seats[1] = {"kind": "agent", "agent": "random"}
        assert client.post("/api/matches", json={"game": "qbert", "seats": seats}).status_code == 201
    finally:
        monkeypatch.undo()
        catalog.cache_clear()
    assert "os_mcts" in client.get("/api/games").json()["agents"], "offered where OpenSpiel is installed"


def test_every_rule_option_and_variant_is_offered_in_its_games_own_words(client):
    """Issue 35 item 7: the new-match form names each rule option by a label with a one-line explanation, each
    value of a closed set and each variant in words, all from the game's spec (never an identifier such as
    field_rows); an option keeps its precise doc for developers."""
    from boardcade.core import game_class, game_spec

    cat = client.get("/api/games").json()
    for game in cat["games"]:
        spec, cls = game_spec(game["name"]), game_class(game["name"])
        assert set(spec.option_words) == {o.name for o in cls.OPTIONS}, f"{game['name']}: words for every option"
        for option in game["options"]:
            words = spec.option_words[option["name"]]
            assert (option["label"], option["explain"]) == (words.label, words.explain)
            assert "_" not in option["label"] + option["explain"] and "\n" not in option["explain"]
            assert option["doc"], "the precise text stays"
            if option["choices"]:
                assert option["choice_labels"] == [words.values.get(c, str(c)) for c in option["choices"]]
                assert all("_" not in w for w in option["choice_labels"])
        for variant in game["variants"]:
            assert "_" not in variant["words"], variant
