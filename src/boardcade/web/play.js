// A live match: one WebSocket holding every seat this browser has a token for (several = hot-seat).
// The server sends each held seat its own view; a seat's view is shown only after a
// "pass the device" screen when the turn moves to another person on this device.
import { api, inviteLink, saveTokens, tokensFor, watchLink } from "./api.js";
import { drawBoard } from "./board.js";
import { drawLog } from "./log.js";
import { h, notify } from "./notice.js";

function setConn(text) { document.getElementById("conn").textContent = text; }

export function showPlay(view, matchId, { spectate = false, invites = {} } = {}) {
  const tokens = spectate ? {} : tokensFor(matchId);
  const seats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  const hotSeat = seats.length > 1;
  let meta = null;
  const latest = {}; // seat (or "spectator") -> last state message
  let shown = seats.length ? null : "spectator";
  let pending = false;
  let ws = null;
  let closed = false;
  let retry = 0;
  let nextId = 1;

  const head = h("div", { class: "match-head" });
  const pass = h("div", { class: "pass", hidden: true });
  const board = h("div", { class: "board-area" });
  const log = h("div", { class: "log-area" });
  const links = h("div", { class: "links" });
  view.replaceChildren(head, pass, h("div", { class: "play" }, board, log), links);

  const name = (p) => (meta ? meta.seats[p].role : `Player ${p + 1}`);
  const current = () => {
    const any = Object.values(latest)[0];
    return any ? any.observation : null;
  };

  function renderHead(obs) {
    const players = meta.seats.map((s, p) => {
      const person = s.name ? `${s.name}` : s.claimed ? "person" : "open seat";
      const who = s.kind === "agent" ? `computer (${s.agent})` : seats.includes(p) ? "you" : person;
      const away = s.kind === "human" && !s.connected && !seats.includes(p) ? " (away)" : "";
      const moving = obs && obs.current_player === p ? " ▶" : "";
      return h("li", { class: obs && obs.current_player === p ? "to-move" : "" }, `${s.role}: ${who}${away}${moving}`);
    });
    let status = "";
    if (obs && obs.is_terminal) {
      const r = obs.returns || [];
      const winners = meta.seats.filter((_, p) => r[p] > 0).map((s) => s.name);
      status = winners.length ? `Match over: ${winners.join(" & ")} won.` : "Match over: a draw.";
    }
    head.replaceChildren(
      h("h2", {}, meta.title, spectate || !seats.length ? " — watching" : ""),
      h("ul", { class: "players" }, players),
    );
    if (status) {
      const again = seats.length ? h("button", { type: "button", id: "rematch", onclick: rematch }, "Rematch") : null;
      head.append(h("p", { class: "result" }, status, " ", h("a", { href: `#/replay/${matchId}` }, "Watch the replay"), " ", again));
    }
  }

  function renderLinks() {
    const items = [h("li", {}, "Spectator link: ", h("input", { readonly: true, value: watchLink(matchId), class: "link" }))];
    for (const [seat, token] of Object.entries(invites)) {
      items.push(h("li", {}, `Invite for ${name(Number(seat))}: `, h("input", { readonly: true, value: inviteLink(matchId, seat, token), class: "link invite", "data-seat": seat })));
    }
    links.replaceChildren(h("h3", {}, "Links"), h("ul", {}, items));
  }

  // Rematch: each seat this browser holds gets its seat in the new match (seats swap, see docs/server.md).
  async function rematch() {
    try {
      let next = null;
      for (const seat of seats) {
        const r = await api(`/matches/${matchId}/rematch`, { method: "POST", body: { seat, token: tokens[seat] } });
        saveTokens(r.id, { [r.seat]: r.token });
        next = r.id;
      }
      location.hash = `#/play/${next}`;
    } catch (e) {
      notify(e.message, "error");
    }
  }

  function choose(info) {
    if (pending) { notify("Wait: your previous move is still being sent.", "warn"); return; }
    const msg = latest[shown];
    pending = true;
    ws.send(JSON.stringify({ type: "action", seat: shown, version: msg.version, action: info.action, id: nextId++ }));
  }

  function notMoverReason() {
    const obs = current();
    if (shown === "spectator") return "You are watching: spectators cannot move.";
    if (!obs) return "Not connected yet.";
    if (obs.is_terminal) return "The match is over.";
    if (obs.current_player < 0) return "Waiting for a die roll.";
    return `It is ${name(obs.current_player)}'s turn, not yours.`;
  }

  async function render() {
    const obs = current();
    if (!meta || !obs) return;
    renderHead(obs);
    let want = shown;
    if (seats.length) {
      want = seats.includes(obs.current_player) ? obs.current_player : shown ?? seats[0];
    }
    if (hotSeat && want !== shown && !obs.is_terminal) {
      board.replaceChildren();
      log.replaceChildren();
      pass.hidden = false;
      pass.replaceChildren(
        h("p", {}, `Pass the device to ${name(want)}.`),
        h("button", { class: "pass-ok", onclick: () => { shown = want; render(); } }, `I am ${name(want)}: show my view`),
      );
      return;
    }
    shown = want;
    pass.hidden = true;
    pass.replaceChildren();
    const mine = latest[shown] || latest[Object.keys(latest)[0]];
    const o = mine.observation;
    const canAct = !pending && shown !== "spectator" && o.current_player === shown && !o.is_terminal;
    await drawBoard(board, o, { choose, canAct, notMoverReason });
    await drawLog(log, o.game, o.events);
  }

  function onMessage(ev) {
    const msg = JSON.parse(ev.data);
    if (msg.type === "welcome") {
      meta = msg.match;
      retry = 0;
      setConn("connected");
      renderLinks();
    } else if (msg.type === "state") {
      latest[msg.seat === null ? "spectator" : msg.seat] = msg;
      render();
    } else if (msg.type === "delta") {
      // Only what changed since version `from`; a gap means a lost message: ask for the whole view again.
      const key = msg.seat === null ? "spectator" : msg.seat;
      const held = latest[key];
      if (!held || held.version !== msg.from) { ws.send(JSON.stringify({ type: "sync" })); return; }
      const observation = { ...held.observation, ...msg.changed, events: held.observation.events.concat(msg.events) };
      for (const k of msg.removed || []) delete observation[k];
      latest[key] = { ...held, version: msg.version, observation };
      render();
    } else if (msg.type === "seats") {
      if (meta) { meta.seats = msg.seats; render(); }
    } else if (msg.type === "notice") {
      notify(msg.message, "warn");
    } else if (msg.type === "ack") {
      pending = false;
      render();
    } else if (msg.type === "error") {
      pending = false;
      notify(msg.message, "error");
      render();
    }
  }

  function connect() {
    if (closed) return;
    setConn("connecting…");
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/ws/matches/${matchId}`);
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", seats: seats.map((seat) => ({ seat, token: tokens[seat] })) }));
    ws.onmessage = onMessage;
    ws.onclose = (ev) => {
      pending = false;
      if (closed) return;
      if (ev.code === 4404) { view.replaceChildren(h("p", { class: "error" }, "No such match.")); return; }
      setConn("reconnecting…");
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * 2 ** retry);
    };
  }

  connect();
  return () => { closed = true; if (ws) ws.close(); setConn(""); };
}
