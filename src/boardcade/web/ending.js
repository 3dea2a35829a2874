// Ending a match outside its game's rules (the server's endings, END-1..4): the "Match" menu (resign, offer a
// draw where the rules have draws and the other side is a person, abort before the second player's first move),
// the draw offer the other side made (accept or decline, in the action bar), and the turn clock.
import { api } from "./api.js";
import { h, notify } from "./notice.js";

// `ctx`: { matchId, meta, seat (the seat acting: the one on screen), token, version (of the view held),
//          who(p) (a seat's name), hotseat (several seats played here: say which one acts), redraw() }
async function send(ctx, what, body = {}) {
  try {
    return await api(`/matches/${ctx.matchId}/${what}`, { method: "POST", body: { seat: ctx.seat, token: ctx.token, ...body } });
  } catch (e) {
    notify(e.message, "error");
    return null;
  }
}

// Is the draw offer standing at this position, and whose is it?
export function standingOffer(meta, version) {
  const offer = meta && meta.draw_offer;
  return offer && offer.version === version ? offer : null;
}

// The seats on `seat`'s side (a team plays as one: END-2 asks each side once), from the match's `teams`.
export function sideOf(meta, seat) {
  return (meta.teams || []).find((team) => team.includes(seat)) || [seat];
}

// Did `seat`'s side make the offer standing (it, or a team-mate)?
function ourOffer(meta, offer, seat) {
  const side = sideOf(meta, seat);
  return !!offer && offer.seats.some((p) => side.includes(p));
}

// A computer never agrees a draw: offered only when every other side has a person.
function drawable(meta, seat) {
  if (!meta.draws) return false;
  return meta.seats.every((s, p) => p === seat || s.kind === "human");
}

// The "Match" menu in the title row: what this seat may do to end the match now.
export function drawMatchMenu(box, ctx) {
  const { meta, seat } = ctx;
  const playing = meta.status === "active" && typeof seat === "number" && meta.seats[seat]?.kind === "human";
  box.hidden = !playing;
  if (!playing) { box.replaceChildren(); delete box.dataset.key; return; }
  const open = box.dataset.open === "yes";
  const confirm = (label, question, what) => {
    const row = h("span", { class: "confirm", hidden: true },
      h("span", {}, question),
      h("button", { type: "button", class: `confirm-yes ${what}-yes`, onclick: async () => { if (await send(ctx, what)) ctx.redraw(); } }, "Yes"),
      h("button", { type: "button", class: "confirm-no", onclick: () => { row.hidden = true; ask.hidden = false; } }, "No"));
    const ask = h("button", { type: "button", class: what, onclick: () => { ask.hidden = true; row.hidden = false; } }, label);
    return h("li", {}, ask, row);
  };
  const offer = standingOffer(meta, ctx.version);
  const mineOffer = ourOffer(meta, offer, seat); // a team-mate's offer is this side's too: offered once
  // Drawn again only when what it offers changed, so a question being confirmed stays while moves come in.
  // A seat the host handed on while its person was away: played, never resigned, drawn or aborted (the server's rule).
  const standIn = meta.seats[seat].stand_in ? meta.seats[seat].away || "the person away" : null;
  const key = JSON.stringify([seat, meta.abortable, drawable(meta, seat), !!mineOffer, ctx.hotseat, standIn]);
  if (box.dataset.key === key && box.firstChild) return;
  box.dataset.key = key;
  const items = [];
  if (standIn) items.push(h("li", { class: "stand-in" }, `You stand in for ${standIn}: you play this seat, but never resign it, agree a draw or abort.`));
  else if (meta.abortable) items.push(confirm("Abort the match", "Call the match off, with no result?", "abort"));
  if (drawable(meta, seat) && !standIn) {
    items.push(h("li", {}, mineOffer
      ? h("span", { class: "offered" }, "Draw offered: waiting for an answer.")
      : h("button", { type: "button", class: "draw", onclick: async () => { if (await send(ctx, "draw", { answer: "offer" })) { notify("Draw offered: the other side is asked.", "info"); ctx.redraw(); } } }, "Offer a draw")));
  }
  if (!standIn) items.push(confirm("Resign", `${ctx.hotseat ? `Resign as ${ctx.who(seat)}?` : "Resign?"} The other side wins.`, "resign"));
  // Opening or closing it moves the board: the page fits the board again (a menu drawn open also fires
  // "toggle": only a change counts).
  const toggled = (e) => {
    const now = e.target.open ? "yes" : "no";
    if (now === (box.dataset.open || "no")) return;
    box.dataset.open = now;
    ctx.redraw();
  };
  box.replaceChildren(h("details", { class: "match-menu", open, ontoggle: toggled }, h("summary", {}, "Match"), h("ul", {}, items)));
}

// A draw offered by the other side, in the action bar: accept or decline. Offered by a team-mate: only the other
// side answers, so this seat is told its side offered it (the server refuses an answer from the side that asked).
export function drawOfferRow(ctx) {
  const offer = standingOffer(ctx.meta, ctx.version);
  if (!offer || offer.seats.includes(ctx.seat) || typeof ctx.seat !== "number") return null;
  const by = offer.seats.map((p) => ctx.who(p)).join(" and ");
  if (ourOffer(ctx.meta, offer, ctx.seat)) {
    return h("div", { class: "draw-offer side-offer", role: "status" },
      h("span", {}, `Your side offered a draw (${by}): waiting for the other side's answer.`));
  }
  if (ctx.meta.seats[ctx.seat]?.stand_in) return null; // a stand-in never agrees a draw
  return h("div", { class: "draw-offer", role: "alert" },
    h("span", {}, `${by} ${offer.seats.length > 1 ? "offer" : "offers"} a draw.`),
    h("button", { type: "button", class: "draw-accept primary", onclick: async () => { if (await send(ctx, "draw", { answer: "accept" })) ctx.redraw(); } }, "Accept the draw"),
    h("button", { type: "button", class: "draw-decline", onclick: async () => { if (await send(ctx, "draw", { answer: "decline" })) ctx.redraw(); } }, "Decline"));
}

// The turn clock: "1:05 left" for the person to move, counted from the last move; null without a limit.
export function clockLeft(meta, changedAt, toMove) {
  if (!meta || !meta.turn_limit || meta.status !== "active" || toMove === null || toMove < 0) return null;
  if (meta.seats[toMove]?.kind !== "human" || meta.seats[toMove]?.computer_turn) return null; // a computer's turn
  return Math.max(0, meta.turn_limit - (Date.now() - changedAt) / 1000);
}

export function clockWords(seconds) {
  const s = Math.ceil(seconds);
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The chess clocks (SV-CL4): each seat's time left in ms now, the running one ticked down on this browser from
// when the server's word came (`clockAt`, performance.now()); null for a seat without a clock (a computer).
export function chessLeft(meta, clockAt, seat) {
  const c = meta && meta.clock;
  if (!c || c.left[seat] === null || c.left[seat] === undefined) return null;
  const running = c.running === seat && meta.status === "active";
  return Math.max(0, c.left[seat] - (running ? performance.now() - clockAt : 0));
}

// "4:05", "1:02:03"; under 10 s with tenths, "0:07.4".
export function chessWords(ms) {
  if (ms < 10000) return `0:0${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)}`;
  const s = Math.ceil(ms / 1000);
  const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, "0")}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, "0")}` : mmss;
}

// Low on time: under a tenth of the base, at least 10 s and at most 30 s.
export function chessLow(meta, ms) {
  return ms < Math.max(10000, Math.min(30000, meta.clock.base * 100));
}
