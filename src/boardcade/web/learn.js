// "Learn to play" (#/learn/<game>[/<step>]): a game's lessons, one idea per step on a real position, drawn by the
// game's own board module (board.js). The learner makes the move the step asks for; a wrong move comes back
// explained (why, and what it would have done) and the position stays as it was; a step can be started again,
// skipped, or shown ("Show me" marks the lesson's move). The server keeps nothing: this page sends the moves made
// so far in the step with each try (server/learn.py).
import { api, catalog } from "./api.js";
import { drawBoard } from "./board.js";
import { drawLog } from "./log.js";
import { forgetMoves } from "./motion.js";
import { fill, h, notify } from "./notice.js";
import { startMatch } from "./newmatch.js";
import { openRules } from "./rules.js";

// The page's own styles (lessons and analysis), loaded once: the Content-Security-Policy refuses inline styles.
export function studyStyles() {
  if (!document.querySelector("link[data-study]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/study.css", "data-study": "" }));
  }
}

let keyboardUser = false;
addEventListener("keydown", (e) => { if (["Tab", "Enter", " "].includes(e.key)) keyboardUser = true; }, true);
addEventListener("pointerdown", () => { keyboardUser = false; }, true);

export async function showLearn(page, game, stepRef) {
  studyStyles();
  const course = await api(`/learn/${encodeURIComponent(game)}`);
  const count = course.steps.length;
  const wanted = Number(stepRef);
  let index = Number.isInteger(wanted) && wanted >= 1 && wanted <= count ? wanted - 1 : 0;
  let made = [];
  let view = null;
  let outcome = null; // the last answer: {ok, label, why, events, then, expected} or null
  let busy = false;
  let showMe = false;

  const steps = h("ol", { class: "learn-steps", "aria-label": "Steps" });
  const intro = h("p", { class: "learn-intro" }, course.intro);
  const card = h("article", { class: "lesson-card", "aria-live": "polite" });
  const board = h("div", { class: "board-area" });
  const ask = h("p", { class: "status mine learn-ask", role: "status" });
  const prompt = h("p", { class: "last learn-prompt" });
  const buttons = h("div", { class: "buttons" });
  const feedback = h("div", { class: "lesson-feedback", role: "status", "aria-live": "polite", hidden: true });
  const controls = h("div", { class: "lesson-controls" });
  const bar = h("div", { class: "action-bar learn-bar", role: "region", "aria-label": "Your move" },
    h("div", { class: "bar-main" }, ask, prompt, buttons, feedback, controls));
  const log = h("div", { class: "log-area learn-log" });
  const root = h("div", { class: "learn", "data-game": game },
    h("header", { class: "learn-head" },
      h("p", { class: "learn-back" }, h("a", { href: "#/" }, "← All games")),
      h("h2", {}, course.title),
      intro,
      steps),
    h("div", { class: "learn-grid" }, card, h("section", { class: "board-col" }, board, bar), log));
  page.replaceChildren(root);

  const button = (label, cls, onclick, extra = {}) => h("button", { type: "button", class: cls, onclick, ...extra }, label);

  function go(k) {
    if (k < 0 || k >= count) return;
    index = k;
    made = [];
    outcome = null;
    showMe = false;
    history.replaceState(null, "", `#/learn/${game}/${index + 1}`);
    load();
  }

  async function load(attempt = null) {
    busy = true;
    try {
      const r = await api(`/learn/${encodeURIComponent(game)}/${index}`, { method: "POST", body: { made, try: attempt } });
      view = r.view;
      if (r.outcome) {
        outcome = r.outcome;
        if (outcome.ok) { made = view.made; showMe = false; }
      }
    } catch (e) {
      outcome = { ok: false, label: "", why: e.message, events: [], then: "", expected: [] };
    } finally {
      busy = false;
    }
    await render();
  }

  function choose(info) {
    if (busy || !view || view.complete) return;
    load(info.action);
  }

  function drawSteps() {
    steps.replaceChildren(...course.steps.map((s, k) => h("li", { class: k === index ? "current" : k < index ? "before" : "" },
      button(`${k + 1}. ${s.title}`, "learn-step", () => go(k), k === index ? { "aria-current": "step" } : {}))));
  }

  function drawCard() {
    const rules = h("ul", { class: "lesson-rules", "aria-label": "The rules this step teaches" }, view.rules.map((r) => {
      const link = h("a", { class: "rule", href: `#/rules/${game}/${encodeURIComponent(r.id)}`, "data-rule": r.id }, r.id);
      link.addEventListener("click", (e) => { e.preventDefault(); openRules(game, r.id); });
      return h("li", {}, link, " ", r.text, r.source ? h("span", { class: "rule-source" }, ` (${r.source})`) : null);
    }));
    fill(card,
      h("h3", {}, `Step ${index + 1} of ${count}: ${view.title}`),
      h("p", { class: "lesson-text" }, view.text),
      rules,
      view.seat !== undefined ? h("p", { class: "small-print" }, `You play ${view.player}.`) : null);
  }

  function eventList(events) {
    return h("ul", { class: "lesson-events" }, events.map((e) => h("li", {}, h("span", { class: "rule" }, e.rule), " ", e.text)));
  }

  function drawFeedback() {
    feedback.hidden = !(outcome || view.complete);
    feedback.dataset.outcome = view.complete ? "done" : outcome ? (outcome.ok ? "ok" : "wrong") : "";
    if (view.complete) {
      fill(feedback,
        h("p", { class: "lesson-good" }, "Well done."),
        outcome && outcome.ok && outcome.events.length ? eventList(outcome.events) : null,
        view.narration.length ? h("p", { class: "small-print" }, view.narration.join(" ")) : null,
        h("p", { class: "lesson-done" }, view.done));
    } else if (outcome && outcome.ok) {
      fill(feedback, h("p", { class: "lesson-good" }, `Right: ${outcome.label}.`), eventList(outcome.events),
        view.narration.length ? h("p", { class: "small-print" }, view.narration.join(" ")) : null);
    } else if (outcome) {
      fill(feedback,
        h("p", { class: "lesson-wrong" }, outcome.label ? `Not this lesson's move: ${outcome.label}.` : "That did not work."),
        h("p", { class: "lesson-why" }, outcome.why),
        outcome.events.length ? h("p", { class: "small-print" }, "It would have done:") : null,
        outcome.events.length ? eventList(outcome.events) : null,
        outcome.then ? h("p", { class: "small-print lesson-then" }, `And then: ${outcome.then}`) : null,
        h("p", { class: "small-print" }, "The position is as it was: try again, or press “Show me”."));
    } else {
      feedback.replaceChildren();
    }
  }

  function drawControls() {
    const last = index === count - 1;
    const next = view.complete
      ? (last ? h("a", { class: "button primary learn-next", href: "#/", onclick: playComputer }, "Done: play a match")
        : button(`Next step: ${course.steps[index + 1].title} ▶`, "primary learn-next", () => go(index + 1)))
      : null;
    controls.replaceChildren(...[
      next,
      !view.complete ? button("Show me", "learn-show", () => { showMe = true; render(); }) : null,
      button("Start the step again", "learn-retry", () => go(index)),
      !view.complete && !last ? button("Skip step", "learn-skip", () => go(index + 1)) : null,
      index > 0 ? button("◀ Previous step", "learn-prev", () => go(index - 1)) : null,
    ].filter(Boolean));
  }

  // "Done: play a match": a match of this game against the computer (its suggested level), the learner in the
  // first seat, as the tile's "Play the computer" would start it.
  async function playComputer(ev) {
    ev.preventDefault();
    try {
      const cat = await catalog();
      const g = cat.games.find((x) => x.name === game);
      const v = g.variants[0];
      const seats = v.players.map((_, p) => (p === 0 ? { kind: "human" } : { kind: "agent", agent: cat.default_agent }));
      await startMatch({ game, variant: v.label, options: {}, seats, seat: 0 });
    } catch (e) {
      notify(e.message, "error");
    }
  }

  function fit() {
    const top = board.getBoundingClientRect().top + scrollY;
    const narrow = innerWidth < 900;
    const room = narrow ? innerHeight * 0.62 : innerHeight - top - 150;
    return { width: Math.max(260, board.clientWidth - 12), height: Math.max(300, room) };
  }

  async function render() {
    if (!view) return;
    const obs = view.observation;
    intro.hidden = index > 0;
    drawSteps();
    drawCard();
    ask.textContent = view.complete ? "Step complete." : view.ask;
    prompt.textContent = view.complete ? "" : obs.prompt;
    const canAct = !view.complete && !busy;
    await drawBoard(board, buttons, obs, {
      choose,
      canAct,
      notMoverReason: () => (view.complete ? "This step is complete: go on to the next one." : "Wait a moment…"),
      fit: fit(),
    });
    board.querySelector("svg.board")?.setAttribute("data-lesson", view.id);
    board.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    buttons.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    if (showMe && !view.complete) {
      for (const a of view.expected) {
        board.querySelectorAll(`[data-action="${a}"]`).forEach((el) => el.classList.add("hinted"));
        buttons.querySelectorAll(`[data-action="${a}"], option[value="${a}"]`).forEach((el) => el.classList.add("hinted"));
      }
    }
    drawFeedback();
    drawControls();
    await drawLog(log, game, view.lesson_events);
    // Said once everything is drawn (tests wait on these): the step, the moves made, what "Show me" marks.
    root.dataset.step = String(index);
    root.dataset.made = String(made.length);
    root.dataset.complete = view.complete ? "yes" : "no";
    root.dataset.expected = view.expected.join(",");
    if (outcome && !feedback.hidden) feedback.scrollIntoView({ block: "nearest" });
    if (keyboardUser) {
      const target = view.complete ? controls.querySelector(".learn-next") : (showMe && board.querySelector(".choice.hinted")) || board.querySelector(".choice") || buttons.querySelector("button");
      if (target) target.focus({ preventScroll: false });
    }
  }

  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(render, 150); };
  addEventListener("resize", onResize);
  forgetMoves();
  history.replaceState(null, "", `#/learn/${game}/${index + 1}`);
  await load();
  return () => { removeEventListener("resize", onResize); forgetMoves(); };
}
