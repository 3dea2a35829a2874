// A live match on screen. The connection (connection.js) holds the socket, the views and versions and the move
// on its way; this renderer draws them. A seat's view is shown only after a "pass the device" screen when the
// turn moves to another person on this device. The action bar (sticky at the bottom of the screen) always says
// whose turn it is and holds the choices that have no place on the board; at the end it becomes the result
// panel with "Rematch".
import { api, forgetSeat, invitesFor, saveTokens } from "./api.js";
import { notifyToggle, resetTitle, turnSignal } from "./attention.js";
import { drawBoard, drawPanel, gameModule } from "./board.js";
import { ChatBox } from "./chat.js";
import { chessLeft, chessLow, chessWords, clockLeft, clockWords, drawMatchMenu, drawOfferRow } from "./ending.js";
import { MatchConnection } from "./connection.js";
import { drawLog } from "./log.js";
import { forgetMoves } from "./motion.js";
import { fill, h, notify } from "./notice.js";
import { openRules } from "./rules.js";
import { PACES, Playback, paceName, setPace } from "./pace.js";
import { drawLinks, drawSeats, isGenericRole, namedText, seatChip, seatName, seatWho } from "./seats.js";

function setConn(text) { document.getElementById("conn").textContent = text; }

// How sure the computer (medium) is of its hint, in words: the share of its search spent on that move.
function sureness(share) {
  if (share >= 0.5) return "The computer (medium) is fairly sure this is the best move.";
  if (share >= 0.25) return "The computer (medium) prefers it, but other moves come close.";
  return "A close call: the computer (medium) finds several moves about as good.";
}

let keyboardUser = false;
addEventListener("keydown", (e) => { if (["Tab", "Enter", " "].includes(e.key)) keyboardUser = true; }, true);
addEventListener("pointerdown", () => { keyboardUser = false; }, true);

class MatchTable {
  constructor(view, matchId, conn, spectate) {
    this.view = view;
    this.matchId = matchId;
    this.conn = conn;
    this.shown = null; // the seat whose view is on screen ("spectator" when watching)
    this.barHeight = 76;
    // The hint (issue 15): the medium computer player's suggestion for the position shown, asked for on
    // request, offered to a player (not a spectator). Nothing is asked for in advance (a probe would be refused
    // and log an error on every match page); a server without the hint endpoint answers the first ask with 404,
    // and the button then goes away for this match.
    this.hintOffered = !spectate;
    this.hint = null; // {seat, version, text, action}
    this.playback = new Playback(matchId, () => this.render());
    this.away = null; // {key, events}: what happened while this seat's view was not watched
    this.drawing = false;
    this.again = false;
    this.closed = false;
    this.build();
    this.bar.dataset.hint = this.hintOffered ? "offered" : "none";
  }

