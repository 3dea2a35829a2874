// The connection to one live match: one WebSocket holding every seat this browser has a token for (several =
// hot-seat) and, unless watching, every seat the signed-in account holds there (on another device than the one
// that took the seat: the server plays it for the session, with no token here: docs/server.md, "Profiles"), or
// none (a spectator). It keeps the latest view of each held seat and its version (the server
// sends each held seat its own view whole, then only what changed), the move on its way (at most one), what
// this browser chose last, and the seats whose stored token the server refused. It draws nothing: the page
// (play.js) is told through `listener` when something changed.
//
//   listener.view(key, view, whole) a new view {version, observation} of seat `key` ("spectator" when
//                                 watching); `whole`: sent whole (a first view, or after a gap), else one step
//   listener.changed()            the seats, the connection or the pending move changed
//   listener.status(text)         the connection's state in words ("connected", "reconnecting…")
//   listener.notice(text, kind)   something to tell the player (a server notice, an error)
//   listener.refused()            the server refused a stored token (see `refused`)
//   listener.gone()               there is no such match
//   listener.chat(msg, whole)      chat lines (chat.js): the welcome's last lines (whole), or a new `chat` message
//   listener.chatError(msg)       a chat line of ours was refused (an error whose id is a chat id)
// A held seat's view also says whether that seat may take back its last decision now (`undo`, core/undo.py).
import { api, tokensFor } from "./api.js";

export class MatchConnection {
  constructor(matchId, { spectate = false, listener }) {
    this.matchId = matchId;
    this.spectate = spectate;
    this.tokens = spectate ? {} : tokensFor(matchId); // a seat held through the account has none here
    this.seats = Object.keys(this.tokens).map(Number).sort((a, b) => a - b);
    this.refused = new Set(); // held seats whose stored token the server did not accept (kept, not deleted)
    this.meta = null;
    this.latest = {}; // seat (or "spectator") -> {version, observation}
    this.pending = null; // {label, id, seat} while a move is on its way
    this.lastMine = null; // {seat, version, label}: what this browser chose last (some choices add no log line)
    this.connected = false;
    this.retry = 0;
    this.changedAt = Date.now(); // when the match last changed (a move), on this browser's clock: the turn clock
    this.listener = listener;
    this.ws = null;
    this.closed = false;
    this.nextId = 1;
  }

  held() { return this.seats.filter((s) => !this.refused.has(s)); }

