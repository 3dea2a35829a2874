// The people at a match: who sits where (names as text, "you", computer level), who is connected, whose
// turn it is and whether the computer is thinking; and the links to hand out (invites with a copy button,
// a new invite for the host, the spectator link), with a warning when the link would only work here.
import { api, hostTokenFor, inviteLink, isLoopbackPage, saveInvites, tokensFor, watchLink } from "./api.js";
import { h, notify } from "./notice.js";

// What a seat is called on this screen, as a noun: "You" (the one seat this browser plays, when it does not play
// them all as hot-seat), the player's chosen name, "Computer (medium)", else the seat's role ("Red", "Player 2").
export function seatName(meta, p, held = []) {
  const s = meta.seats[p];
  if (s.kind === "agent") return `Computer (${s.agent})`;
  if (held.includes(p) && held.length < meta.seats.length) return "You";
  return s.name || s.role;
}

// The same in a sentence, where the verb is in the third person: "Sam (you) rolled 4" (the one seat this browser
// plays, by its player's name, else its role: "Player 1 (you)"), "Alex rolled 4", "Computer (easy) rolled 4".
export function seatSubject(meta, p, held = []) {
  const name = seatName(meta, p, held);
  return name === "You" ? `${meta.seats[p].name || meta.seats[p].role} (you)` : name;
}

// The game's texts name seats by their roles; a role that is only a number ("Player 2") says nothing, so it is
// replaced by the seat's name. Roles that mean something on the board ("Red", "Gnome") are kept. The server's
// own texts (the endings, END-1..4) name a person's seat "Sam (Player 1)" already: that whole is replaced, so
// the name is said once ("Sam (you) resigns", never "Sam (Sam (you)) resigns"). One pass over the text, so a
// name put in is never read again as a role.
const GENERIC = /^Player \d+$/;
export const isGenericRole = (role) => GENERIC.test(role);
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export function namedText(meta, held, text) {
  if (!meta || !text) return text;
  const subjects = new Map();
  const patterns = [];
  meta.seats.forEach((s, p) => {
    if (!GENERIC.test(s.role)) return;
    const subject = seatSubject(meta, p, held);
    if (s.name) {
      subjects.set(`${s.name} (${s.role})`, subject);
      patterns.push(`${literal(s.name)} \\(${s.role}\\)`);
    }
    subjects.set(s.role, subject);
    patterns.push(`\\b${s.role}\\b`);
  });
  if (!patterns.length) return text;
  return text.replace(new RegExp(patterns.join("|"), "g"), (found) => subjects.get(found) ?? found);
}

// The seats of a finished match's record (the replay and the analysis) named as its match page named them:
// `subject(k)` ("Sam (you)", "Alex", "Computer (easy)"), `words(text)` (a game's text with its seats named).
export function recordSeats(data, matchId = null) {
  const meta = {
    seats: (data.players || []).map((role, k) => {
      const seat = data.seats && data.seats[k];
      const agent = !!seat && seat !== "human";
      return { role, name: (data.names && data.names[k]) || null, kind: agent ? "agent" : "human", agent: agent ? seat : null, claimed: true };
    }),
  };
  const held = matchId ? Object.keys(tokensFor(matchId)).map(Number) : [];
  const plain = (k) => (meta.seats[k] ? seatSubject(meta, k, held) : `Player ${k + 1}`);
  // A name several seats share (two computers at one level) gives way to the seat's role, as in a match.
  const subject = (k) => (meta.seats.filter((_, j) => plain(j) === plain(k)).length > 1 ? meta.seats[k].role : plain(k));
  const names = meta.seats.map((_, k) => seatWho(meta, k, held)); // for the board and the facts, as in a match
  return { meta, held, names, subject, plain, byRole: (role) => subject(meta.seats.findIndex((s) => s.role === role)), words: (text) => namedText(meta, held, text) };
}

// What a seat's chip says, in the seats list and on its chess clock alike: the role where it means something
// ("Player 2: Computer (easy)" says no more than the name alone), and who: the player's name (with " (you)" where
// this browser plays that one side), "you", "a player" (taken, no name given), "open seat", "Computer (easy)".
export function seatChip(meta, p, held = []) {
  const s = meta.seats[p];
  const mine = held.includes(p);
  // "you" only where this browser plays one side; at a hot-seat table every seat is someone here, by name.
  const alone = mine && held.length < meta.seats.length;
  const who = s.kind === "agent" ? `Computer (${s.agent})` : s.name || (alone ? "you" : mine ? s.role : s.claimed ? "a player" : "open seat");
  const role = GENERIC.test(s.role) ? null : s.role;
  const you = alone && !!s.name;
  return { role, who, you, words: `${role ? `${role}: ` : ""}${who}${you ? " (you)" : ""}` };
}