  build() {
    this.title = h("h2", { class: "match-title" }, "Loading the match…");
    this.seatList = h("ul", { class: "players", "aria-label": "Players" });
    const rulesButton = h("button", { type: "button", class: "rules-button", onclick: () => this.conn.meta && openRules(this.conn.meta.game) }, "Rules");
    const pace = h("select", { class: "pace", "aria-label": "Replay speed of the other side's moves" },
      PACES.map(([value, label]) => h("option", { value, selected: value === paceName() }, label)));
    pace.addEventListener("change", () => { setPace(pace.value); if (pace.value === "instant") this.playback.skip(this.shown); });
    const paceField = h("label", { class: "pace-field", title: "How fast the other side's moves are shown, step by step" }, h("span", {}, "Their moves:"), pace);
    this.menu = h("div", { class: "match-actions", hidden: true });
    // "Your turn" notifications while this tab is in the background: for a player, asked for with a click.
    const notifyButton = this.hintOffered ? notifyToggle(h) : null;
    // The chess clocks (SV-CL4), by the seats: each person's time, the running one ticking.
    this.chess = h("div", { class: "chess-clocks", role: "timer", "aria-label": "Clocks", hidden: true });
    const head = h("header", { class: "match-head" }, h("div", { class: "title-row" }, this.title, rulesButton, paceField, notifyButton, this.menu), this.seatList, this.chess);
    this.problem = h("div", { class: "seat-problem", role: "alert", hidden: true });
    this.board = h("div", { class: "board-area" });
    this.awayBox = h("section", { class: "away", "aria-label": "While you were away", hidden: true });
    this.skipButton = h("button", { type: "button", class: "skip", onclick: () => this.playback.skip(this.shown) }, "Skip to now");
    this.pass = h("div", { class: "pass", hidden: true });
    this.status = h("p", { class: "status", role: "status", "aria-live": "polite" });
    this.last = h("p", { class: "last" });
    this.clock = h("p", { class: "turn-clock", role: "timer", hidden: true });
    this.offerBox = h("div", { class: "offer-box" });
    this.hud = h("div", { class: "hud" });
    this.buttons = h("div", { class: "buttons" });
    this.hintButton = h("button", { type: "button", class: "hint-button", "aria-describedby": "hint-text", onclick: () => this.askHint() }, "Hint");
    this.hintText = h("span", { class: "hint-text", id: "hint-text", role: "status" });
    this.hintRow = h("div", { class: "hint-row", hidden: true }, this.hintButton, this.hintText);
    // Take back my last decision of this turn (core/undo.py): shown only when the server says I may.
    this.undoButton = h("button", { type: "button", class: "undo-button", hidden: true, title: "Take back your last decision of this turn", onclick: () => this.undo() }, "Undo");
    this.bar = h("div", { class: "action-bar", role: "region", "aria-label": "Your move" }, this.hud, h("div", { class: "bar-main" }, this.status, this.clock, this.offerBox, this.last, this.toolRow = h("div", { class: "tool-row" }, this.undoButton, this.hintRow), this.buttons));
    this.panel = h("div", { class: "panel-area" });
    this.log = h("div", { class: "log-area" });
    this.links = h("div", { class: "links" });
    // Chat (chat.js): a hot-seat device speaks as the seat on screen; earlier lines are read with a held seat.
    const chatSeat = () => { const seat = this.conn.held()[0]; return seat === undefined ? null : { seat, token: this.conn.tokens[seat] }; };
    this.chat = new ChatBox(this.matchId, (body) => this.conn.chat(this.conn.held().length > 1 && this.conn.held().includes(this.shown) ? { ...body, seat: this.shown } : body), chatSeat);
    this.view.replaceChildren(h("div", { class: "match" }, head, this.problem,
      h("div", { class: "play-grid" }, this.boardCol = h("section", { class: "board-col" }, this.board, this.pass, this.bar), this.sideCol = h("aside", { class: "side-col" }, this.panel, this.chat.element, this.log, this.links))));
  }

  name(p) { return this.conn.meta ? seatName(this.conn.meta, p, this.conn.held()) : `Player ${p + 1}`; }
  names() { return this.conn.meta ? this.conn.meta.seats.map((_, p) => this.name(p)) : undefined; }
  // What the board, the facts panel and the end's score call each seat: as its chip does ("a player", never "Player 2").
  whos() { return this.conn.meta ? this.conn.meta.seats.map((_, p) => seatWho(this.conn.meta, p, this.conn.held())) : undefined; }
  // Who moved, told apart: a name several seats share (three computers) gives way to the seat's role.
  mover(p) {
    const names = this.names() || [];
    return names.filter((n) => n === names[p]).length > 1 ? this.role(p) : this.name(p);
  }
  words(text) { return namedText(this.conn.meta, this.conn.held(), text); }
  role(p) { return this.conn.meta ? this.conn.meta.seats[p].role : `Player ${p + 1}`; }
  // A named seat's role, where it says something: "Ada (Gnome)"; not "Ada (Player 1)".
  roleNote(p) { const s = this.conn.meta?.seats[p]; return s && s.name && !isGenericRole(s.role) ? ` (${s.role})` : ""; }
  // The frame on screen (or to be): the shown seat's, else the first view held.
  frame() {
    const pb = this.playback;
    if (this.shown !== null && pb.shown(this.shown)) return pb.shown(this.shown);
    const first = Object.keys(pb.keys).find((k) => pb.shown(k));
    return first === undefined ? null : pb.shown(first);
  }
  current() { return this.frame()?.observation || null; }

