// The home page: a tile per game (a drawing of its board, its pitch, "Play the computer" at a chosen level,
// "Play a friend", the rules, and every option behind "More options"), the computer levels explained, the
// lobby (lobby.js: seeks, "Play someone now"), the matches of this browser and of everyone (names, game, whose
// turn, age), and watching a record file.
import { api, catalog, heldMatches, myName, setMyName, tokensFor } from "./api.js";
import { gameModule } from "./board.js";
import { ago, h, notify } from "./notice.js";
import { lobbySection, quickFromTile } from "./lobby.js";
import { agentDetails, levelNames, levelText, newMatchForm, startMatch } from "./newmatch.js";

async function drawing(g) {
  const box = h("div", { class: "thumb", "aria-hidden": "true" });
  const mod = await gameModule(g.name);
  if (mod && mod.draw && g.preview) {
    try {
      const ui = { legal: [], fit: { width: 340, height: 230 }, touch: false, minTarget: 16, place() {}, refuse() {}, isPlaced: () => false };
      box.append(mod.draw(g.preview, ui));
    } catch (e) {
      console.error(e);
    }
  }
  if (!box.firstChild) box.append(h("span", { class: "thumb-title" }, g.title));
  return box;
}

function quickPlay(cat, g) {
  const v0 = g.variants[0];
  const playersOpt = g.options.find((o) => o.name === "players" && o.choices);
  const playersSel = playersOpt
    ? h("select", { class: "players-count", "aria-label": "Players" }, g.variants.map((v, k) => h("option", { value: k }, v.label)))
    : null;
  const variant = () => g.variants[playersSel ? Number(playersSel.value) : 0];
  const seatSel = h("select", { class: "play-as", "aria-label": "Play as" });
  const fillSeats = () => seatSel.replaceChildren(...variant().players.map((p, k) => h("option", { value: k }, p)));
  fillSeats();
  if (playersSel) playersSel.addEventListener("change", fillSeats);
  const level = h("select", { class: "level", "aria-label": "Computer level" },
    levelNames(cat).map((a) => h("option", { value: a, selected: a === cat.default_agent }, a)));
  // Each level's rating on the people's scale, for the variant chosen ("easy, about 1480"): the ladder's.
  const rateLevels = () => {
    const rated = (g.ladder || {})[variant().rating_key] || {};
    for (const opt of level.options) opt.textContent = rated[opt.value] ? `${opt.value}, about ${rated[opt.value].rating}` : opt.value;
  };
  rateLevels();
  if (playersSel) playersSel.addEventListener("change", rateLevels);
  const rated = h("input", { type: "checkbox", class: "rated" });
  const about = h("small", { class: "level-about" }, levelText(cat, level.value));
  level.addEventListener("change", () => { about.textContent = levelText(cat, level.value); });
  const go = async (computer) => {
    const v = variant();
    const seat = Number(seatSel.value);
    const seats = v.players.map((_, p) => (p === seat || !computer ? { kind: "human" } : { kind: "agent", agent: level.value }));
    try {
      await startMatch({ game: g.name, variant: v.label, options: {}, seats, seat, rated: rated.checked });
    } catch (e) {
      notify(e.message, "error");
    }
  };
  return h("div", { class: "quick" },
    h("div", { class: "quick-row" },
      playersSel ? h("label", {}, h("span", {}, "Players"), playersSel) : null,
      h("label", {}, h("span", {}, "Play as"), seatSel),
      h("label", {}, h("span", {}, "Level"), level)),
    about,
    h("label", { class: "check rated-choice" }, rated, h("span", {}, "Rated (everyone signed in; no undo)")),
    h("div", { class: "quick-buttons" },
      h("button", { type: "button", class: "play-computer primary", onclick: () => go(true) }, "Play the computer"),
      h("button", { type: "button", class: "play-friend", onclick: () => go(false) }, "Play a friend"),
      variant().num_players === 2 || g.variants.some((v) => v.num_players === 2)
        ? h("button", { type: "button", class: "play-someone", onclick: () => quickFromTile(g.name, variant().num_players === 2 ? variant().label : null) }, "Play someone now")
        : null));
}

async function tile(cat, g) {
  return h("article", { class: "tile", "data-game": g.name, "aria-labelledby": `tile-${g.name}` },
    await drawing(g),
    h("div", { class: "tile-text" },
      h("h2", { id: `tile-${g.name}` }, g.title),
      h("p", { class: "pitch" }, g.pitch || ""),
      quickPlay(cat, g),
      h("p", { class: "tile-links" }, g.has_lessons ? h("a", { class: "learn-link", href: `#/learn/${g.name}` }, "Learn to play") : null,
        g.has_lessons && g.has_rules ? " · " : null, g.has_rules ? h("a", { href: `#/rules/${g.name}` }, "Read the rules") : null),
      h("details", { class: "more" }, h("summary", {}, "More options"), newMatchForm(cat, g))));
}

function levelsExplained(cat) {
  const names = levelNames(cat);
  const rows = agentDetails(cat).filter((a) => names.includes(a.name)).sort((x, y) => names.indexOf(x.name) - names.indexOf(y.name));
  return h("details", { class: "levels", id: "levels" },
    h("summary", {}, "Computer levels explained"),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Level"), h("th", {}, "Plays like"), h("th", {}, "Thinks"), h("th", {}, "How"))),
      h("tbody", {}, rows.map((a) => h("tr", { class: a.name === cat.default_agent ? "default" : "" },
        h("td", {}, a.name, a.name === cat.default_agent ? " (suggested)" : ""), h("td", {}, a.strength || "—"), h("td", {}, a.think || "instantly"), h("td", {}, a.doc))))),
    h("p", { class: "small-print" }, "The computer never looks at hidden information (your roll in the tube, your cards). “More options” offers every computer player, including the search with your own settings."));
}

