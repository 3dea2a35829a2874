// A live match: one WebSocket holding every seat this browser has a token for (several = hot-seat). The server
// sends each held seat its own view, then only what changed. A seat's view is shown only after a "pass the
// device" screen when the turn moves to another person on this device. The action bar (sticky at the bottom of
// the screen) always says whose turn it is and holds the choices that have no place on the board; at the end
// it becomes the result panel with "Rematch".
import { api, forgetSeat, invitesFor, saveTokens, tokensFor } from "./api.js";
import { resetTitle, turnSignal } from "./attention.js";
import { drawBoard, drawPanel, gameModule } from "./board.js";
import { drawLog } from "./log.js";
import { forgetMoves } from "./motion.js";
import { h, notify } from "./notice.js";
import { openRules } from "./rules.js";
import { drawLinks, drawSeats, seatName } from "./seats.js";

function setConn(text) { document.getElementById("conn").textContent = text; }

let keyboardUser = false;
addEventListener("keydown", (e) => { if (["Tab", "Enter", " "].includes(e.key)) keyboardUser = true; }, true);
addEventListener("pointerdown", () => { keyboardUser = false; }, true);

export function showPlay(view, matchId, { spectate = false } = {}) {
  let tokens = spectate ? {} : tokensFor(matchId);
  let seats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  const refused = new Set(); // held seats whose stored token the server did not accept (kept, not deleted)
  let meta = null;
  let latest = {}; // seat (or "spectator") -> {version, observation}
  let shown = null;
  let pending = null; // {label} while a move is on its way
  let lastMine = null; // {version, label}: what this browser chose last (some choices add no log line)
  let ws = null;
  let connected = false;
  let closed = false;
  let retry = 0;
  let nextId = 1;
  let barHeight = 76;
  // The hint (issue 15): the medium computer player's suggestion for the position shown, asked for on request.
  // A server without the hint endpoint answers 404: the button then stays hidden for this match.
  let hintOffered = false; // until the server shows it has the endpoint (a seatless ask is refused, not 404)
  let hint = null; // {seat, version, text, action}

  const title = h("h2", { class: "match-title" }, "Loading the match…");
  const seatList = h("ul", { class: "players", "aria-label": "Players" });
  const rulesButton = h("button", { type: "button", class: "rules-button" }, "Rules");
  const head = h("header", { class: "match-head" }, h("div", { class: "title-row" }, title, rulesButton), seatList);
  const problem = h("div", { class: "seat-problem", role: "alert", hidden: true });
  const board = h("div", { class: "board-area" });
  const pass = h("div", { class: "pass", hidden: true });
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const last = h("p", { class: "last" });
  const hud = h("div", { class: "hud" });
  const buttons = h("div", { class: "buttons" });
  const hintButton = h("button", { type: "button", class: "hint-button", "aria-describedby": "hint-text" }, "Hint");
  const hintText = h("span", { class: "hint-text", id: "hint-text", role: "status" });
  const hintRow = h("div", { class: "hint-row", hidden: true }, hintButton, hintText);
  const bar = h("div", { class: "action-bar", role: "region", "aria-label": "Your move" }, hud, h("div", { class: "bar-main" }, status, last, hintRow, buttons));
  const panel = h("div", { class: "panel-area" });
  const log = h("div", { class: "log-area" });
  const links = h("div", { class: "links" });
  view.replaceChildren(h("div", { class: "match" }, head, problem,
    h("div", { class: "play-grid" }, h("section", { class: "board-col" }, board, pass, bar), h("aside", { class: "side-col" }, panel, log, links))));

  const held = () => seats.filter((s) => !refused.has(s));
  const name = (p) => (meta ? seatName(meta, p) : `Player ${p + 1}`);
  const role = (p) => (meta ? meta.seats[p].role : `Player ${p + 1}`);
  const current = () => {
    const any = latest[shown] || Object.values(latest)[0];
    return any ? any.observation : null;
  };
  rulesButton.addEventListener("click", () => meta && openRules(meta.game));
  hintButton.addEventListener("click", askHint);

  async function askHint() {
    const seat = shown;
    const version = latest[seat]?.version;
    hintButton.disabled = true;
    hintText.textContent = "The computer (medium) is thinking…";
    try {
      const r = await api(`/matches/${matchId}/hint`, { method: "POST", body: { seat, token: tokens[seat] } });
      hint = { seat, version, action: r.action, text: `Hint: ${r.label} (${Math.round(r.visit_share * 100)}% of visits)` };
    } catch (e) {
      if (e.code === "http_404" || e.code === "http_405") hintOffered = false;
      hint = hintOffered ? { seat, version, action: null, text: `No hint: ${e.message}` } : null;
    } finally {
      hintButton.disabled = false;
    }
    render();
  }

  function drawHint(canAct) {
    hintRow.hidden = !(canAct && hintOffered);
    const fresh = hint && hint.seat === shown && hint.version === latest[shown]?.version;
    hintText.textContent = fresh ? hint.text : "";
    board.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    if (fresh && hint.action !== null) {
      board.querySelectorAll(`[data-action="${hint.action}"]`).forEach((el) => el.classList.add("hinted"));
      buttons.querySelectorAll(`[data-action="${hint.action}"]`).forEach((el) => el.classList.add("hinted"));
    }
  }

  // ---- what the bar says --------------------------------------------------------------------------------
  function statusFor(obs, mod, canAct) {
    const p = obs.current_player;
    if (!connected) return [retry ? "Reconnecting… your moves wait until the connection is back." : "Connecting…", "waiting"];
    if (pending) return [`Sending your move: ${pending.label}…`, "waiting"];
    if (canAct) return [(mod && mod.prompt && mod.prompt(obs)) || obs.prompt, "mine"]; // the game's own question (core/prompts.py)
    if (p < 0) return ["Rolling…", "waiting"];
    const s = meta.seats[p];
    if (s.kind === "agent") return [`${name(p)} is thinking`, "thinking"];
    if (held().includes(p)) return [`${role(p)} to move: pass the device.`, "waiting"];
    const away = s.kind === "human" && !s.connected ? (s.claimed ? " (away)" : " (nobody has joined yet)") : "";
    return [`Waiting for ${name(p)}${s.name ? ` (${role(p)})` : ""}${away}…`, "waiting"];
  }

  function lastLine(obs) {
    const ev = obs.events[obs.events.length - 1];
    if (lastMine && lastMine.seat === shown && lastMine.version === latest[shown]?.version) return `You chose: ${lastMine.label}`;
    return ev ? `Last: ${ev.text}` : "";
  }

  function endPanel(obs, mod) {
    const r = obs.returns || [];
    const mine = held();
    const winners = meta.seats.map((_, p) => p).filter((p) => r[p] > 0);
    let headline = winners.length ? `${winners.map(name).join(" & ")} won` : "A draw";
    if (mine.length && mine.length < meta.seats.length) headline = winners.some((p) => mine.includes(p)) ? "You won!" : winners.length ? `You lost: ${winners.map(name).join(" & ")} won` : "A draw";
    const ending = obs.events[obs.events.length - 1];
    const score = mod && mod.summary ? mod.summary(obs) : null;
    const again = mine.length
      ? h("button", { type: "button", id: "rematch", class: "primary", onclick: rematch }, meta.rematch_id ? "Join the rematch" : "Rematch")
      : meta.rematch_id ? h("a", { class: "button", href: `#/watch/${meta.rematch_id}` }, "Watch the rematch") : null;
    return h("div", { class: "result", role: "status" },
      h("p", { class: "headline" }, `Match over: ${headline}.`),
      score ? h("p", { class: "score" }, score) : null,
      ending ? h("p", { class: "ending" }, ending.text) : null,
      h("div", { class: "end-actions" }, again,
        h("a", { class: "button", href: `#/replay/${matchId}` }, "Watch the replay"),
        h("a", { class: "button analyse-link", href: `#/analyse/${matchId}` }, "Analyse"),
        h("a", { class: "button", href: "#/" }, "New game")));
  }

  // ---- drawing ------------------------------------------------------------------------------------------
  let drawing = false;
  let again = false;
  async function render() {
    if (drawing) { again = true; return; }
    drawing = true;
    try {
      do { again = false; await draw(); } while (again);
    } finally {
      drawing = false;
    }
  }

  function fit() {
    const top = board.getBoundingClientRect().top + scrollY;
    const styles = getComputedStyle(board);
    const padX = parseFloat(styles.paddingLeft) + parseFloat(styles.paddingRight);
    const padY = parseFloat(styles.paddingTop) + parseFloat(styles.paddingBottom);
    return { width: Math.max(260, board.clientWidth - padX), height: Math.max(300, innerHeight - top - barHeight - padY - 12) };
  }

  async function draw() {
    const any = current();
    if (!meta || !any) return;
    const obs0 = any;
    title.textContent = meta.title + (held().length ? "" : " — watching");
    drawSeats(seatList, meta, obs0, held());
    drawLinks(links, meta, invitesFor(matchId), render);
    let want = shown;
    const mine = held();
    if (mine.length) want = mine.includes(obs0.current_player) ? obs0.current_player : mine.includes(shown) ? shown : mine[0];
    else want = "spectator";
    if (mine.length > 1 && want !== shown && !obs0.is_terminal) {
      board.hidden = true;
      pass.hidden = false;
      buttons.replaceChildren();
      hud.replaceChildren();
      hintRow.hidden = true;
      status.textContent = `${role(want)} to move: pass the device.`;
      status.className = "status waiting";
      last.textContent = "";
      const ok = h("button", { type: "button", class: "pass-ok primary", onclick: () => { shown = want; forgetMoves(); render(); } }, `I am ${name(want)}${meta.seats[want].name ? ` (${role(want)})` : ""}: show my view`);
      pass.replaceChildren(h("p", {}, `Pass the device to ${name(want)}.`), h("p", { class: "small-print" }, "The other view stays hidden until they tap."), ok);
      turnSignal(true, meta.title);
      if (keyboardUser) ok.focus();
      return;
    }
    shown = want;
    pass.hidden = true;
    pass.replaceChildren();
    board.hidden = false;
    const msg = latest[shown] || latest[Object.keys(latest)[0]];
    const obs = msg.observation;
    bar.dataset.version = String(msg.version); // which view is drawn (tests wait on it)
    const canAct = connected && !pending && shown !== "spectator" && obs.current_player === shown && !obs.is_terminal;
    const focusInBoard = board.contains(document.activeElement) || bar.contains(document.activeElement) || document.activeElement === document.body;
    const mod = await gameModule(obs.game);
    board.classList.toggle("inactive", !canAct && !obs.is_terminal);
    const [text, kind] = statusFor(obs, mod, canAct);
    if (obs.is_terminal) {
      status.replaceChildren(endPanel(obs, mod));
      status.className = "status over";
    } else {
      status.textContent = text;
      status.className = `status ${kind}`;
    }
    // The tab title says what the status bar says, from the same moment; a move of ours in flight keeps the
    // turn ours (no fresh chime for each hop of one turn).
    turnSignal(canAct || (!!pending && !obs.is_terminal), meta.title);
    last.textContent = obs.is_terminal ? "" : lastLine(obs);
    hud.replaceChildren();
    if (mod && mod.hud) { try { const el = mod.hud(obs); if (el) hud.append(el); } catch (e) { console.error(e); } }
    hintRow.hidden = !(canAct && hintOffered); // before measuring the room the bar leaves the board
    await drawBoard(board, buttons, obs, { choose, canAct, notMoverReason, fit: fit() });
    board.querySelector("svg.board")?.setAttribute("data-match", matchId);
    if (Math.abs(bar.offsetHeight - barHeight) > 6) {
      barHeight = bar.offsetHeight; // the bar grew or shrank (more buttons): fit the board again
      await drawBoard(board, buttons, obs, { choose, canAct, notMoverReason, fit: fit() });
    }
    await drawPanel(panel, obs);
    await drawLog(log, obs.game, obs.events);
    drawHint(canAct);
    if (canAct && keyboardUser && focusInBoard) {
      const first = board.querySelector(".choice") || buttons.querySelector("button");
      if (first) first.focus({ preventScroll: false });
    }
  }

  function notMoverReason() {
    const obs = current();
    if (!connected) return "Not connected: reconnecting… try again in a moment.";
    if (pending) return "Wait: your previous move is still being sent.";
    if (shown === "spectator") return "You are watching: spectators cannot move.";
    if (!obs) return "Not connected yet.";
    if (obs.is_terminal) return "The match is over.";
    if (obs.current_player < 0) return "Waiting for a die roll.";
    return `It is ${name(obs.current_player)}'s turn, not yours.`;
  }

  function choose(info) {
    if (!connected || !ws || ws.readyState !== WebSocket.OPEN) { notify("Not connected: reconnecting… your move was not sent.", "warn"); render(); return; }
    if (pending) { notify("Wait: your previous move is still being sent.", "warn"); return; }
    const msg = latest[shown];
    pending = { label: info.label, id: nextId++, seat: shown };
    ws.send(JSON.stringify({ type: "action", seat: shown, version: msg.version, action: info.action, id: pending.id }));
    render();
  }

  // ---- rematch ------------------------------------------------------------------------------------------
  // Each seat this browser holds gets its seat in the new match (seats swap, see docs/server.md).
  async function rematch() {
    try {
      let next = null;
      for (const seat of held()) {
        const r = await api(`/matches/${matchId}/rematch`, { method: "POST", body: { seat, token: tokens[seat] } });
        saveTokens(r.id, { [r.seat]: r.token });
        next = r.id;
      }
      location.hash = `#/play/${next}`;
    } catch (e) {
      notify(e.message, "error");
    }
  }

  // ---- seats the server refused -------------------------------------------------------------------------
  async function checkSeats() {
    for (const seat of seats) {
      try {
        await api(`/matches/${matchId}/view`, { method: "POST", body: { seat, token: tokens[seat] } });
      } catch (e) {
        if (e.code === "bad_token") refused.add(seat);
      }
    }
    if (!refused.size) return;
    const which = [...refused].map((p) => `seat ${p + 1}`).join(", ");
    const forget = h("button", { type: "button", onclick: () => { refused.forEach((p) => forgetSeat(matchId, p)); location.reload(); } }, "Forget it on this browser");
    problem.replaceChildren(
      h("p", {}, `The server no longer accepts this browser's token for ${which}: the host may have handed the seat to someone else, or the match ended. ${held().length ? "You still play your other seats." : "You are watching instead."}`),
      h("p", { class: "small-print" }, "The token stays saved here in case this is a mistake. "), forget);
    problem.hidden = false;
  }

  // ---- the connection -----------------------------------------------------------------------------------
  function onMessage(ev) {
    const msg = JSON.parse(ev.data);
    if (msg.type === "welcome") {
      meta = msg.match;
      retry = 0;
      connected = true;
      setConn("connected");
      if (meta.rematch_id) render();
    } else if (msg.type === "state") {
      latest[msg.seat === null ? "spectator" : msg.seat] = { version: msg.version, observation: msg.observation };
      if (msg.seat !== null && meta) meta.status = msg.observation.is_terminal ? "finished" : "active";
      render();
    } else if (msg.type === "delta") {
      // Only what changed since version `from`; a gap means a lost message: ask for the whole view again.
      const key = msg.seat === null ? "spectator" : msg.seat;
      const heldView = latest[key];
      if (!heldView || heldView.version !== msg.from) { ws.send(JSON.stringify({ type: "sync" })); return; }
      const observation = { ...heldView.observation, ...msg.changed, events: heldView.observation.events.concat(msg.events) };
      for (const k of msg.removed || []) delete observation[k];
      latest[key] = { version: msg.version, observation };
      if (meta && observation.is_terminal) meta.status = "finished";
      render();
    } else if (msg.type === "seats") {
      if (meta) { meta.seats = msg.seats; render(); }
    } else if (msg.type === "notice") {
      notify(msg.message, "warn");
    } else if (msg.type === "rematch") {
      if (meta) { meta.rematch_id = msg.rematch; render(); }
      if (held().length) notify("A rematch is ready: press “Join the rematch” to take your seat.", "info");
    } else if (msg.type === "ack") {
      if (pending && msg.id === pending.id) lastMine = { seat: pending.seat, version: msg.version, label: pending.label };
      pending = null;
      render();
    } else if (msg.type === "error") {
      pending = null;
      if (!meta && msg.code === "bad_token") {
        // The hello was refused: find which stored token is at fault, then join with the others (or watch).
        checkSeats().then(() => { try { ws.close(); } catch { /* already closed */ } });
        return;
      }
      notify(msg.message, "error");
      render();
    }
  }

  function connect() {
    if (closed) return;
    setConn(retry ? "reconnecting…" : "connecting…");
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${proto}//${location.host}/ws/matches/${matchId}`);
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", seats: held().map((seat) => ({ seat, token: tokens[seat] })) }));
    socket.onmessage = onMessage;
    socket.onclose = (ev) => {
      if (ws !== socket) return;
      connected = false;
      if (pending) notify("The connection dropped while your move was on its way; the board will show whether it counted.", "warn");
      pending = null;
      if (closed) return;
      if (ev.code === 4404) {
        view.replaceChildren(h("div", { class: "page-message" }, h("h2", {}, "No such match"), h("p", {}, "It may have expired or the link is wrong."), h("a", { class: "button", href: "#/" }, "Back to the games")));
        return;
      }
      if (ev.code === 4403) checkSeats();
      setConn("reconnecting…");
      retry = Math.min(retry + 1, 5);
      render();
      setTimeout(connect, meta === null && refused.size ? 0 : 200 * 2 ** retry);
    };
  }

  api(`/matches/${matchId}/hint`, { method: "POST", body: {} })
    .then(() => true, (e) => !["http_404", "http_405", "not_found"].includes(e.code))
    .then((has) => { hintOffered = has && !spectate; bar.dataset.hint = hintOffered ? "offered" : "none"; render(); });

  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(render, 150); };
  addEventListener("resize", onResize);
  connect();
  return () => {
    closed = true;
    removeEventListener("resize", onResize);
    if (ws) ws.close();
    setConn("");
    resetTitle();
    forgetMoves();
  };
}