  // ---- undo -------------------------------------------------------------------------------------------
  undo() {
    if (!this.conn.undo(this.shown)) return;
    this.undoButton.hidden = true;
    this.hint = null; // it was for the position being taken back
    this.render();
  }

  // ---- the hint ---------------------------------------------------------------------------------------
  async askHint() {
    const seat = this.shown;
    const version = this.conn.latest[seat]?.version;
    this.hintButton.disabled = true;
    this.hintText.textContent = "The computer (medium) is thinking…";
    try {
      const r = await api(`/matches/${this.matchId}/hint`, { method: "POST", body: { seat, token: this.conn.tokens[seat] } });
      this.hint = { seat, version, action: r.action, text: `Hint: ${r.label}. ${sureness(r.visit_share)}` };
    } catch (e) {
      if (["http_404", "http_405"].includes(e.code)) { this.hintOffered = false; this.bar.dataset.hint = "none"; }
      this.hint = this.hintOffered ? { seat, version, action: null, text: `No hint: ${e.message}` } : null;
    } finally {
      this.hintButton.disabled = false;
    }
    this.render();
  }

  drawHint(canAct) {
    const { hint, board, buttons } = this;
    this.hintRow.hidden = !(canAct && this.hintOffered);
    this.toolRow.hidden = this.undoButton.hidden && this.hintRow.hidden;
    const fresh = hint && hint.seat === this.shown && hint.version === this.conn.latest[this.shown]?.version;
    this.hintText.textContent = fresh ? hint.text : "";
    board.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    if (fresh && hint.action !== null) {
      board.querySelectorAll(`[data-action="${hint.action}"]`).forEach((el) => el.classList.add("hinted"));
      buttons.querySelectorAll(`[data-action="${hint.action}"]`).forEach((el) => el.classList.add("hinted"));
    }
  }

  // ---- what the bar says ------------------------------------------------------------------------------
  statusFor(obs, mod, canAct, replaying, frame) {
    const { conn } = this;
    const p = obs.current_player;
    if (!conn.connected) return [conn.retry ? "Reconnecting… your moves wait until the connection is back." : "Connecting…", "waiting"];
    if (conn.pending) return [conn.pending.undo ? "Taking back your last decision…" : `Sending your move: ${conn.pending.label}…`, "waiting"];
    if (replaying) {
      const whose = frame.mover === null ? "The other side's" : frame.mover >= 0 ? `${this.mover(frame.mover)}'s` : "The dice's";
      return [`${whose} move, step by step`, "replaying"];
    }
    // The game's own question (core/prompts.py); at a hot-seat table, to the person by name: "Ada: Place your…".
    if (canAct) return [`${conn.held().length > 1 ? `${this.name(p)}: ` : ""}${this.words(obs.prompt) || "Your turn."}`, "mine"];
    if (p < 0) return ["Rolling…", "waiting"];
    const s = conn.meta.seats[p];
    if (s.kind === "agent") return [`${this.name(p)} is thinking`, "thinking"];
    if (s.computer_turn) return [`Time ran out: the computer (${s.computer_turn}) is playing this turn for ${this.name(p)}`, "thinking"];
    if (conn.held().includes(p)) return [`${this.name(p)} to move: pass the device.`, "waiting"];
    const away = s.kind === "human" && !s.connected ? (s.claimed ? " (away)" : " (nobody has joined yet)") : "";
    return [`Waiting for ${this.name(p)}${this.roleNote(p)}${away}…`, "waiting"];
  }

