"""The lessons over HTTP (issue 29): the course, a step's position, a move checked and a wrong one explained, all
stateless (the browser sends the moves made so far); bad input is refused saying what is allowed."""

from __future__ import annotations

from boardcade.learn import StepRun, load_course

from .conftest import error_of


def test_the_course_and_a_step_played_over_http(client):
    """QB-3.3: the first step's view is the learner's own observation; a wrong move is explained and not made;
    the lesson's move completes the step."""
    course = client.get("/api/learn/qbert").json()
    assert course["title"] and len(course["steps"]) == 5
    assert course["steps"][0]["rules"][0]["id"] == "QB-3.3" and course["steps"][0]["rules"][0]["source"]
    assert next(g for g in client.get("/api/games").json()["games"] if g["name"] == "qbert")["has_lessons"]
    view = client.post("/api/learn/qbert/0", json={"made": []}).json()["view"]
    assert view["ask"] and view["observation"]["viewer"] == 0 and not view["complete"]
    expected = view["expected"][0]
    wrong = next(i["action"] for i in view["observation"]["legal_actions"] if i["action"] != expected)
    r = client.post("/api/learn/qbert/0", json={"made": [], "try": wrong}).json()
    assert not r["outcome"]["ok"] and r["outcome"]["why"] and r["outcome"]["events"] and r["view"]["made"] == []
    r = client.post("/api/learn/qbert/0", json={"made": [], "try": expected}).json()
    assert r["outcome"]["ok"] and r["view"]["complete"] and r["view"]["done"]
    assert r["view"]["observation"] == StepRun.resume(load_course("qbert"), 0, [expected]).view()["observation"]


def test_bad_lesson_requests_are_refused_with_what_is_allowed(client):
    assert error_of(client.get("/api/learn/chess")) == "not_found"
    r = client.post("/api/learn/qbert/9", json={})
    assert error_of(r) == "not_found" and "0..4" in r.json()["error"]["message"]
    r = client.post("/api/learn/qbert/0", json={"made": ["x"]})
    assert error_of(r) == "bad_message" and "integer" in r.json()["error"]["message"]
    r = client.post("/api/learn/qbert/0", json={"made": [0]})  # not the lesson's move
    assert error_of(r) == "bad_message" and "not the lesson's move" in r.json()["error"]["message"]
    r = client.post("/api/learn/qbert/0", json={"made": list(range(50))})
    assert error_of(r) == "bad_message" and "at most 40" in r.json()["error"]["message"]
    done = client.post("/api/learn/qbert/0", json={"made": []}).json()["view"]["expected"]
    r = client.post("/api/learn/qbert/0", json={"made": done, "try": 0})
    assert error_of(r) == "bad_message" and "complete" in r.json()["error"]["message"]
