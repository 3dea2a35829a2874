// Post-game analysis (#/analyse/<match id>, or #/analyse/file for an uploaded record): the strongest computer player
// evaluates every decision of the finished match from the deciding seat's own information (server/analysis.py,
// with a progress bar while it works). Shown as a graph of the estimated win chance over the match, each of the
// viewer's decisions marked good / inaccuracy / mistake / blunder; at a marked decision the suggested move is drawn
// on the board with its estimate. Clicking the graph, a decision or a log line moves the replay there. A seat's view
// shows only the evaluations made from its own information; "Every view" shows them all, each labelled.
import { api, ruleTexts, tokensFor } from "./api.js";
import { drawBoard, drawPanel } from "./board.js";
import { studyStyles } from "./learn.js";
import { forgetMoves } from "./motion.js";
import { h, notify } from "./notice.js";
import { expand } from "./replay.js";
import { openRules, ruleOf } from "./rules.js";
import { isGenericRole, recordSeats } from "./seats.js";
import { s as svgEl } from "./svg.js";

const GRADES = ["good", "inaccuracy", "mistake", "blunder"];
const pct = (x) => (x === null || x === undefined ? "?" : `${Math.round(100 * x)}%`);

export async function showAnalysis(page, { matchId = null, record = null } = {}) {
  studyStyles();
  if (!matchId && !record) throw new Error("There is no record to analyse: open a record file from the home page first.");
  page.replaceChildren(h("p", {}, "Loading the match…"));
  const data = matchId ? await api(`/matches/${matchId}/replay`) : await api("/replay", { method: "POST", body: record });
  expand(data.steps);
  const last = data.steps.length - 1;
  let i = 0;
  let analysis = null;
  let viewSeat = null; // null: every view
  let showGood = false;
  let closed = false;
  let timer = null;

  const held = matchId ? Object.keys(tokensFor(matchId)).map(Number) : [];
  if (held.length === 1) viewSeat = held[0];
  // Seats named as on the match page ("Sam (you)", "Alex", "Computer (easy)"), not by their roles.
  const seats = recordSeats(data, matchId);
  const named = (k) => seats.subject(k);
  const sideName = (side) => side.seats.map(named).join(" & ");

  const title = h("h2", {}, `Analysis: ${data.title}`);
  const who = h("p", { class: "small-print" });
  const views = h("div", { class: "analysis-views", role: "group", "aria-label": "Whose view" });
  const progress = h("div", { class: "analysis-progress", role: "status", "aria-live": "polite" });
  const graph = h("div", { class: "win-graph" });
  const board = h("div", { class: "board-area" });
  const suggestion = h("div", { class: "buttons analysis-suggestion" });
  const where = h("span", { class: "where", id: "analysis-step", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: last, value: 0, id: "analysis-slider", "aria-label": "Step" });
  const note = h("div", { class: "analysis-note", "aria-live": "polite" });
  const counts = h("div", { class: "analysis-counts" });
  const goodToggle = h("input", { type: "checkbox", id: "analysis-show-good" });
  const decisionList = h("ol", { class: "decisions", "aria-label": "Decisions" });
  const panel = h("div", { class: "panel-area" });
  const log = h("div", { class: "log-area" });
  const button = (label, cls, fn, extra = {}) => h("button", { type: "button", class: cls, onclick: fn, ...extra }, label);
  const back = matchId ? h("a", { class: "button small", href: `#/replay/${matchId}` }, "Replay") : null;
  page.replaceChildren(h("div", { class: "analysis", "data-state": "loading" },
    h("header", { class: "analysis-head" }, title, back, who),
    views,
    progress,
    graph,
    h("div", { class: "play-grid" },
      h("section", { class: "board-col" }, board, suggestion,
        h("div", { class: "replay-controls" },
          button("◀ Back", "analysis-back", () => show(i - 1)), where, button("Forward ▶", "analysis-forward", () => show(i + 1)),
          button("◀ Previous decision", "analysis-prev-mark", () => jump(-1)), button("Next decision ▶", "analysis-next-mark", () => jump(1)),
          slider)),
      h("aside", { class: "side-col" }, note, counts,
        h("label", { class: "small-print" }, goodToggle, " Show the good decisions too"),
        decisionList, panel, log))));
  const root = page.querySelector(".analysis");
  const r = data.result || [];
  // A role that is only a number is left out, unless two seats share a name (two computers at one level).
  const shared = (k) => data.players.filter((_, j) => seats.plain(j) === seats.plain(k)).length > 1;
  who.textContent = data.players.map((p, k) => `${isGenericRole(p) && !shared(k) ? "" : `${p}: `}${seats.plain(k)} — ${r[k] > 0 ? "won" : r[k] < 0 ? "lost" : "a draw"}`).join(" · ");

  // ---- which evaluations the viewer sees -------------------------------------------------------------------
  const shown = () => (analysis ? analysis.positions.filter((p) => viewSeat === null || p.view === viewSeat) : []);
  const entryAt = (k) => shown().find((p) => p.step === k) || null;
  const marked = () => shown().filter((p) => p.grade !== "good");

  function drawViews() {
    if (!analysis) { views.replaceChildren(); return; }
    const pick = (seat) => () => { viewSeat = seat; drawAll(); };
    const hidden = !analysis.perfect_information;
    views.replaceChildren(
      h("span", { class: "small-print" }, hidden ? "Evaluations made from the information of:" : "Nothing is hidden in this game; decisions of:"),
      ...analysis.players.map((_, seat) => button(hidden ? `${named(seat)}'s view` : named(seat), "analysis-view", pick(seat), { "aria-pressed": String(viewSeat === seat), "data-seat": seat })),
      button(hidden ? "Every view (the match is over)" : "Both players", "analysis-view", pick(null), { "aria-pressed": String(viewSeat === null), "data-seat": "all" }));
  }

  // ---- the graph ------------------------------------------------------------------------------------------
  function drawGraph() {
    if (!analysis) { graph.replaceChildren(); return; }
    const width = Math.max(300, graph.clientWidth - 12);
    const height = innerWidth < 700 ? 110 : 150;
    const pad = 22;
    const x = (step) => pad + ((width - 2 * pad) * step) / Math.max(1, analysis.length);
    const y = (w) => 6 + (height - 22) * (1 - w);
    const points = shown().filter((p) => p.win).map((p) => [p.step, p.win[0]]);
    if (analysis.final) points.push([analysis.length, analysis.final[0]]);
    const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "group", "aria-label": `Estimated win chance of ${sideName(analysis.sides[0])} over the match` });
    svg.append(svgEl("line", { class: "half", x1: pad, x2: width - pad, y1: y(0.5), y2: y(0.5) }));
    if (points.length) {
      const line = points.map(([s, w], k) => `${k ? "L" : "M"}${x(s).toFixed(1)},${y(w).toFixed(1)}`).join(" ");
      const area = `${line} L${x(points[points.length - 1][0]).toFixed(1)},${y(0.5)} L${x(points[0][0]).toFixed(1)},${y(0.5)} Z`;
      svg.append(svgEl("path", { class: "area", d: area }), svgEl("path", { class: "line", d: line }));
    }
    svg.append(svgEl("text", { class: "axis", x: pad, y: 12 }, `${sideName(analysis.sides[0])} ${pct(1)}`),
      svgEl("text", { class: "axis", x: pad, y: height - 4 }, `${sideName(analysis.sides[1])} ${pct(1)}`),
      svgEl("line", { class: "cursor", x1: x(i), x2: x(i), y1: 4, y2: height - 16 }));
    for (const p of marked()) {
      if (!p.win) continue;
      const dot = svgEl("circle", { class: `mark grade-${p.grade}`, cx: x(p.step), cy: y(p.win[0]), r: innerWidth < 700 ? 6 : 5, tabindex: 0, role: "button", "data-step": p.step,
        "aria-label": `Step ${p.step}: ${p.grade}, ${named(p.seat)} played ${p.played.label}` });
      dot.append(svgEl("title", {}, `Step ${p.step}: ${p.grade} (−${pct(p.drop)})`));
      dot.addEventListener("click", (ev) => { ev.stopPropagation(); show(p.step); });
      dot.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); show(p.step); } });
      svg.append(dot);
    }
    svg.addEventListener("click", (ev) => {
      const box = svg.getBoundingClientRect();
      const at = ((ev.clientX - box.left) / box.width) * width;
      show(Math.round(((at - pad) / (width - 2 * pad)) * analysis.length));
    });
    graph.replaceChildren(svg,
      h("p", { class: "small-print" }, `${sideName(analysis.sides[0])}'s estimated win chance (up) against ${sideName(analysis.sides[1])}'s, by ${analysis.agent}; ${viewSeat === null ? "each point from the view of the seat that decided there" : `only ${named(viewSeat)}'s own evaluations`}. Click a point or a mark to go there.`));
  }

  // ---- the list of decisions, the counts and the note ----------------------------------------------------
  function drawDecisions() {
    if (!analysis) { decisionList.replaceChildren(); counts.replaceChildren(); return; }
    const all = shown();
    counts.replaceChildren(...GRADES.map((g) => h("span", { class: `grade-${g}` }, `${g}: ${all.filter((p) => p.grade === g).length}`)));
    const list = showGood ? all : marked();
    decisionList.replaceChildren(...(list.length ? list : []).map((p) => h("li", { class: p.step === i ? "current" : "", "data-step": p.step },
      button([h("span", { class: `grade grade-${p.grade}` }, p.grade), ` step ${p.step} · ${named(p.seat)}: ${p.played.label}`,
        p.played.action !== p.best.action ? ` (better: ${p.best.label})` : ""], "decision", () => show(p.step)))));
    if (!list.length) decisionList.replaceChildren(h("li", { class: "small-print" }, all.length ? "No inaccuracies, mistakes or blunders." : "No decisions in this view."));
  }

  function drawNote() {
    if (!analysis) { note.replaceChildren(); return; }
    const p = entryAt(i);
    if (!p) {
      const other = analysis.positions.find((q) => q.step === i);
      note.replaceChildren(h("p", { class: "small-print" }, other
        ? `${named(other.seat)} decided here: that evaluation is in ${named(other.seat)}'s view.`
        : "No decision to evaluate at this step (a roll, a draw, a forced move or the end)."));
      return;
    }
    const win = p.win ? analysis.sides.map((side, k) => `${sideName(side)} ${pct(p.win[k])}`).join(" · ") : pct(p.mover_win);
    note.replaceChildren(
      h("p", {}, h("strong", {}, `Step ${p.step}: ${named(p.seat)} to decide`), h("span", { class: "small-print" }, ` (${named(p.view)}'s view${analysis.perfect_information ? "" : ": only what it knew then"})`)),
      h("p", {}, `Estimated win chance: ${win}`),
      h("p", {}, "Played: ", h("strong", {}, p.played.label), ` (${pct(p.played.win)}) — `, h("span", { class: `grade grade-${p.grade}` }, p.grade), p.drop > 0 ? ` (−${pct(p.drop)})` : ""),
      p.played.action !== p.best.action ? h("p", {}, "Suggested: ", h("strong", { class: "grade-good" }, p.best.label), ` (${pct(p.best.win)}), drawn on the board`) : h("p", { class: "small-print" }, "The move the computer would have played."),
      h("ul", { class: "small-print" }, p.alternatives.map((a) => h("li", {}, `${a.label}: ${pct(a.win)}`))));
  }

  async function drawLogAt(k) {
    const rules = await ruleTexts(data.game);
    const events = data.events.filter((e) => e.step < k);
    const list = h("ol", { class: "log", reversed: true, "aria-label": "What happened, newest first; click a line to go there" });
    for (const ev of [...events].reverse()) {
      const id = ruleOf(rules, ev.rule);
      const link = h("a", { class: "rule", href: `#/rules/${data.game}/${encodeURIComponent(id)}`, title: `${ev.rule}: ${rules[id] || ""}` }, ev.rule);
      link.addEventListener("click", (e) => { e.preventDefault(); e.stopPropagation(); openRules(data.game, id); });
      list.append(h("li", { "data-step": ev.step }, link, " ", button(seats.words(ev.text), "log-line", () => show(ev.step))));
    }
    log.replaceChildren(h("h3", {}, "Log"), list);
  }

  // ---- the board at step i, with the suggestion ------------------------------------------------------------
  function fit() {
    const top = board.getBoundingClientRect().top + scrollY;
    return { width: Math.max(260, board.clientWidth - 16), height: Math.max(300, Math.min(innerHeight - top - 60, innerWidth < 900 ? innerHeight * 0.6 : 9999)) };
  }

  async function show(k) {
    i = Math.max(0, Math.min(last, Number.isFinite(k) ? k : 0));
    slider.value = i;
    where.textContent = `Step ${i} of ${last}`;
    const step = data.steps[i];
    const p = entryAt(i);
    const suggest = p && p.grade !== "good" && p.best.info ? p.best : null;
    const obs = { ...step.observation, events: data.events.filter((e) => e.step < i), legal_actions: suggest ? [{ ...suggest.info, label: `Suggested: ${suggest.label} (${pct(suggest.win)})` }] : [] };
    await drawBoard(board, suggestion, obs, {
      choose: (info) => notify(info.label, "info"),
      canAct: !!suggest,
      notMoverReason: () => "This is an analysis of a finished match.",
      fit: fit(),
      names: seats.names,
    });
    board.querySelectorAll("[data-action]").forEach((el) => { el.classList.add("suggested"); el.setAttribute("aria-label", `Suggested: ${suggest.label} (${pct(suggest.win)})`); });
    suggestion.querySelectorAll("button").forEach((el) => el.classList.add("suggested"));
    root.dataset.suggested = suggest ? String(suggest.action) : "";
    await drawPanel(panel, obs, { names: seats.names });
    drawGraph();
    drawNote();
    drawDecisions();
    await drawLogAt(i);
    root.dataset.step = String(i); // said once the step is drawn (tests wait on it)
  }

  function jump(dir) {
    const steps = marked().map((p) => p.step);
    const next = dir > 0 ? steps.find((s) => s > i) : [...steps].reverse().find((s) => s < i);
    if (next !== undefined) show(next);
  }

  function drawAll() {
    root.dataset.view = viewSeat === null ? "all" : String(viewSeat);
    drawViews();
    show(i);
  }

  // ---- asking for the analysis, and its progress ------------------------------------------------------------
  function drawProgress(st) {
    root.dataset.state = st.state;
    if (st.state === "done") { progress.hidden = true; return; }
    progress.hidden = false;
    if (st.state === "failed") { progress.replaceChildren(h("p", { class: "error" }, st.error || "The analysis failed.")); return; }
    const bar = h("progress", { max: st.total || 1, value: st.done || 0, "aria-label": "Analysis progress" });
    const text = st.state === "queued"
      ? `Waiting for ${st.ahead} other analysis${st.ahead === 1 ? "" : "es"} to finish…`
      : st.total ? `Analysing: ${st.done} of ${st.total} decisions (${st.agent}, ${st.workers} worker process${st.workers === 1 ? "" : "es"})…` : "Starting the analysis…";
    progress.replaceChildren(h("p", {}, text), bar);
  }

  async function poll(st) {
    drawProgress(st);
    if (closed) return;
    if (st.state === "done") {
      analysis = st.analysis;
      const first = marked()[0];
      i = first ? first.step : i;
      drawAll();
      return;
    }
    if (st.state === "failed") return;
    timer = setTimeout(async () => {
      try { await poll(await api(`/analysis/${st.key}`)); } catch (e) { drawProgress({ state: "failed", error: e.message }); }
    }, 400);
  }

  slider.addEventListener("input", () => show(Number(slider.value)));
  goodToggle.addEventListener("change", () => { showGood = goodToggle.checked; drawDecisions(); });
  const keys = (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
    if (ev.key === "ArrowLeft") { ev.preventDefault(); show(i - 1); }
    if (ev.key === "ArrowRight") { ev.preventDefault(); show(i + 1); }
  };
  document.addEventListener("keydown", keys);
  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => show(i), 150); };
  addEventListener("resize", onResize);
  forgetMoves();
  await show(0);
  try {
    const st = matchId ? await api(`/matches/${matchId}/analysis`, { method: "POST", body: {} }) : await api("/analysis", { method: "POST", body: record });
    poll(st);
  } catch (e) {
    drawProgress({ state: "failed", error: `The match cannot be analysed: ${e.message}` });
  }
  return () => { closed = true; clearTimeout(timer); document.removeEventListener("keydown", keys); removeEventListener("resize", onResize); forgetMoves(); };
}