  // The bar's last line: what this browser chose last, else what the other side just did (its move, not the
  // dice rolled for the next turn), else the last event.
  lastLine(frame) {
    const { lastMine } = this.conn;
    const obs = frame.observation;
    if (lastMine && lastMine.seat === this.shown && lastMine.version === frame.version) return `You chose: ${lastMine.label}`;
    if (frame.mover !== null && frame.mover !== this.shown) {
      const own = obs.events.filter((e) => e.step === frame.from);
      const texts = (own.length ? own : obs.events.filter((e) => e.step >= frame.from)).map((e) => e.text);
      if (texts.length) return `${frame.mover >= 0 ? this.mover(frame.mover) : "Dice"}: ${this.words(texts.join("; "))}`;
    }
    const ev = obs.events[obs.events.length - 1];
    return ev ? `Last: ${this.words(ev.text)}` : "";
  }

  // "While you were away": the events this seat's view went past without showing them step by step.
  drawAway() {
    const away = this.away && this.away.key === this.shown ? this.away : null;
    this.awayBox.hidden = !away;
    if (!away) { this.awayBox.replaceChildren(); return; }
    // Beside the board at a desk (the board keeps its room), above it on a narrow screen (seen first).
    const [col, before] = matchMedia("(max-width: 900px)").matches ? [this.boardCol, this.board] : [this.sideCol, this.panel];
    if (this.awayBox.nextSibling !== before) col.insertBefore(this.awayBox, before);
    const MAX = 12;
    const events = away.events.slice(-MAX);
    const earlier = away.events.length - events.length;
    fill(this.awayBox,
      h("div", { class: "away-head" }, h("h3", {}, "While you were away"),
        h("button", { type: "button", class: "away-close", onclick: () => { this.away = null; this.render(); } }, "Got it")),
      earlier ? h("p", { class: "small-print" }, `${earlier} earlier ${earlier === 1 ? "step is" : "steps are"} in the log.`) : null,
      h("ol", { class: "away-list" }, events.map((e) => h("li", {}, this.words(e.text)))));
  }

  endPanel(obs, mod) {
    const { meta } = this.conn;
    const r = obs.returns || [];
    const mine = this.conn.held();
    const name = (p) => this.name(p);
    const winners = meta.seats.map((_, p) => p).filter((p) => r[p] > 0);
    let headline = winners.length ? `${winners.map(name).join(" & ")} won` : "A draw";
    if (mine.length && mine.length < meta.seats.length) headline = winners.some((p) => mine.includes(p)) ? "You won!" : winners.length ? `You lost: ${winners.map(name).join(" & ")} won` : "A draw";
    const aborted = meta.status === "aborted";
    const computerTurns = mine.filter((p) => meta.seats[p]?.computer_turns || meta.seats[p]?.replaced); // a turn of mine ran out (END-3)
    if (aborted) headline = "Aborted, no result";
    const ending = obs.events[obs.events.length - 1];
    const score = mod && mod.summary ? mod.summary(obs, { names: this.whos() }) : null;
    const again = aborted ? null : mine.length
      ? h("button", { type: "button", id: "rematch", class: "primary", onclick: () => this.rematch() }, meta.rematch_id ? "Join the rematch" : "Rematch")
      : meta.rematch_id ? h("a", { class: "button", href: `#/watch/${meta.rematch_id}` }, "Watch the rematch") : null;
    return h("div", { class: "result", role: "status" },
      h("p", { class: "headline" }, `Match over: ${headline}${/[.!?]$/.test(headline) ? "" : "."}`),
      score ? h("p", { class: "score" }, score) : null,
      ending ? h("p", { class: "ending" }, this.words(ending.text)) : null,
      computerTurns.length ? h("p", { class: "stood-in" }, `The computer played for you${mine.length > 1 ? ` (${computerTurns.map((p) => this.role(p)).join(", ")})` : ""} when your time for a turn ran out (END-3).`) : null,
      h("div", { class: "end-actions" }, again,
        aborted ? null : h("a", { class: "button", href: `#/replay/${this.matchId}` }, "Watch the replay"),
        aborted ? null : h("a", { class: "button analyse-link", href: `#/analyse/${this.matchId}` }, "Analyse"),
        h("a", { class: "button", href: "#/" }, "New game")));
  }

