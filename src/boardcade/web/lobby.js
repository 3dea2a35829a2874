// The lobby (docs/server.md "Lobby"): post a seek (game, variant, rated or casual, a chess clock or none, the rating
// range accepted), see everyone else's seeks live over /ws/lobby and accept one, cancel your own, or "Play someone
// now" (quick pairing: an open seek that fits, or a seek of your own while "Play the computer instead" is offered).
// Both people land on the match page. Your seeks live while this page's lobby socket is open: leave the page and
// they are withdrawn.
import { api, catalog, myName, saveTokens } from "./api.js";
import { h, notify } from "./notice.js";
import { levelNames, startMatch } from "./newmatch.js";

// This browser's lobby identity: a random token (only its digest reaches the server's storage).
const OWNER = "boardcade.owner";
function ownerToken() {
  try {
    let t = localStorage.getItem(OWNER);
    if (!t) {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      t = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      localStorage.setItem(OWNER, t);
    }
    return t;
  } catch {
    return (window.__boardcadeOwner ||= `tab-${crypto.randomUUID().replace(/-/g, "")}`);
  }
}

// The seat tokens of this page's open seeks, by seek id (the token holds the seat once someone accepts).
const mine = new Map();
let queued = null; // quick pairing asked for from a game's tile, done when the lobby page opens

export function quickFromTile(game, variant) {
  queued = { game, variant };
  location.hash = "#/lobby"; // the tiles are on the home page: the lobby page opens and does it
}

const CLOCKS = [["", "None"], ["300+3", "5+3"], ["600+5", "10+5"], ["900+10", "15+10"]]; // minutes + seconds a decision

function twoPlayerVariants(g) { return g.variants.filter((v) => v.num_players === 2); }

// The words for a seek's options: the variant they are, or "custom rules".
function variantWords(g, options) {
  const defaults = Object.fromEntries(g.options.map((o) => [o.name, o.default]));
  const same = (v) => Object.entries({ ...defaults, ...v.options }).every(([k, val]) => JSON.stringify(options[k]) === JSON.stringify(val));
  const v = g.variants.find(same);
  return v ? v.words || v.label : "custom rules";
}

function paired(match, seat, token) {
  saveTokens(match, { [seat]: token });
  location.hash = `#/play/${match}`;
}

