// Chat in a match (issue 37; docs/server.md "Chat", SV-CH*). One box per match page, over the match's own socket:
// players talk in the players' channel, spectators in their own; neither sees the other's. Every line is put in
// the page as text (textContent through `h`), never as markup. Preset phrases are buttons (easy on a phone).
// Muting is this browser's own: a muted person's lines are hidden here, remembered in localStorage per match
// (boardcade.chatMuted: {matchId: [sender keys]}); the server still stores and sends them.
// Shown to players only where another person plays (hot-seat included: one box for the device); a match against
// the computer has nobody to read it, so its players get no box. Spectators always have theirs.
// A welcome holds the channel's last 50 lines; "Earlier lines" reads older ones a page at a time (SV-CH8).
import { api, tokensFor } from "./api.js";
import { h } from "./notice.js";

export const PRESETS = [["hello", "Hello"], ["gg", "Good game"], ["thanks", "Thanks"], ["your_turn", "Your turn"], ["well_played", "Well played"]];
const MAX_CHARS = 300;
const MUTED = "boardcade.chatMuted";
const KEEP = 200; // lines kept on the page (more once earlier ones were asked for)
const PAGE = 50; // earlier lines read at a time

function loadMuted(matchId) {
  try { return new Set((JSON.parse(localStorage.getItem(MUTED) || "{}") || {})[matchId] || []); } catch { return new Set(); }
}
function saveMuted(matchId, muted) {
  try {
    const all = JSON.parse(localStorage.getItem(MUTED) || "{}") || {};
    if (muted.size) all[matchId] = [...muted]; else delete all[matchId];
    localStorage.setItem(MUTED, JSON.stringify(all));
  } catch { /* private mode: this page only */ }
}

export class ChatBox {
  // send(body): sends {text} or {preset} as a chat message; false when not connected.
  // seat(): {seat, token} of a seat this browser holds (to read the players' channel's earlier lines), or null.
  constructor(matchId, send, seat = () => null) {
    this.matchId = matchId;
    this.send = send;
    this.seat = seat;
    this.older = false; // earlier lines than those held exist on the server
    this.keep = KEEP;
    this.empty = "No messages yet.";
    this.lines = new Map(); // id -> line
    this.you = new Set(); // this connection's own sender keys
    this.names = new Map(); // sender key -> the name last seen
    this.muted = loadMuted(matchId);
    this.channel = null;
    this.title = h("h3", {}, "Chat");
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": "Chat lines" });
    this.earlier = h("button", { type: "button", class: "chat-earlier", hidden: true, onclick: () => this.loadEarlier() }, "Earlier lines");
    this.presets = h("div", { class: "chat-presets", role: "group", "aria-label": "Quick phrases" },
      PRESETS.map(([preset, words]) => h("button", { type: "button", class: "chat-preset", "data-preset": preset, onclick: () => this.say({ preset }) }, words)));
    this.input = h("input", { type: "text", class: "chat-input", maxlength: String(MAX_CHARS), autocomplete: "off", "aria-label": "Chat message", placeholder: "Say something…" });
    this.form = h("form", { class: "chat-form" }, this.input, h("button", { type: "submit", class: "chat-send" }, "Send"));
    this.form.addEventListener("submit", (e) => { e.preventDefault(); this.sayTyped(); });
    this.note = h("p", { class: "chat-note", role: "status" });
    this.mutes = h("div", { class: "chat-mutes" });
    this.element = h("section", { class: "chat", "aria-label": "Chat", hidden: true }, this.title, this.earlier, this.list, this.mutes, this.presets, this.form, this.note);
  }

  // Shown or not, and titled for its channel: `meta` the match, `held` the seats this browser holds.
  update(meta, held) {
    if (!meta) return;
    const people = meta.seats.filter((s) => s.kind === "human").length;
    const show = held.length ? people >= 2 : true;
    this.element.hidden = !show;
    this.title.textContent = held.length ? (held.length > 1 ? "Chat (this device)" : "Chat with the players") : "Spectators' chat";
    this.presets.querySelector("[data-preset='your_turn']").hidden = !held.length; // no turn to hand a spectator
  }