  // ---- drawing ----------------------------------------------------------------------------------------
  async render() {
    if (this.closed) return; // the page was left (a late answer, a resize): nothing to draw into
    if (this.drawing) { this.again = true; return; }
    this.drawing = true;
    try {
      do { this.again = false; await this.draw(); } while (this.again && !this.closed);
    } finally {
      this.drawing = false;
    }
  }

  fit() {
    const { board } = this;
    const top = board.getBoundingClientRect().top + scrollY;
    const styles = getComputedStyle(board);
    const padX = parseFloat(styles.paddingLeft) + parseFloat(styles.paddingRight);
    const padY = parseFloat(styles.paddingTop) + parseFloat(styles.paddingBottom);
    const free = innerHeight - top - this.barHeight - padY - 12; // between the board's top and the action bar
    // height: what a board is scaled to (never under 300 px: below that it scrolls); free: the room really left,
    // for a board that pans in its own viewport (Atari on a phone) and can end above the bar however tall it is.
    return { width: Math.max(260, board.clientWidth - padX), height: Math.max(300, free), free };
  }

  // The "pass the device" screen: nothing of the last player's view stays in the page (board, facts, log,
  // the bar's choices, hint and last line are emptied, not just hidden from sight) until the next person
  // confirms who they are.
  drawPass(want) {
    const { meta } = this.conn;
    this.board.hidden = true;
    this.board.replaceChildren();
    this.panel.replaceChildren();
    this.log.replaceChildren(h("h3", {}, "Log"), h("p", { class: "small-print" }, "Hidden while the device is passed."));
    this.pass.hidden = false;
    this.menu.hidden = true;
    this.offerBox.replaceChildren();
    this.tick();
    this.buttons.replaceChildren();
    this.hud.replaceChildren();
    this.hintRow.hidden = true;
    this.undoButton.hidden = true;
    this.toolRow.hidden = true;
    this.hintText.textContent = "";
    this.status.textContent = `${this.name(want)}${this.roleNote(want)} to move: pass the device.`;
    this.status.className = "status waiting";
    this.last.textContent = "";
    const ok = h("button", { type: "button", class: "pass-ok primary", onclick: () => { this.shown = want; forgetMoves(); this.render(); } }, `I am ${this.name(want)}${this.roleNote(want)}: show my view`);
    this.pass.replaceChildren(h("p", {}, `Pass the device to ${this.name(want)}.`), h("p", { class: "small-print" }, "The other view stays hidden until they tap."), ok);
    turnSignal(true, meta.title);
    if (keyboardUser) ok.focus();
  }

