// The other side's turn, step by step. Every view the server sends (one per committed step: a move and the
// dice it led to) becomes a frame. A frame made by someone else (the computer, a friend, anyone for a
// spectator) waits its turn on screen: frames are shown `pace` milliseconds apart, so each hop, roll and card
// can be followed; the player's own moves show at once. Frames that arrive while the page is hidden, while
// another seat's view is on screen (hot-seat), or in one jump (a reload, a reconnection) are not replayed: the
// page sums them up instead ("While you were away"), from the last version this browser showed, which is
// remembered across reloads.
const PACE_KEY = "boardcade.pace";
const SEEN_KEY = "boardcade.seen";
const KEEP = 60; // matches whose last seen version is remembered
export const PACES = [["slow", "Slow", 1600], ["normal", "Normal", 850], ["fast", "Fast", 400], ["instant", "Instant", 0]];

export function paceName() {
  let name = null;
  try { name = localStorage.getItem(PACE_KEY); } catch { /* private mode */ }
  return PACES.some(([n]) => n === name) ? name : "normal";
}
export function setPace(name) { try { localStorage.setItem(PACE_KEY, name); } catch { /* ignore */ } }
const paceMs = () => PACES.find(([n]) => n === paceName())[2];

function loadSeen() { try { return JSON.parse(localStorage.getItem(SEEN_KEY) || "{}") || {}; } catch { return {}; } }

export class Playback {
  constructor(matchId, redraw) {
    this.matchId = matchId;
    this.redraw = redraw;
    this.keys = {}; // view key (seat or "spectator") -> {shown: frame, queue: [frame]}
    this.onScreen = null; // the key whose view is drawn now (null: none, e.g. the pass screen)
    this.lastShownAt = 0;
    this.timer = null;
    this.seen = loadSeen()[matchId] || {}; // key -> the last version drawn while the page was visible
  }

  slot(key) { return (this.keys[key] = this.keys[key] || { shown: null, queue: [] }); }
  newest(key) { const s = this.slot(key); return s.queue.length ? s.queue[s.queue.length - 1] : s.shown; }
  shown(key) { return this.slot(key).shown; }
  playing(key) { return this.slot(key).queue.length > 0; }

  // A new view for `key`: `whole` when the server sent it whole (no step in between is known).
  receive(key, version, observation, whole) {
    const prev = this.newest(key);
    const frame = { version, observation, from: null, mover: null, watched: false };
    if (!whole && prev) {
      frame.from = prev.version;
      frame.mover = prev.observation.current_player;
    }
    const s = this.slot(key);
    const mine = frame.mover !== null && frame.mover === key;
    const watched = this.onScreen === key && document.visibilityState === "visible";
    frame.watched = watched; // shown (at once or in its turn) while the player looks at this view
    if (mine || !watched || frame.from === null || paceMs() === 0) {
      s.queue = [];
      s.shown = frame;
      this.redraw();
      if (watched) this.lastShownAt = performance.now(); // on screen from the end of its drawing
      return;
    }
    s.queue.push(frame);
    this.pump();
  }

  pump() {
    if (this.timer) return;
    const s = this.onScreen === null ? null : this.keys[this.onScreen];
    if (!s || !s.queue.length) return;
    const wait = this.lastShownAt + paceMs() - performance.now();
    if (wait > 0) { this.timer = setTimeout(() => { this.timer = null; this.pump(); }, wait); return; }
    s.shown = s.queue.shift();
    this.redraw();
    this.lastShownAt = performance.now(); // the pace counts from when the frame is drawn, however long that took
    if (s.queue.length) this.timer = setTimeout(() => { this.timer = null; this.pump(); }, paceMs());
  }

  // Show every waiting frame's end at once ("Skip"; the pace set to instant; the page hidden).
  skip(key) {
    const s = this.slot(key);
    if (s.queue.length) s.shown = s.queue[s.queue.length - 1];
    s.queue = [];
    clearTimeout(this.timer);
    this.timer = null;
    this.redraw();
  }

  // Called when `key`'s frame is drawn: remembers what this browser showed; returns what the player did not
  // see step by step: the events since the last version shown, when that was before this frame's own step.
  drawn(key, frame) {
    if (this.onScreen !== key) { this.onScreen = key; this.lastShownAt = performance.now(); }
    // Unseen while the page is hidden, except the player's own moves (made here, so known).
    if (document.visibilityState !== "visible" && frame.mover !== key) return null;
    const before = this.seen[key];
    let missed = null;
    const jumped = !frame.watched || frame.from === null || before < frame.from;
    if (frame.mover !== key && before !== undefined && before < frame.version && jumped) {
      missed = frame.observation.events.filter((e) => e.step >= before);
    }
    if (before !== frame.version) {
      this.seen[key] = frame.version;
      try {
        const all = loadSeen();
        delete all[this.matchId]; // the newest last: the oldest matches are forgotten first
        all[this.matchId] = { ...this.seen };
        for (const old of Object.keys(all).slice(0, -KEEP)) delete all[old];
        localStorage.setItem(SEEN_KEY, JSON.stringify(all));
      } catch { /* private mode: this page only */ }
    }
    return missed && missed.length ? missed : null;
  }

  hidden() { this.onScreen = null; }

  stop() { clearTimeout(this.timer); this.timer = null; }
}
