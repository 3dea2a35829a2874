// The replay viewer: step forward and back through every state of a finished match (public view), with the
// arrow keys too; pieces glide between steps like in a live match.
import { drawBoard, drawPanel } from "./board.js";
import { replayChat } from "./chat.js";
import { drawLog } from "./log.js";
import { forgetMoves } from "./motion.js";
import { h } from "./notice.js";
import { isGenericRole, recordSeats } from "./seats.js";
import { icon } from "./svg.js";

// The server sends step 0's view whole and, for each later step, only the keys that changed.
export function expand(steps) {
  let obs = null;
  for (const step of steps) {
    obs = step.observation || { ...obs, ...step.changed };
    for (const key of step.removed || []) delete obs[key];
    step.observation = obs;
  }
}

export function showReplay(view, data, matchId = null) {
  expand(data.steps);
  const seats = recordSeats(data, matchId); // named as on the match page: "Sam (you)", "Alex", "Computer (easy)"
  const { names } = seats;
  let i = data.steps.length - 1;
  const board = h("div", { class: "board-area" });
  const panel = h("div", { class: "panel-area" });
  const log = h("div", { class: "log-area" });
  const where = h("span", { class: "where", id: "replay-step", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: data.steps.length - 1, value: i, id: "replay-slider", "aria-label": "Step" });
  const caption = h("p", { class: "caption" });
  const unused = h("div");

  function fit() {
    const top = board.getBoundingClientRect().top + scrollY;
    return { width: Math.max(260, board.clientWidth - 16), height: Math.max(300, innerHeight - top - 24) };
  }

  async function show(k) {
    i = Math.max(0, Math.min(data.steps.length - 1, k));
    slider.value = i;
    const step = data.steps[i];
    where.textContent = `Step ${i} of ${data.steps.length - 1}`;
    caption.textContent = captionOf(step, i);
    const obs = { ...step.observation, events: data.events.filter((e) => e.step < i) };
    await drawBoard(board, unused, obs, { choose: () => {}, canAct: false, notMoverReason: () => "This is a replay.", fit: fit(), redraw: () => show(i), names });
    await drawPanel(panel, obs, { names });
    await drawLog(log, data.game, obs.events, null, seats.words);
  }

  // What step i did, in words: who chose what; for the dice, cards and spinner, what the log says they showed.
  function captionOf(step, k) {
    if (k === 0) return "Start of the match";
    if (step.by !== "chance") return `${seats.byRole(step.by)}: ${step.label}`;
    const said = data.events.filter((e) => e.step === k - 1).map((e) => seats.words(e.text));
    return said.length ? said.join("; ") : "A hidden roll or draw";
  }

  const button = (content, id, fn, aria) => h("button", { type: "button", id, onclick: fn, "aria-label": aria }, content);
  const download = matchId
    ? h("a", { class: "button", href: `/api/matches/${matchId}/record`, download: `${data.game}-${matchId}.boardcade.json`, id: "download" }, "Download record (JSON)")
    : null;
  const r = data.result || [];
  // Who played each side and how it ended for them: "Green: Sam — won · Red: Computer (easy) — lost".
  const who = (k) => {
    const seat = seats.meta.seats[k];
    if (seat.kind === "agent" || seat.name || seats.held.includes(k)) return seats.plain(k);
    return isGenericRole(seat.role) ? seat.role : "a person";
  };
  const outcome = (k) => (!data.result ? "not finished" : r[k] > 0 ? "won" : r[k] < 0 ? "lost" : "a draw");
  // A role that is only a number is left out, unless two seats share a name (two computers at one level).
  const shared = (k) => data.players.filter((_, j) => who(j) === who(k)).length > 1;
  const result = data.players.map((p, k) => `${isGenericRole(p) && !shared(k) ? "" : `${p}: `}${who(k)} — ${outcome(k)}`).join(" · ");
  slider.addEventListener("input", () => show(Number(slider.value)));
  const keys = (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
    if (ev.key === "ArrowLeft") { ev.preventDefault(); show(i - 1); }
    if (ev.key === "ArrowRight") { ev.preventDefault(); show(i + 1); }
  };
  document.addEventListener("keydown", keys);
  view.replaceChildren(
    h("header", { class: "match-head" }, h("h2", {}, `Replay: ${data.title}`), h("p", { class: "replay-seats" }, result)),
    h("div", { class: "replay-controls" },
      button(icon("first"), "first", () => show(0), "First step"), button([icon("back"), "Back"], "back", () => show(i - 1)),
      where, button(["Forward", icon("forward")], "forward", () => show(i + 1)), button(icon("last"), "last", () => show(data.steps.length - 1), "Last step"),
      slider, download, h("a", { class: "button", id: "analyse", href: matchId ? `#/analyse/${matchId}` : "#/analyse/file" }, "Analyse")),
    caption,
    h("div", { class: "play-grid" }, h("section", { class: "board-col" }, board), h("aside", { class: "side-col" }, panel, log, matchId ? replayChat(matchId) : null)),
  );
  forgetMoves();
  show(i);
  return () => { document.removeEventListener("keydown", keys); forgetMoves(); };
}