  async draw() {
    const { conn, board, bar, status, buttons, playback } = this;
    const { meta } = conn;
    const obs0 = this.current();
    if (!meta || !obs0) return;
    this.title.textContent = meta.title + (conn.held().length ? "" : " — watching");
    drawSeats(this.seatList, meta, obs0, conn.held());
    this.drawChess();
    drawLinks(this.links, meta, invitesFor(this.matchId), () => this.render());
    this.chat.update(meta, conn.held());
    let want = this.shown;
    const mine = conn.held();
    if (mine.length) want = mine.includes(obs0.current_player) ? obs0.current_player : mine.includes(this.shown) ? this.shown : mine[0];
    else want = "spectator";
    if (mine.length > 1 && want !== this.shown && !obs0.is_terminal) {
      playback.hidden();
      this.awayBox.hidden = true;
      this.drawPass(want);
      return;
    }
    this.shown = want;
    this.pass.hidden = true;
    this.pass.replaceChildren();
    board.hidden = false;
    const frame = playback.shown(want) || this.frame();
    const obs = frame.observation;
    bar.dataset.version = String(frame.version); // which view is drawn (tests wait on it)
    const missed = playback.drawn(want, frame);
    if (missed) this.away = { key: want, events: missed };
    this.drawAway();
    // Replaying: older steps of the other side are on screen; the newest view is still to come.
    const replaying = playback.playing(want) || frame.version !== conn.latest[want]?.version;
    bar.dataset.replaying = replaying ? "yes" : "no";
    const canAct = conn.connected && !conn.pending && !replaying && this.shown !== "spectator" && obs.current_player === this.shown && !obs.is_terminal && !meta.seats[this.shown]?.computer_turn;
    const focusInBoard = board.contains(document.activeElement) || bar.contains(document.activeElement) || document.activeElement === document.body;
    const mod = await gameModule(obs.game);
    if (this.closed) return;
    board.classList.toggle("inactive", !canAct && !obs.is_terminal);
    const [text, kind] = this.statusFor(obs, mod, canAct, replaying && !obs.is_terminal, frame);
    if (obs.is_terminal && !replaying) {
      status.replaceChildren(this.endPanel(obs, mod));
      status.className = "status over";
    } else {
      status.textContent = text;
      status.className = `status ${kind}`;
    }
    // The tab title says what the status bar says, from the same moment; a move of ours in flight keeps the
    // turn ours (no fresh chime for each hop of one turn).
    turnSignal(canAct || (!!conn.pending && !obs.is_terminal), meta.title);
    this.last.textContent = obs.is_terminal && !replaying ? "" : this.lastLine(frame);
    this.hud.replaceChildren();
    if (mod && mod.hud) { try { const el = mod.hud(obs); if (el) this.hud.append(el); } catch (e) { console.error(e); } }
    this.hintRow.hidden = !(canAct && this.hintOffered); // before measuring the room the bar leaves the board
    this.undoButton.hidden = !(canAct && conn.latest[this.shown]?.undo);
    this.toolRow.hidden = this.undoButton.hidden && this.hintRow.hidden;
    const how = { choose: (info) => this.choose(info), canAct, notMoverReason: () => this.notMoverReason(), names: this.whos(), redraw: () => this.render() };
    this.barHeight = bar.offsetHeight; // the bar with this view's question, last move and hint: the board fits above it
    await drawBoard(board, buttons, obs, { ...how, fit: this.fit() });
    board.querySelector("svg.board")?.setAttribute("data-match", this.matchId);
    if (Math.abs(bar.offsetHeight - this.barHeight) > 6) {
      this.barHeight = bar.offsetHeight; // the bar grew or shrank (more buttons): fit the board again
      await drawBoard(board, buttons, obs, { ...how, fit: this.fit() });
    }
    await drawPanel(this.panel, obs, { names: how.names });
    await drawLog(this.log, obs.game, obs.events, frame.from === null ? null : [frame.from, frame.version], (t) => this.words(t));
    if (replaying) buttons.append(this.skipButton);
    this.drawHint(canAct);
    this.drawEnding(frame);
    if (!this.closed && bar.isConnected && Math.abs(bar.offsetHeight - this.barHeight) > 6) {
      this.barHeight = bar.offsetHeight; // a draw offer, the clock or the hint changed the bar: fit the board again
      await drawBoard(board, buttons, obs, { ...how, fit: this.fit() });
      if (replaying) buttons.append(this.skipButton);
      this.drawHint(canAct);
    }
    if (canAct && keyboardUser && focusInBoard) {
      const first = board.querySelector(".choice") || buttons.querySelector("button");
      if (first) first.focus({ preventScroll: false });
    }
  }

  // ---- ending the match: the Match menu, a draw offered by the other side, the turn clock ----------------
  endingContext(frame) {
    const { conn } = this;
    const seat = this.shown;
    return {
      matchId: this.matchId, meta: conn.meta, seat, token: conn.tokens[seat], version: frame.version,
      who: (p) => this.name(p), hotseat: conn.held().length > 1, redraw: () => this.render(),
    };
  }

  drawEnding(frame) {
    const ctx = this.endingContext(frame);
    drawMatchMenu(this.menu, ctx);
    const row = this.conn.meta.status === "active" ? drawOfferRow(ctx) : null;
    this.offerBox.replaceChildren(...(row ? [row] : []));
    this.tick();
  }