// Who plays: "You", the players' names, "Computer (easy)"; a seat nobody has taken yet is an open seat.
function players(m, held) {
  const mine = (p) => held.includes(p) && held.length < m.seats.length;
  const who = (s, p) => (s.kind === "agent" ? s.name : mine(p) ? "You" : s.name || (s.claimed ? s.role : `${s.role}: open seat`));
  return m.seats.map(who).join(m.seats.length > 2 ? ", " : " vs ");
}

function matchItem(m, mine) {
  const held = mine ? Object.keys(tokensFor(m.id)).map(Number) : [];
  const yourTurn = m.status === "active" && held.includes(m.to_move);
  const href = m.status === "finished" ? `#/replay/${m.id}` : mine ? `#/play/${m.id}` : `#/watch/${m.id}`;
  const verb = m.status === "finished" ? "Replay" : mine ? (yourTurn ? "Your turn" : "Resume") : "Watch";
  let turn = "";
  if (m.status === "active" && m.to_move_role) turn = yourTurn ? "your turn" : `${m.to_move_name || m.to_move_role} to move`;
  if (m.status === "finished") {
    const winners = m.seats.map((_, p) => p).filter((p) => (m.result || [])[p] > 0); // seat numbers, not list places
    const won = winners.map((p) => (held.includes(p) && held.length < m.seats.length ? "you" : m.seats[p].name || m.seats[p].role));
    const how = m.ending ? { resign: " by resignation", draw: " by agreement", timeout: " on time" }[m.ending.kind] || "" : "";
    turn = won.length ? `${won.join(" & ")} won${how}` : `draw${how}`;
  }
  return h("li", { class: `match-item${yourTurn ? " your-turn" : ""}`, "data-match": m.id },
    h("a", { class: "button small", href }, verb),
    h("span", { class: "match-game" }, m.title),
    h("span", { class: "match-players" }, players(m, held)),
    h("span", { class: "match-turn" }, turn),
    h("span", { class: "match-age" }, m.status === "finished" ? `ended ${ago(m.idle_s)}` : `started ${ago(m.age_s)}, last move ${ago(m.idle_s)}`));
}

// Three lists: this browser's own matches (asked for by id, so private ones too), then other people's public
// matches open to watch (with a move in the last day: abandoned ones drop off), then recently finished ones.
const OPEN_IDLE_S = 86400;
async function drawLists(box) {
  const held = heldMatches().slice(-100);
  const [active, finished, own] = await Promise.all([
    api("/matches?status=active&limit=50"), api("/matches?status=finished&limit=30"),
    held.length ? api(`/matches?limit=100&ids=${held.map(encodeURIComponent).join(",")}`) : { matches: [] }]);
  const mine = new Set(held);
  const section = (title, cls, items, empty) => [h("h2", {}, title), items.length ? h("ul", { class: `match-list ${cls}` }, items) : h("p", { class: "empty" }, empty)];
  const yours = [...own.matches.filter((m) => m.status === "active"), ...own.matches.filter((m) => m.status === "finished").slice(0, 10)];
  const watchable = active.matches.filter((m) => !mine.has(m.id) && m.idle_s < OPEN_IDLE_S);
  box.replaceChildren(
    ...section("Your matches", "your-matches", yours.map((m) => matchItem(m, true)), "None yet: start one above."),
    ...section("Open to watch", "active-matches", watchable.map((m) => matchItem(m, false)), "Nobody else is playing right now."),
    ...section("Finished", "finished-matches", finished.matches.filter((m) => !mine.has(m.id)).map((m) => matchItem(m, false)), "No finished matches yet."));
}

export async function showHome(view, openReplay) {
  const cat = await catalog();
  const name = h("input", { id: "my-name", maxlength: 24, autocomplete: "nickname", placeholder: "e.g. Sam", value: myName() });
  name.addEventListener("input", () => setMyName(name.value));
  const upload = h("input", { type: "file", accept: ".json,application/json", id: "upload" });
  upload.addEventListener("change", async () => {
    const file = upload.files[0];
    if (!file) return;
    try {
      const text = await file.text();
      openReplay(await api("/replay", { method: "POST", body: text }), text);
    } catch (e) {
      notify(`That record cannot be replayed: ${e.message}`, "error");
    }
  });
  const lists = h("section", { class: "lists", "aria-live": "polite" });
  const lobby = await lobbySection();
  view.replaceChildren(
    h("section", { class: "hero" },
      h("h1", {}, "Three arcade board games from the 1980s"),
      h("p", {}, "Play the computer, or send a friend a link. Every rule is numbered and shown as you play."),
      h("label", { class: "name-field" }, h("span", {}, "Your name"), name)),
    h("div", { class: "tiles" }, await Promise.all(cat.games.map((g) => tile(cat, g)))),
    levelsExplained(cat),
    lobby.section,
    lists,
    h("section", { class: "upload" }, h("h2", {}, "Watch a record file"), h("label", {}, "A match record (.json) saved by boardcade: ", upload)));
  await drawLists(lists);
  const timer = setInterval(() => drawLists(lists).catch(() => {}), 15000);
  return () => { clearInterval(timer); lobby.stop(); };
}