export async function lobbySection({ autoQuick = false } = {}) {
  const cat = await catalog();
  const games = cat.games.filter((g) => twoPlayerVariants(g).length);
  const byName = new Map(games.map((g) => [g.name, g]));
  const owner = ownerToken();
  let seeks = [];
  let socket = null;
  let closed = false;
  let retry = null;
  let waitingFor = null; // the seek of a quick pairing still waiting (offers the computer meanwhile)
  // Seeks are posted once this page's lobby socket holds them alive (the server said `welcome`): then the
  // socket of the page left just before, closing, can never take them with it (at most 3 s waited).
  let welcomed;
  const ready = new Promise((resolve) => { welcomed = resolve; });
  const whenReady = () => Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 3000))]);

  const gameSel = h("select", { name: "game", class: "seek-game", "aria-label": "Game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const variantSel = h("select", { name: "variant", class: "seek-variant", "aria-label": "Rules" });
  const fillVariants = () => variantSel.replaceChildren(...twoPlayerVariants(byName.get(gameSel.value)).map((v) => h("option", { value: v.label }, v.words || v.label)));
  fillVariants();
  gameSel.addEventListener("change", fillVariants);
  const rated = h("select", { name: "rated", class: "seek-rated", "aria-label": "Rated or casual" },
    h("option", { value: "casual" }, "Casual"), h("option", { value: "rated" }, "Rated"));
  // The chess clock (SV-CL1), the New-match form's presets: base seconds + seconds added per decision.
  const clock = h("select", { name: "clock", class: "seek-clock", "aria-label": "Clock" }, CLOCKS.map(([v, label]) => h("option", { value: v }, label)));
  const chosenClock = () => { if (!clock.value) return null; const [base, increment] = clock.value.split("+").map(Number); return { base, increment }; };
  // The rating range you accept (SV-LB8): either end may stay empty ("any"); the server checks it (0..4000).
  const rating = (cls, label) => h("input", { type: "number", name: cls, class: cls, min: 0, max: 4000, step: 1, inputmode: "numeric", placeholder: "any", "aria-label": label });
  const minRating = rating("seek-min", "Lowest rating you accept");
  const maxRating = rating("seek-max", "Highest rating you accept");
  const ratingOf = (input) => (input.value.trim() === "" ? null : Number(input.value));
  const list = h("ul", { class: "seek-list", "aria-live": "polite" });
  const empty = h("p", { class: "empty seek-empty" }, "Nobody is waiting for an opponent right now: post a seek, or press “Play someone now”.");
  const waiting = h("div", { class: "seek-waiting", role: "status", hidden: true });

  const body = () => ({ game: gameSel.value, variant: variantSel.value, rated: rated.value === "rated", clock: chosenClock(),
    min: ratingOf(minRating), max: ratingOf(maxRating), name: myName() || null, owner });

  function remember(answer) {
    mine.set(answer.seek.id, answer.token);
    draw();
  }

  async function post(ev) {
    ev.preventDefault();
    await whenReady();
    try { remember(await api("/seeks", { method: "POST", body: body() })); } catch (e) { notify(e.message, "error"); }
  }

  async function quick(over = {}) {
    await whenReady();
    try {
      const answer = await api("/seeks/quick", { method: "POST", body: { ...body(), ...over } });
      if (answer.paired) { paired(answer.paired.id, answer.paired.seat, answer.paired.token); return; }
      waitingFor = answer.seek.id;
      remember(answer);
    } catch (e) { notify(e.message, "error"); }
  }

  // Waiting for quick pairing, a seek that fits arrives (someone posted it meanwhile): take it. The server first
  // withdraws this page's own seek; if someone took that already, it says where to go instead: never two matches.
  let retaking = false;
  const sameOptions = (a, b) => { const ka = Object.keys(a).sort(); return JSON.stringify(ka) === JSON.stringify(Object.keys(b).sort()) && ka.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k])); };
  const fits = (w, s) => s.id !== w.id && !mine.has(s.id) && s.game === w.game && s.rated === w.rated && JSON.stringify(s.clock) === JSON.stringify(w.clock) && sameOptions(s.options, w.options);
  async function takeFitting(w) {
    if (retaking) return;
    retaking = true;
    try {
      const answer = await api("/seeks/quick", { method: "POST", body: { game: w.game, options: w.options, rated: w.rated, clock: w.clock, name: myName() || null, owner, seek: w.id } });
      const token = mine.get(w.id);
      mine.delete(w.id);
      waitingFor = null;
      if (answer.where) { if (answer.where.state === "paired") paired(answer.where.match, answer.where.seat, token); else draw(); return; }
      if (answer.paired) { paired(answer.paired.id, answer.paired.seat, answer.paired.token); return; }
      waitingFor = answer.seek.id;
      remember(answer);
    } catch (e) { notify(e.message, "error"); } finally { retaking = false; }
  }

  async function cancel(id) {
    try { await api(`/seeks/${encodeURIComponent(id)}/cancel`, { method: "POST", body: { owner } }); } catch (e) { if (e.code !== "seek_gone") notify(e.message, "error"); }
    mine.delete(id);
    if (waitingFor === id) waitingFor = null;
    draw();
  }

  async function accept(id) {
    try {
      const m = await api(`/seeks/${encodeURIComponent(id)}/accept`, { method: "POST", body: { owner, name: myName() || null } });
      paired(m.id, m.seat, m.token);
    } catch (e) { notify(e.message, "error"); }
  }

  async function computerInstead() {
    const seek = seeks.find((s) => s.id === waitingFor);
    const id = waitingFor;
    if (id) await cancel(id);
    const g = byName.get(seek ? seek.game : gameSel.value);
    const v = twoPlayerVariants(g)[0];
    const agent = cat.default_agent || levelNames(cat)[0];
    try {
      const onClock = seek ? seek.clock : chosenClock();
      await startMatch({ game: g.name, variant: seek ? undefined : v.label, options: seek ? seek.options : {}, seats: [{ kind: "human" }, { kind: "agent", agent }], seat: 0, clock: onClock });
    } catch (e) { notify(e.message, "error"); }
  }

  function item(s) {
    const g = byName.get(s.game);
    const own = mine.has(s.id);
    const facts = [g ? variantWords(g, s.options) : "", s.rated ? "rated" : "casual", s.clock ? `clock ${s.clock_label}` : "no clock",
      s.min !== null || s.max !== null ? `ratings ${s.min ?? "any"}–${s.max ?? "any"}` : ""].filter(Boolean).join(" · ");
    return h("li", { class: `seek-item${own ? " own" : ""}`, "data-seek": s.id },
      own ? h("button", { type: "button", class: "seek-cancel", onclick: () => cancel(s.id) }, "Cancel")
        : h("button", { type: "button", class: "seek-accept primary", onclick: () => accept(s.id) }, "Accept"),
      h("span", { class: "seek-game-title" }, g ? g.title : s.game),
      h("span", { class: "seek-who" }, own ? "You (waiting)" : s.name || "Someone"),
      h("span", { class: "seek-facts" }, facts));
  }

  function draw() {
    const shown = [...seeks.filter((s) => mine.has(s.id)), ...seeks.filter((s) => !mine.has(s.id))];
    list.replaceChildren(...shown.map(item));
    empty.hidden = shown.length > 0;
    const w = waitingFor && seeks.find((s) => s.id === waitingFor);
    waiting.hidden = !w;
    if (w) {
      waiting.replaceChildren(h("p", {}, `Looking for someone to play ${byName.get(w.game)?.title || w.game} with you…`),
        h("div", { class: "seek-buttons" },
          h("button", { type: "button", class: "computer-instead primary", onclick: computerInstead }, "Play the computer instead"),
          h("button", { type: "button", class: "seek-stop", onclick: () => cancel(w.id) }, "Stop looking")));
    }
  }

  function onMessage(ev) {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg.type === "welcome") { welcomed(); return; }
    if (msg.type === "seeks") seeks = msg.seeks;
    else if (msg.type === "seek") {
      seeks = [...seeks.filter((s) => s.id !== msg.seek.id), msg.seek];
      const w = waitingFor && seeks.find((s) => s.id === waitingFor);
      if (w && fits(w, msg.seek)) takeFitting(w);
    }
    else if (msg.type === "unseek") seeks = seeks.filter((s) => s.id !== msg.id);
    else if (msg.type === "paired" && mine.has(msg.seek)) {
      const token = mine.get(msg.seek);
      mine.delete(msg.seek);
      paired(msg.match, msg.seat, token);
      return;
    } else return;
    draw();
  }

  function open() {
    if (closed) return;
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/lobby`);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "hello", owner })));
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", () => { if (!closed) retry = setTimeout(open, 1500); });
  }

  // Between socket messages (or without a socket), ask after this page's own seeks: paired, or still open.
  const poll = setInterval(async () => {
    for (const [id, token] of [...mine]) {
      try {
        const where = await api(`/seeks/${encodeURIComponent(id)}/wait`, { method: "POST", body: { owner } });
        if (where.state === "paired" && mine.has(id)) { mine.delete(id); paired(where.match, where.seat, token); return; }
        if (where.state === "gone") { mine.delete(id); draw(); }
      } catch { /* the next time */ }
    }
  }, 3000);

  const form = h("form", { class: "seek-form" },
    h("label", { class: "wide" }, h("span", {}, "Game"), gameSel),
    h("label", { class: "wide" }, h("span", {}, "Rules"), variantSel),
    h("label", {}, h("span", {}, "Kind"), rated),
    h("label", { title: "minutes each + seconds added per decision" }, h("span", {}, "Clock"), clock),
    h("label", { title: "the opponents' ratings you accept; empty: any" }, h("span", {}, "Ratings from"), minRating),
    h("label", { title: "the opponents' ratings you accept; empty: any" }, h("span", {}, "to"), maxRating),
    h("div", { class: "seek-buttons" },
      h("button", { type: "submit", class: "seek-post" }, "Post a seek"),
      h("button", { type: "button", class: "quick-pair primary", onclick: () => quick() }, "Play someone now")));
  form.addEventListener("submit", post);
  const section = h("section", { class: "lobby", id: "lobby", "aria-labelledby": "lobby-title" },
    h("h2", { id: "lobby-title" }, "Lobby: find an opponent"),
    h("p", { class: "small-print" }, "Post what you want to play, or accept someone’s seek: you are both seated at once. Your seeks stay up while this page is open."),
    form, waiting, list, empty);
  open();
  draw();
  const ask = queued;
  queued = null;
  if (ask) {
    gameSel.value = ask.game;
    fillVariants();
    if (ask.variant) variantSel.value = ask.variant;
    quick();
  } else if (autoQuick) quick();
  const stop = () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(poll);
    if (socket) socket.close();
    for (const id of mine.keys()) api(`/seeks/${encodeURIComponent(id)}/cancel`, { method: "POST", body: { owner } }).catch(() => {});
    mine.clear();
  };
  return { section, stop };
}

export async function showLobby(page) {
  const { section, stop } = await lobbySection();
  page.replaceChildren(h("p", { class: "lobby-back" }, h("a", { href: "#/" }, "← All games")), section);
  return stop;
}
