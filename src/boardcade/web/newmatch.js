// Starting matches: the quick buttons on each game's tile ("Play the computer", "Play a friend") and the full
// form behind "More options" (variant, every rule option, each seat a person or a computer, hot-seat or online).
// A variant fixes some options; the form refuses a contradiction (the server does too) instead of quietly
// building another game.
import { api, claimSeat, myName, saveHostToken, saveInvites, saveTokens } from "./api.js";
import { h, notify } from "./notice.js";

// The levels offered, weakest first, as names. The catalog lists them as names, or (a server whose agents
// carry their own level data) as {name, description, seconds_per_move}: both are read.
export function levelNames(cat) {
  return (cat.levels || []).map((l) => (typeof l === "string" ? l : l.name));
}

export function agentDetails(cat) {
  const byName = new Map((cat.agent_details || []).map((a) => [a.name, { ...a }]));
  for (const l of cat.levels || []) if (typeof l !== "string") byName.set(l.name, { ...(byName.get(l.name) || { name: l.name }), ...l });
  return [...byName.values()];
}

export function levelText(cat, name) {
  const a = agentDetails(cat).find((x) => x.name === name);
  if (!a) return name;
  return [a.strength && `plays like ${a.strength}`, a.think && `thinks ${a.think}`].filter(Boolean).join("; ");
}

// Create a match; keep the tokens the server issued; in hot-seat mode claim every other seat here, each under
// its player's name (`names`: one per seat, from the form) when given.
export async function startMatch({ game, variant, options = {}, seats, seat, hotseat = false, clock = null, isPrivate = false, names = null, rated = false }) {
  const body = { game, options, seats, seat, name: (names && names[seat]) || myName() || null };
  if (rated) body.rated = true; // signed-in accounts only; its seats are linked to them (docs/server.md, Ratings)
  if (clock && clock.base) body.clock = { base: clock.base, increment: clock.increment };
  else if (clock) Object.assign(body, { turn_limit: clock.seconds, on_timeout: clock.onTimeout });
  if (isPrivate) body.private = true;
  if (variant) body.variant = variant;
  const m = await api("/matches", { method: "POST", body });
  saveHostToken(m.id, m.host_token);
  if (m.seat !== null && m.seat !== undefined) saveTokens(m.id, { [m.seat]: m.token });
  if (hotseat) {
    for (const [s, invite] of Object.entries(m.invites)) await claimSeat(m.id, s, invite, names ? names[s] : null);
  } else if (Object.keys(m.invites).length) {
    saveInvites(m.id, m.invites);
  }
  location.hash = `#/play/${m.id}`;
  return m;
}

function optionInput(opt, value) {
  const attrs = { name: opt.name, "data-option": opt.name, "data-kind": opt.kind, id: `opt-${opt.name}` };
  if (opt.kind === "bool") return h("input", { ...attrs, type: "checkbox", checked: !!value });
  if (opt.choices) {
    const words = opt.choice_labels || opt.choices.map(String); // the game's words for each value
    return h("select", attrs, opt.choices.map((c, k) => h("option", { value: JSON.stringify(c), selected: c === value }, words[k])));
  }
  const num = opt.kind === "int" || opt.kind === "float";
  return h("input", { ...attrs, type: num ? "number" : "text", value, step: opt.kind === "float" ? "any" : undefined, min: opt.minimum ?? undefined, max: opt.maximum ?? undefined });
}

function readOption(el) {
  const kind = el.dataset.kind;
  if (kind === "bool") return el.checked;
  if (el.tagName === "SELECT") return JSON.parse(el.value);
  if (kind === "int") return parseInt(el.value, 10);
  if (kind === "float") return parseFloat(el.value);
  return el.value;
}

// A fold ("Advanced") inside the "More options" fold: a button, not a nested <details>, so the form's own
// summary stays the only one.
function advancedFold(...content) {
  const inner = h("div", { class: "advanced-body", hidden: true }, ...content);
  const toggle = h("button", { type: "button", class: "advanced-toggle", "aria-expanded": "false" }, "Advanced ▸");
  toggle.addEventListener("click", () => {
    inner.hidden = !inner.hidden;
    toggle.setAttribute("aria-expanded", String(!inner.hidden));
    toggle.textContent = inner.hidden ? "Advanced ▸" : "Advanced ▾";
  });
  return h("div", { class: "advanced" }, toggle, inner);
}

