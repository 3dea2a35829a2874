// Profiles (#/player/{name}): a player's ratings per game with their ±, an SVG graph of each rating over time,
// and their finished matches (result, opponents, rating change, replay and analysis links), a page at a time.
// "My matches" (#/me): the signed-in account's active matches, those waiting on you first, then the latest
// finished ones. Every name is shown as text (h() makes text nodes); a seat held by an account links to its
// profile. An active match is played from any device signed in: the server plays a seat linked to the account for
// its session (the seat's token stays in the browser that took it, and keeps working there). docs/server.md,
// "Profiles".
import { api } from "./api.js";
import { h } from "./notice.js";
import { s } from "./svg.js";

const RESULT_WORDS = { win: "Won", loss: "Lost", draw: "Draw" };

function when(iso) {
  return iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }) : "";
}

function playerLink(name) {
  return h("a", { href: `#/player/${encodeURIComponent(name)}`, class: "player-link" }, name);
}

// "Ann (Red) vs Computer (easy) (Blue)": each seat's name, linked where an account holds it.
function seatsLine(match) {
  const parts = [];
  match.seats.forEach((seat, k) => {
    if (k) parts.push(" vs ");
    const name = seat.name || "open seat";
    parts.push(seat.account ? playerLink(seat.account) : name, ` (${seat.role})`);
  });
  return h("span", { class: "seats-line" }, ...parts);
}

function matchItem(match) {
  const result = match.result ? h("strong", { class: `result ${match.result}` }, RESULT_WORDS[match.result]) : null;
  const change = match.rating
    ? h("span", { class: "rating-change" }, ` ${match.rating.before} → ${match.rating.after}`)
    : match.unrated ? h("span", { class: "small-print" }, ` (unrated: ${match.unrated})`) : null;
  const links = [];
  if (match.play) links.push(h("a", { href: match.play, class: "button primary" }, match.your_turn ? "Your turn: play" : "Open"));
  if (match.replay) links.push(h("a", { href: match.replay, class: "replay-link" }, "Replay"));
  if (match.analysis) links.push(h("a", { href: match.analysis, class: "analysis-link" }, "Analysis"));
  return h("li", { class: "history-match", "data-match": match.id },
    h("div", {}, result, result ? " " : null, h("span", { class: "game-title" }, match.title), match.rated ? h("span", { class: "badge" }, " rated") : null,
      h("span", { class: "small-print" }, ` · ${when(match.finished_at || match.updated_at)}`)),
    h("div", {}, seatsLine(match), change),
    h("div", { class: "history-links" }, ...links.flatMap((l, k) => (k ? [" · ", l] : [l]))));
}

// One rating's history as an SVG line with its ± band: x the change's order, y the rating.
function graph(points, key) {
  const width = 320, height = 150, pad = 30;
  const lo = Math.min(...points.map((p) => p.rating - p.interval), 1400);
  const hi = Math.max(...points.map((p) => p.rating + p.interval), 1600);
  const x = (k) => pad + (points.length > 1 ? (k * (width - pad - 8)) / (points.length - 1) : (width - pad) / 2);
  const y = (v) => 8 + ((hi - v) * (height - 24)) / (hi - lo || 1);
  const band = points.map((p, k) => `${x(k)},${y(p.rating + p.interval)}`).concat(
    points.map((p, k) => `${x(k)},${y(p.rating - p.interval)}`).reverse()).join(" ");
  const line = points.map((p, k) => `${x(k)},${y(p.rating)}`).join(" ");
  const last = points[points.length - 1];
  return s("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "rating-graph", role: "img",
    "aria-label": `${key} rating over ${points.length} rated matches, now ${last.rating}` },
  s("line", { x1: pad, x2: width - 4, y1: y(1500), y2: y(1500), class: "graph-centre" }),
  s("text", { x: 2, y: y(hi) + 4, class: "graph-label" }, String(Math.round(hi))),
  s("text", { x: 2, y: y(lo), class: "graph-label" }, String(Math.round(lo))),
  s("polygon", { points: band, class: "graph-band" }),
  s("polyline", { points: line, class: "graph-line" }),
  ...points.map((p, k) => s("circle", { cx: x(k), cy: y(p.rating), r: 3, class: "graph-point" }, s("title", {}, `${p.rating} ± ${p.interval}, ${when(p.at)}`))));
}

export async function showPlayer(page, name, pageNo = 1) {
  const data = await api(`/players/${encodeURIComponent(name)}?page=${pageNo}`);
  const ratings = data.ratings.length
    ? h("ul", { class: "ratings" }, data.ratings.map((r) => h("li", { class: "rating", "data-key": r.key },
      h("div", {}, h("strong", {}, r.key.includes("/") ? `${r.title} (${r.key.split("/")[1]} players)` : r.title), " ",
        h("span", { class: "rating-number" }, String(r.rating)), h("span", { class: "small-print" }, ` ± ${r.interval} · ${r.games} rated ${r.games === 1 ? "match" : "matches"}`)),
      data.graph[r.key] && data.graph[r.key].length ? graph(data.graph[r.key], r.key) : null)))
    : h("p", { class: "small-print" }, "No rated matches yet: every player starts at 1500.");
  const pager = data.pages > 1 ? h("p", { class: "pager" },
    data.page > 1 ? h("a", { href: `#/player/${encodeURIComponent(data.name)}/${data.page - 1}` }, "← Newer") : null,
    ` Page ${data.page} of ${data.pages} `,
    data.page < data.pages ? h("a", { href: `#/player/${encodeURIComponent(data.name)}/${data.page + 1}` }, "Older →") : null) : null;
  page.replaceChildren(h("div", { class: "profile-page" },
    h("h2", { id: "profile-name" }, data.name),
    h("p", { class: "small-print" }, `Playing since ${when(data.created_at)} · ${data.total} finished ${data.total === 1 ? "match" : "matches"}`),
    h("section", { class: "profile-ratings" }, h("h3", {}, "Ratings"), ratings),
    h("section", { class: "profile-matches" }, h("h3", {}, "Matches"),
      data.matches.length ? h("ul", { class: "history" }, data.matches.map(matchItem)) : h("p", { class: "small-print" }, "No finished matches yet."),
      pager)));
}

export async function showMyMatches(page) {
  let data;
  try {
    data = await api("/me/matches");
  } catch (e) {
    if (e.code !== "signed_out") throw e;
    page.replaceChildren(h("div", { class: "page-message" }, h("h2", {}, "My matches"),
      h("p", {}, "Sign in to see your matches on any device."), h("p", {}, h("a", { class: "button primary", href: "#/account" }, "Sign in"))));
    return;
  }
  const yours = data.active.filter((m) => m.your_turn).length;
  page.replaceChildren(h("div", { class: "profile-page my-matches" },
    h("h2", {}, "My matches"),
    h("p", {}, playerLink(data.name), yours ? ` · your turn in ${yours} ${yours === 1 ? "match" : "matches"}` : ""),
    h("section", {}, h("h3", {}, "Being played"),
      data.active.length ? h("ul", { class: "history active" }, data.active.map(matchItem)) : h("p", { class: "small-print" }, "None right now.")),
    h("section", {}, h("h3", {}, "Finished"),
      data.finished.length ? h("ul", { class: "history finished" }, data.finished.map(matchItem)) : h("p", { class: "small-print" }, "None yet."))));
}