  // The chess clocks: one chip per person's seat, the running one marked, low time warned, a flag shown at 0.
  drawChess() {
    const { meta } = this.conn;
    const c = meta && meta.clock;
    this.chess.hidden = !c;
    if (!c) return;
    const seats = meta.seats.map((_, p) => p).filter((p) => c.left[p] !== null && c.left[p] !== undefined);
    // Each clock names its seat as the seat's chip does ("Bea (you)", "a player", "Red: Sam"): seats.js.
    const chips = seats.map((p) => seatChip(meta, p, this.conn.held()));
    const key = JSON.stringify(chips.map((chip, k) => [seats[k], chip.words]));
    if (this.chess.dataset.seats !== key) {
      this.chess.dataset.seats = key;
      this.chess.replaceChildren(...seats.map((p, k) => h("span", { class: "chess-clock", "data-seat": p, "data-name": chips[k].words },
        h("span", { class: "clock-name" }, chips[k].role ? h("span", { class: "role" }, chips[k].role) : null,
          h("span", { class: "who" }, chips[k].who, chips[k].you ? h("span", { class: "you" }, " (you)") : null)),
        h("span", { class: "clock-time" }, ""))));
    }
    this.chess.title = `Clock: ${c.base / 60} min + ${c.increment} s a decision`;
    this.tickChess();
  }

  tickChess() {
    const { meta, clockAt } = this.conn;
    if (!meta || !meta.clock) return;
    this.chess.querySelectorAll(".chess-clock").forEach((chip) => {
      const p = Number(chip.dataset.seat);
      const left = chessLeft(meta, clockAt, p);
      if (left === null) return;
      chip.querySelector(".clock-time").textContent = chessWords(left);
      const running = meta.clock.running === p && meta.status === "active";
      chip.classList.toggle("running", running);
      chip.classList.toggle("low", chessLow(meta, left));
      chip.classList.toggle("flagged", left <= 0 && meta.ending?.seat === p);
      chip.setAttribute("aria-label", `${chip.dataset.name}: ${chessWords(left)} left${running ? ", running" : ""}`);
    });
  }

  // The turn clock's words, redrawn every second (not the whole table).
  tick() {
    const { conn } = this;
    const obs = conn.latest[this.shown]?.observation || this.current();
    const toMove = obs ? obs.current_player : null;
    const left = this.pass.hidden ? clockLeft(conn.meta, conn.changedAt, toMove) : null;
    this.clock.hidden = left === null;
    if (left === null) { this.clock.textContent = ""; return; }
    const you = toMove === this.shown;
    const after = conn.meta.on_timeout === "computer" ? "then the computer plays for " + (you ? "you" : "them") : "then " + (you ? "you lose" : "they lose");
    this.clock.textContent = `${you ? "You have" : `${this.name(toMove)} has`} ${clockWords(left)} left for this turn; ${after}.`;
    this.clock.classList.toggle("short", left < 30);
  }

  notMoverReason() {
    const { conn } = this;
    const obs = this.current();
    if (!conn.connected) return "Not connected: reconnecting… try again in a moment.";
    if (conn.pending) return "Wait: your previous move is still being sent.";
    if (this.shown === "spectator") return "You are watching: spectators cannot move.";
    if (!obs) return "Not connected yet.";
    if (obs.is_terminal) return "The match is over.";
    if (obs.current_player < 0) return "Waiting for a die roll.";
    return `It is ${this.name(obs.current_player)}'s turn, not yours.`;
  }

  choose(info) {
    const { conn } = this;
    if (!conn.isOpen()) { notify("Not connected: reconnecting… your move was not sent.", "warn"); this.render(); return; }
    if (conn.pending) { notify("Wait: your previous move is still being sent.", "warn"); return; }
    conn.send(this.shown, info.action, info.label);
    this.away = null;
    this.render();
  }

  // ---- rematch: each seat this browser holds gets its seat in the new match (seats swap, docs/server.md) --
  async rematch() {
    try {
      let next = null;
      for (const seat of this.conn.held()) {
        const r = await api(`/matches/${this.matchId}/rematch`, { method: "POST", body: { seat, token: this.conn.tokens[seat] } });
        saveTokens(r.id, { [r.seat]: r.token });
        next = r.id;
      }
      location.hash = `#/play/${next}`;
    } catch (e) {
      notify(e.message, "error");
    }
  }