  // ---- sending ----------------------------------------------------------------------------------------
  isOpen() { return this.connected && !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  // Send `action` for `seat` at the version held for it; false when it cannot go now (not connected, or a
  // move already on its way).
  send(seat, action, label) {
    if (!this.isOpen() || this.pending) return false;
    const msg = this.latest[seat];
    this.pending = { label, id: this.nextId++, seat };
    this.ws.send(JSON.stringify({ type: "action", seat, version: msg.version, action, id: this.pending.id }));
    return true;
  }

  // Take back `seat`'s last decision of this turn (the server said it may: `latest[seat].undo`); false when it
  // cannot go now.
  undo(seat) {
    if (!this.isOpen() || this.pending || !this.latest[seat]?.undo) return false;
    this.pending = { label: "taking back your last decision", id: this.nextId++, seat, undo: true };
    this.ws.send(JSON.stringify({ type: "undo", seat, version: this.latest[seat].version, id: this.pending.id }));
    return true;
  }

  // A chat line ({text} or {preset}, and `seat` when several are held); false when it cannot go now.
  chat(body) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify({ type: "chat", ...body, id: `chat:${this.nextId++}` }));
    return true;
  }

  // ---- seats the server refused -----------------------------------------------------------------------
  async checkSeats() {
    for (const seat of this.seats) {
      try {
        await api(`/matches/${this.matchId}/view`, { method: "POST", body: { seat, token: this.tokens[seat] } });
      } catch (e) {
        if (e.code === "bad_token") this.refused.add(seat);
      }
    }
    if (this.refused.size) this.listener.refused();
  }

  // ---- receiving --------------------------------------------------------------------------------------
  onMessage(ev) {
    const msg = JSON.parse(ev.data);
    const meta = this.meta;
    if (msg.type === "welcome") {
      this.meta = msg.match;
      const more = (msg.seats || []).filter((s) => !this.seats.includes(s)); // held through the signed-in account
      if (more.length) this.seats = [...this.seats, ...more].sort((a, b) => a - b);
      this.clockAt = performance.now(); // the chess clocks (meta.clock) are as of now (SV-CL4)
      const since = Date.parse(msg.match.now) - Date.parse(msg.match.updated_at);
      this.changedAt = Date.now() - (Number.isFinite(since) ? Math.max(0, since) : 0);
      this.retry = 0;
      this.connected = true;
      this.listener.status("connected");
      if (msg.chat) this.listener.chat?.(msg.chat, true);
      if (this.meta.rematch_id || more.length) this.listener.changed();
    } else if (msg.type === "state") {
      const key = msg.seat === null ? "spectator" : msg.seat;
      this.latest[key] = { version: msg.version, observation: msg.observation, undo: !!msg.undo };
      if (msg.seat !== null && meta && !meta.ending) meta.status = msg.observation.is_terminal ? "finished" : "active";
      this.listener.view(key, this.latest[key], true);
    } else if (msg.type === "delta") {
      // Only what changed since version `from`; a gap means a lost message: ask for the whole view again.
      const key = msg.seat === null ? "spectator" : msg.seat;
      const heldView = this.latest[key];
      if (!heldView || heldView.version !== msg.from) { this.ws.send(JSON.stringify({ type: "sync" })); return; }
      const observation = { ...heldView.observation, ...msg.changed, events: heldView.observation.events.concat(msg.events) };
      for (const k of msg.removed || []) delete observation[k];
      this.latest[key] = { version: msg.version, observation, undo: !!msg.undo };
      if (meta && observation.is_terminal && meta.status === "active") meta.status = "finished";
      if (msg.version !== msg.from) this.changedAt = Date.now();
      this.listener.view(key, this.latest[key], false);
    } else if (msg.type === "seats") {
      if (meta) { meta.seats = msg.seats; this.listener.changed(); }
    } else if (msg.type === "ended") {
      // Ended by the game's rules (`ending` null: the views told it) or outside them (resigned, agreed drawn, out
      // of time, aborted: the views that tell it come as whole `state` messages just before); the result with it.
      if (meta) { meta.status = msg.status; meta.ending = msg.ending; meta.result = msg.result ?? null; meta.draw_offer = null; meta.abortable = false; }
      this.listener.changed();
    } else if (msg.type === "clock") {
      // The chess clocks as the server has them now (SV-CL4): the page ticks the running one down from here.
      if (meta) { meta.clock = msg.clock; this.clockAt = performance.now(); this.listener.changed(); }
    } else if (msg.type === "draw") {
      if (meta) { meta.draw_offer = msg.offer; meta.draw_by = msg.by; }
      this.listener.changed();
    } else if (msg.type === "notice") {
      this.listener.notice(msg.message, "warn");
    } else if (msg.type === "rematch") {
      if (meta) { meta.rematch_id = msg.rematch; this.listener.changed(); }
      if (this.held().length) this.listener.notice("A rematch is ready: press “Join the rematch” to take your seat.", "info");
    } else if (msg.type === "ack") {
      const p = this.pending;
      if (p && msg.id === p.id) this.lastMine = p.undo ? null : { seat: p.seat, version: msg.version, label: p.label };
      this.pending = null;
      this.listener.changed();
    } else if (msg.type === "chat") {
      this.listener.chat?.(msg, false);
    } else if (msg.type === "error" && String(msg.id).startsWith("chat:")) {
      this.listener.chatError?.(msg); // a chat line refused: the move on its way (if any) is still on its way
    } else if (msg.type === "error") {
      this.pending = null;
      if (!meta && msg.code === "bad_token") {
        // The hello was refused: find which stored token is at fault, then join with the others (or watch).
        this.checkSeats().then(() => { try { this.ws.close(); } catch { /* already closed */ } });
        return;
      }
      this.listener.notice(msg.message, "error");
      this.listener.changed();
    }
  }

  connect() {
    if (this.closed) return;
    this.listener.status(this.retry ? "reconnecting…" : "connecting…");
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${proto}//${location.host}/ws/matches/${this.matchId}`);
    this.ws = socket;
    // The seats whose token is here, and (unless watching) those the signed-in account holds: the session cookie
    // goes with the socket's handshake, from this page only (the server checks its Origin).
    const hello = () => ({ type: "hello", seats: this.held().filter((seat) => this.tokens[seat]).map((seat) => ({ seat, token: this.tokens[seat] })), account: !this.spectate });
    socket.onopen = () => socket.send(JSON.stringify(hello()));
    socket.onmessage = (ev) => this.onMessage(ev);
    socket.onclose = (ev) => {
      if (this.ws !== socket) return;
      this.connected = false;
      if (this.pending) this.listener.notice("The connection dropped while your move was on its way; the board will show whether it counted.", "warn");
      this.pending = null;
      if (this.closed) return;
      if (ev.code === 4404) { this.listener.gone(); return; }
      if (ev.code === 4403) this.checkSeats();
      this.listener.status("reconnecting…");
      this.retry = Math.min(this.retry + 1, 5);
      this.listener.changed();
      setTimeout(() => this.connect(), this.meta === null && this.refused.size ? 0 : 200 * 2 ** this.retry);
    };
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