// What the board and the facts panel call a seat (the game's text puts its role beside it where it has one): the
// seat chip's words without the role, "You" where the chip says "you" (it begins the name), never "Player 2".
export function seatWho(meta, p, held = []) {
  const { who, you } = seatChip(meta, p, held);
  return who === "you" ? "You" : `${who}${you ? " (you)" : ""}`;
}

export function drawSeats(list, meta, obs, held) {
  list.replaceChildren(...meta.seats.map((s, p) => {
    const moving = obs && !obs.is_terminal && obs.current_player === p;
    const mine = held.includes(p);
    let state = "open";
    if (s.kind === "agent" || s.computer_turn) state = "computer";
    else if (mine || s.connected) state = "online";
    else if (s.claimed) state = "away";
    const { role, who, you } = seatChip(meta, p, held);
    const words = { online: "connected", away: "away", open: "waiting for someone to join", computer: "computer" }[state];
    return h("li", { class: `seat seat-${p}${moving ? " to-move" : ""}`, "data-seat": p, "aria-current": moving ? "true" : null },
      h("span", { class: `dot ${state}`, title: words, "aria-label": words }),
      role ? h("span", { class: "role" }, role) : null,
      h("span", { class: "who" }, s.account ? h("a", { href: `#/player/${encodeURIComponent(s.account)}`, class: "player-link" }, who) : who,
        you ? h("span", { class: "you" }, " (you)") : null,
        s.computer_turn ? h("span", { class: "computer-turn" }, ` — the computer (${s.computer_turn}) plays this turn`) : null),
      moving ? h("span", { class: "turn-mark", "aria-label": "to move" }, s.kind === "agent" || s.computer_turn ? " thinking…" : " ▶") : null);
  }));
}

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input.select(); // the clipboard API needs a secure page (https or this computer); the old way works elsewhere
    document.execCommand("copy");
  }
  notify("Link copied: send it to your friend.", "info");
}

function linkRow(label, url, cls, extra = []) {
  const input = h("input", { readonly: true, value: url, class: `link ${cls}`, "aria-label": label, onfocus: (e) => e.target.select() });
  return h("li", {}, h("span", { class: "link-label" }, label), h("div", { class: "link-row" },
    input, h("button", { type: "button", class: `copy ${cls}-copy`, onclick: () => copy(url, input) }, "Copy link"), ...extra));
}

export function drawLinks(box, meta, invites, redraw) {
  const host = hostTokenFor(meta.id);
  const rows = [];
  meta.seats.forEach((s, p) => {
    if (s.kind !== "human" || s.claimed || meta.status !== "active") return;
    const fresh = host ? h("button", { type: "button", class: "new-invite", onclick: () => reissue(meta.id, p, host, redraw) }, "New link") : null;
    if (invites[p]) rows.push(linkRow(`Invite for ${s.role}`, inviteLink(meta.id, p, invites[p]), "invite", [fresh]));
    else if (fresh) rows.push(h("li", {}, `${s.role}: the seat is open. `, fresh));
  });
  const items = [...rows, linkRow("Spectators", watchLink(meta.id), "watch")];
  const warn = rows.length && isLoopbackPage()
    ? h("p", { class: "hint" }, `These links point to ${location.host}, which only works on this computer. For a friend on another machine, start the server with `,
      h("code", {}, "boardcade serve --host 0.0.0.0"), " and open this page at your computer's network address (for example http://192.168.1.20:8000/): links use the address you opened.")
    : null;
  box.replaceChildren(...[h("h3", {}, rows.length ? "Invite a friend" : "Links"), warn, h("ul", {}, items)].filter(Boolean));
}

async function reissue(matchId, seat, host, redraw) {
  try {
    const r = await api(`/matches/${matchId}/seats/${seat}/invite`, { method: "POST", body: { host_token: host } });
    saveInvites(matchId, { [seat]: r.invite });
    notify("A new invite link is ready; the old one no longer works.", "info");
    redraw();
  } catch (e) {
    notify(e.message, "error");
  }
}