  // ---- seats the server refused -----------------------------------------------------------------------
  showRefused() {
    const { conn } = this;
    const which = [...conn.refused].map((p) => `seat ${p + 1}`).join(", ");
    const forget = h("button", { type: "button", onclick: () => { conn.refused.forEach((p) => forgetSeat(this.matchId, p)); location.reload(); } }, "Forget it on this browser");
    this.problem.replaceChildren(
      h("p", {}, `The server no longer accepts this browser's token for ${which}: the host may have handed the seat to someone else, or the match ended. ${conn.held().length ? "You still play your other seats." : "You are watching instead."}`),
      h("p", { class: "small-print" }, "The token stays saved here in case this is a mistake. "), forget);
    this.problem.hidden = false;
    this.offerTakeBack([...conn.refused]);
  }

  // A seat the host handed on while its person was away: they may take it back with their own token.
  async offerTakeBack(seats) {
    let meta;
    try { meta = await api(`/matches/${this.matchId}`); } catch { return; }
    const mine = seats.filter((p) => meta.seats[p] && meta.seats[p].stand_in);
    if (!mine.length || meta.status !== "active") return;
    const takeBack = async () => {
      try {
        for (const p of mine) await api(`/matches/${this.matchId}/seats/${p}/take-back`, { method: "POST", body: { token: this.conn.tokens[p] } });
        location.reload();
      } catch (e) {
        notify(e.message, "error");
      }
    };
    this.problem.replaceChildren(
      h("p", {}, `While you were away the host handed ${mine.map((p) => `seat ${p + 1}`).join(", ")} to someone else. It is still yours: take it back and play on.`),
      h("button", { type: "button", class: "take-back primary", onclick: takeBack }, "Take my seat back"));
  }

  showGone() {
    this.view.replaceChildren(h("div", { class: "page-message" }, h("h2", {}, "No such match"), h("p", {}, "It may have expired or the link is wrong."), h("a", { class: "button", href: "#/" }, "Back to the games")));
  }
}

export function showPlay(view, matchId, { spectate = false } = {}) {
  let table = null;
  const listener = {
    changed: () => table.render(),
    view: (key, v, whole) => table.playback.receive(key, v.version, v.observation, whole),
    status: setConn,
    notice: (text, kind) => notify(text, kind),
    refused: () => table.showRefused(),
    gone: () => table.showGone(),
    chat: (msg, whole) => table.chat.receive(msg, whole),
    chatError: (msg) => table.chat.error(msg),
  };
  const conn = new MatchConnection(matchId, { spectate, listener });
  table = new MatchTable(view, matchId, conn, spectate);
  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => table.render(), 150); };
  addEventListener("resize", onResize);
  // The action bar grows and shrinks with what it holds (a draw offer, a hint, a long last line): the page keeps
  // room for its real height (--bar-h: what is scrolled into view stops above it) and fits the board again.
  const barWatch = new ResizeObserver(() => {
    const height = table.bar.offsetHeight;
    if (table.closed || !table.bar.isConnected || !height) return; // the page was left
    document.documentElement.style.setProperty("--bar-h", `${height}px`);
    if (Math.abs(height - table.barHeight) > 6) table.render(); // at once: a render under way takes it in
  });
  barWatch.observe(table.bar);
  conn.connect();
  const ticker = setInterval(() => table.tick(), 1000);
  const chessTicker = setInterval(() => table.tickChess(), 100); // tenths are shown in the last 10 s
  const onVisible = () => {
    if (document.visibilityState === "hidden") table.playback.skip(table.shown); // no replay for nobody
    else table.render(); // back: what was missed is summed up
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    table.closed = true;
    clearInterval(ticker);
    clearInterval(chessTicker);
    table.playback.stop();
    document.removeEventListener("visibilitychange", onVisible);
    conn.close();
    removeEventListener("resize", onResize);
    barWatch.disconnect();
    document.documentElement.style.removeProperty("--bar-h");
    setConn("");
    resetTitle();
    forgetMoves();
  };
}