  sayTyped() {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.say({ text })) this.input.value = "";
  }

  say(body) {
    if (!this.send(body)) { this.tell("Not connected: the line was not sent.", "error"); return false; }
    this.tell("", "");
    return true;
  }

  tell(text, kind) {
    this.note.textContent = text;
    this.note.className = `chat-note ${kind}`;
  }

  // The welcome's {channel, you, lines} (whole: the lines held so far are replaced), or a `chat` message.
  receive(msg, whole) {
    if (whole) { this.lines.clear(); this.you = new Set(msg.you || []); this.channel = msg.channel; this.older = !!msg.older; this.keep = KEEP; }
    this.add(msg.lines);
    if (this.lines.size > this.keep) {
      for (const id of [...this.lines.keys()].sort((a, b) => a - b).slice(0, this.lines.size - this.keep)) this.lines.delete(id);
      this.older = true;
    }
    this.draw();
  }

  add(lines) {
    for (const line of lines || []) {
      this.lines.set(line.id, line);
      this.names.set(line.sender, line.name);
    }
  }

  // One page of lines older than the oldest shown (SV-CH8), put above them; the list scrolls to its top (to
  // its end for the first page, when none were shown).
  async loadEarlier() {
    if (!this.channel || this.loading) return;
    const oldest = Math.min(...this.lines.keys());
    const body = { channel: this.channel, limit: PAGE, ...(Number.isFinite(oldest) ? { before: oldest } : {}) };
    if (this.channel === "players") Object.assign(body, this.seat() || {});
    this.loading = true;
    this.earlier.disabled = true;
    try {
      const page = await api(`/matches/${this.matchId}/chat`, { method: "POST", body });
      this.add(page.lines);
      this.keep = Math.max(this.keep, this.lines.size);
      this.older = page.more;
      this.tell("", "");
      this.draw();
      this.list.scrollTop = Number.isFinite(oldest) ? 0 : this.list.scrollHeight;
    } catch (err) {
      this.tell(`Chat lines could not be read: ${err.message}`, "error");
    } finally {
      this.loading = false;
      this.earlier.disabled = false;
    }
  }

  error(msg) {
    this.tell(msg.message, "error");
  }

  toggleMute(sender) {
    if (this.muted.has(sender)) this.muted.delete(sender); else this.muted.add(sender);
    saveMuted(this.matchId, this.muted);
    this.draw();
  }

  draw() {
    this.earlier.hidden = !this.older;
    const atEnd = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 24;
    const ids = [...this.lines.keys()].sort((a, b) => a - b);
    const items = [];
    let hidden = 0;
    for (const id of ids) {
      const line = this.lines.get(id);
      if (this.muted.has(line.sender) && !this.you.has(line.sender)) { hidden++; continue; }
      const mine = this.you.has(line.sender);
      items.push(h("li", { class: `chat-line${mine ? " mine" : ""}`, "data-sender": line.sender },
        h("span", { class: "chat-name" }, mine && this.you.size === 1 ? "You" : line.name), h("span", { class: "chat-text" }, line.text)));
    }
    if (!items.length) items.push(h("li", { class: "chat-empty" }, hidden ? "" : this.empty));
    this.list.replaceChildren(...items);
    if (atEnd || items.length < 4) this.list.scrollTop = this.list.scrollHeight;
    // One mute switch per other person who has written here.
    const others = [...this.names.keys()].filter((s) => !this.you.has(s));
    this.mutes.replaceChildren(...others.map((sender) => {
      const on = this.muted.has(sender);
      return h("button", { type: "button", class: `chat-mute${on ? " on" : ""}`, "data-sender": sender, "aria-pressed": on ? "true" : "false", onclick: () => this.toggleMute(sender) },
        `${on ? "Unmute" : "Mute"} ${this.names.get(sender)}`);
    }));
    this.mutes.hidden = !others.length;
    if (hidden) this.list.append(h("li", { class: "chat-empty" }, `${hidden} line${hidden > 1 ? "s" : ""} from muted people hidden.`));
  }
}

// The replay page of a finished match (SV-CH8): the talk this browser may read, to read only: the players' chat
// where it holds a seat of the match (read with that seat's token), and the spectators' chat for everyone.
export function replayChat(matchId) {
  const tokens = tokensFor(matchId);
  const held = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  const boxes = [];
  const reader = (channel, title, seat) => {
    const box = new ChatBox(matchId, () => false, () => seat);
    box.channel = channel;
    box.you = new Set(seat ? held.map((s) => `s${s}`) : []);
    box.title.textContent = title;
    box.empty = "Nothing was said here.";
    box.presets.hidden = box.form.hidden = true;
    box.element.hidden = false;
    box.element.classList.add("chat-replay");
    box.loadEarlier();
    boxes.push(box.element);
  };
  if (held.length) reader("players", "Players' chat", { seat: held[0], token: tokens[held[0]] });
  reader("spectators", "Spectators' chat");
  return boxes;
}