export function newMatchForm(cat, g) {
  const form = h("form", { class: "new-match", "data-game": g.name });
  const variantSel = h("select", { name: "variant", class: "variant", "aria-label": "Variant" }, g.variants.map((v, k) => h("option", { value: k }, v.words || v.label)));
  const optionsBox = h("fieldset", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const clash = h("p", { class: "clash error", role: "alert", hidden: true });
  const mode = h("select", { name: "mode", class: "mode" },
    h("option", { value: "hotseat" }, "Hot-seat: everyone on this device"),
    h("option", { value: "online" }, "Online: invite links for the other people"));
  const submit = h("button", { type: "submit", class: "create primary" }, "Start the match");
  // The turn clock (END-3) and whether others may find the match in the lists.
  const TURN_TIMES = [["", "No limit"], ["60", "1 minute"], ["300", "5 minutes"], ["3600", "1 hour"], ["86400", "1 day"], ["259200", "3 days"]];
  const turnTime = h("select", { name: "turn_limit", class: "turn-limit" }, TURN_TIMES.map(([v, label]) => h("option", { value: v }, label)));
  const onTimeout = h("select", { name: "on_timeout", class: "on-timeout", disabled: true },
    h("option", { value: "lose" }, "the player loses"), h("option", { value: "computer" }, "the computer plays for them"));
  // The chess clock for live play (SV-CL1): a base and an increment per decision; or the turn limit, not both.
  const CLOCKS = [["", "None"], ["300+3", "5 min + 3 s"], ["600+5", "10 min + 5 s"], ["900+10", "15 min + 10 s"], ["custom", "Custom…"]];
  const chess = h("select", { name: "clock", class: "chess-choice" }, CLOCKS.map(([v, label]) => h("option", { value: v }, label)));
  const baseMin = h("input", { type: "number", class: "clock-base", min: 1, max: 120, step: 1, value: 10, "aria-label": "Minutes each" });
  const incSec = h("input", { type: "number", class: "clock-increment", min: 0, max: 60, step: 1, value: 5, "aria-label": "Seconds added per decision" });
  const custom = h("span", { class: "clock-custom", hidden: true }, baseMin, h("span", {}, " min + "), incSec, h("span", {}, " s a decision"));
  const linkTimes = () => {
    custom.hidden = chess.value !== "custom";
    turnTime.disabled = !!chess.value;
    if (chess.value) turnTime.value = "";
    chess.disabled = !!turnTime.value;
    onTimeout.disabled = !turnTime.value;
  };
  chess.addEventListener("change", linkTimes);
  turnTime.addEventListener("change", linkTimes);
  const chessClock = () => {
    if (!chess.value) return null;
    if (chess.value === "custom") return { base: Math.round(Number(baseMin.value) * 60), increment: Math.round(Number(incSec.value)) };
    const [base, increment] = chess.value.split("+").map(Number);
    return { base, increment };
  };
  const privately = h("input", { type: "checkbox", name: "private", class: "private" });
  const rated = h("input", { type: "checkbox", name: "rated", class: "rated" });
  // The seats offer a person or the computer at a level; the research agents (no level: ismcts, os_mcts…)
  // only once asked for under "Advanced".
  const levels = levelNames(cat);
  const research = cat.agents.filter((a) => !levels.includes(a));
  const withResearch = h("input", { type: "checkbox", class: "research-agents" });
  const seatChoices = () => [["human", "Person"], ...levels.map((a) => [`agent:${a}`, `Computer (${a})`]),
    ...(withResearch.checked ? research.map((a) => [`agent:${a}`, `Research agent: ${a}`]) : [])];
  const labelOf = (name) => (g.options.find((o) => o.name === name) || {}).label || name;
  const variant = () => g.variants[Number(variantSel.value)];

  function options() {
    const out = {};
    optionsBox.querySelectorAll("[data-option]").forEach((el) => { out[el.dataset.option] = readOption(el); });
    return out;
  }

  // The options the variant fixes must keep the variant's values.
  function check() {
    let v = variant();
    const opts = options();
    let wrong = Object.entries(v.options).filter(([k, val]) => k in opts && opts[k] !== val);
    // An option that another variant fixes to the chosen value (players = 4): that variant is meant.
    const fits = (x) => Object.entries(x.options).every(([k, val]) => !(k in opts) || opts[k] === val);
    const meant = wrong.length ? g.variants.findIndex(fits) : -1;
    if (meant >= 0) {
      variantSel.value = String(meant);
      v = variant();
      wrong = [];
    }
    clash.hidden = !wrong.length;
    submit.disabled = wrong.length > 0;
    if (wrong.length) {
      const other = g.variants.find((x) => Object.entries(x.options).every(([k, val]) => opts[k] === val));
      clash.textContent = `The “${v.words || v.label}” variant has ${wrong.map(([k, val]) => `${labelOf(k)}: ${val}`).join(", ")}, but the options say ${wrong.map(([k]) => `${labelOf(k)}: ${opts[k]}`).join(", ")}. `
        + (other ? `Choose the “${other.words || other.label}” variant for that, or set it back.` : "Set it back to play this variant.");
    }
  }

  function fillSeats() {
    const v = variant();
    const playersEl = optionsBox.querySelector('[data-option="players"]');
    const n = playersEl ? readOption(playersEl) : v.num_players;
    const names = (g.variants.find((x) => x.num_players === n) || v).players.slice(0, n);
    while (names.length < n) names.push(`Player ${names.length + 1}`);
    const before = [...seatsBox.querySelectorAll("[data-seat]")].map((el) => el.value);
    const offered = seatChoices();
    if (before.length !== n || before.some((val) => !offered.some(([v]) => v === val))) {
      const pick = (p, val) => (before.length === n ? before[p] === val : p === 0 ? val === "human" : val === `agent:${cat.default_agent}`);
      const given = [...seatsBox.querySelectorAll("[data-seat-name]")].map((el) => el.value);
      seatsBox.replaceChildren(h("legend", {}, "Seats"), ...names.map((nm, p) => h("div", { class: "seat-row" },
        h("label", {}, h("span", {}, nm),
          h("select", { name: `seat${p}`, "data-seat": p, onchange: showNames }, offered.map(([val, lab]) => h("option", { value: val, selected: pick(p, val) }, lab)))),
        h("label", { class: "seat-name" }, h("span", {}, `${nm}'s name`),
          h("input", { "data-seat-name": p, maxlength: 24, autocomplete: "off", value: given[p] ?? defaultName(p) })))));
      showNames();
    } else {
      seatsBox.querySelectorAll("[data-seat]").forEach((el, p) => {
        el.replaceChildren(...offered.map(([val, lab]) => h("option", { value: val, selected: before[p] === val }, lab)));
      });
    }
    check();
  }

  // Hot-seat: each person at this device is named here (the chips, the log, the hand-over screen and the end
  // use it); the first seat defaults to the name given on the home page. Online, each player names themselves.
  function defaultName(p) { return (p === 0 && myName()) || `Player ${p + 1}`; }
  // Asked only where several people share this device (one person alone is "you").
  function namesAsked() {
    return mode.value === "hotseat" && [...seatsBox.querySelectorAll("[data-seat]")].filter((el) => el.value === "human").length > 1;
  }
  function showNames() {
    const asked = namesAsked();
    seatsBox.querySelectorAll("[data-seat-name]").forEach((el) => {
      const seatSel = seatsBox.querySelector(`[data-seat="${el.dataset.seatName}"]`);
      el.closest(".seat-name").hidden = !(asked && seatSel && seatSel.value === "human");
    });
  }

  function fillOptions() {
    const v = variant();
    seatsBox.replaceChildren();
    optionsBox.replaceChildren(h("legend", {}, "Rule options"), ...g.options.map((o) => h("label", { class: "option", title: o.doc },
      h("span", { class: "option-name" }, o.label || o.name), optionInput(o, o.name in v.options ? v.options[o.name] : o.default), h("small", {}, o.explain || o.doc))));
    optionsBox.querySelectorAll("[data-option]").forEach((el) => {
      el.addEventListener("change", fillSeats);
      el.addEventListener("input", check);
    });
    fillSeats();
  }

  variantSel.addEventListener("change", fillOptions);
  withResearch.addEventListener("change", fillSeats);
  mode.addEventListener("change", showNames);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    check();
    if (submit.disabled) { clash.scrollIntoView({ block: "center" }); return; }
    const seats = [...seatsBox.querySelectorAll("[data-seat]")].map((el) => (el.value === "human" ? { kind: "human" } : { kind: "agent", agent: el.value.slice(6) }));
    const humans = seats.map((s, p) => (s.kind === "human" ? p : null)).filter((p) => p !== null);
    const hotseat = mode.value === "hotseat";
    const asked = namesAsked();
    const names = seats.map((s, p) => {
      const el = seatsBox.querySelector(`[data-seat-name="${p}"]`);
      return asked && s.kind === "human" ? (el && el.value.trim()) || defaultName(p) : null;
    });
    if (rated.checked && hotseat && humans.length > 1) { notify("A rated match gives each person their own account and device: choose Online.", "error"); return; }
    const twice = names.find((n, p) => n && names.indexOf(n) !== p);
    if (twice) { notify(`Two seats are named “${twice}”: give each player their own name.`, "error"); return; }
    try {
      const clock = chessClock() || (turnTime.value ? { seconds: Number(turnTime.value), onTimeout: onTimeout.value } : null);
      await startMatch({ game: g.name, variant: variant().label, options: options(), seats, seat: humans.length ? humans[0] : null, hotseat, clock, isPrivate: privately.checked, names: asked ? names : null, rated: rated.checked });
    } catch (e) {
      notify(e.message, "error");
    }
  });
  fillOptions();
  form.append(h("label", {}, h("span", {}, "Variant"), variantSel), optionsBox, clash, h("label", {}, h("span", {}, "Play"), mode), seatsBox,
    h("fieldset", { class: "clock" }, h("legend", {}, "Time and privacy"),
      h("label", {}, h("span", {}, "Clock (live play)"), chess), custom,
      h("label", {}, h("span", {}, "Time for each turn"), turnTime),
      h("label", {}, h("span", {}, "When a player's time runs out"), onTimeout),
      h("label", { class: "check" }, privately, h("span", {}, "Private: not listed for others to watch (the link still works)")),
      h("label", { class: "check" }, rated, h("span", {}, "Rated: everyone signed in, the result moves ratings; no undo"))),
    research.length ? advancedFold(h("label", { class: "check" }, withResearch, h("span", {}, "Offer the research agents for the seats too (for studying the computer players, not for a game)"))) : null,
    submit);
  return form;
}
