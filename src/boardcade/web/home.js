// The start page: new match form, matches to resume or watch, finished matches to replay, record upload.
import { api, claimSeat, heldMatches, saveTokens } from "./api.js";
import { h, notify } from "./notice.js";

function optionInput(opt, value) {
  const attrs = { name: opt.name, "data-option": opt.name, "data-kind": opt.kind };
  if (opt.kind === "bool") return h("input", { ...attrs, type: "checkbox", checked: !!value });
  if (opt.choices) {
    return h("select", attrs, opt.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === value }, String(c))));
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

function newMatchForm(catalog, go) {
  const form = h("form", { class: "new-match" });
  const gameSel = h("select", { name: "game", id: "game" }, catalog.games.map((g) => h("option", { value: g.name }, g.title)));
  const variantSel = h("select", { name: "variant", id: "variant" });
  const optionsBox = h("fieldset", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const mode = h("select", { name: "mode", id: "mode" }, h("option", { value: "hotseat" }, "Hot-seat: everyone on this device"), h("option", { value: "online" }, "Online: invite links for the other people"));
  const seatChoices = [["human", "Person"], ...catalog.agents.map((a) => [`agent:${a}`, `Computer (${a})`])];

  const game = () => catalog.games.find((g) => g.name === gameSel.value);
  const variant = () => game().variants[Number(variantSel.value)];

  function fillSeats() {
    const v = variant();
    const playersEl = optionsBox.querySelector('[data-option="players"]');
    const n = playersEl ? readOption(playersEl) : v.num_players;
    const names = n === v.num_players ? v.players : Array.from({ length: n }, (_, p) => `Player ${p + 1}`);
    const before = [...seatsBox.querySelectorAll("[data-seat]")].map((el) => el.value);
    if (before.length === n) return; // keep the choices already made
    seatsBox.replaceChildren(
      h("legend", {}, "Seats"),
      ...names.map((nm, p) => h("label", {}, `${nm} `, h("select", { name: `seat${p}`, "data-seat": p }, seatChoices.map(([val, lab], k) => h("option", { value: val, selected: k === (p === 0 ? 0 : 1) }, lab))))),
    );
  }

  function fillOptions() {
    seatsBox.replaceChildren();
    const g = game();
    const v = variant();
    optionsBox.replaceChildren(
      h("legend", {}, "Rule options"),
      ...g.options.map((o) => h("label", { title: o.doc }, `${o.name} `, optionInput(o, o.name in v.options ? v.options[o.name] : o.default), h("small", {}, o.doc))),
    );
    optionsBox.querySelectorAll("[data-option]").forEach((el) => el.addEventListener("change", fillSeats));
    fillSeats();
  }

  function fillVariants() {
    variantSel.replaceChildren(...game().variants.map((v, k) => h("option", { value: k }, v.label)));
    fillOptions();
  }

  gameSel.addEventListener("change", fillVariants);
  variantSel.addEventListener("change", fillOptions);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const options = {};
    optionsBox.querySelectorAll("[data-option]").forEach((el) => { options[el.dataset.option] = readOption(el); });
    const seats = [...seatsBox.querySelectorAll("[data-seat]")].map((el) =>
      el.value === "human" ? { kind: "human" } : { kind: "agent", agent: el.value.slice(6) },
    );
    try {
      const m = await api("/matches", { method: "POST", body: { game: gameSel.value, options, seats } });
      if (m.seat !== null) saveTokens(m.id, { [m.seat]: m.token });
      let invites = {};
      if (mode.value === "online") {
        invites = { ...m.invites };
      } else {
        for (const [seat, invite] of Object.entries(m.invites)) await claimSeat(m.id, seat, invite, null);
      }
      go(m.id, invites);
    } catch (e) {
      notify(e.message, "error");
    }
  });
  fillVariants();
  form.append(
    h("h2", {}, "New match"),
    h("label", {}, "Game ", gameSel),
    h("label", {}, "Variant ", variantSel),
    optionsBox,
    seatsBox,
    h("label", {}, "Play ", mode),
    h("button", { type: "submit", id: "create" }, "Start the match"),
  );
  return form;
}

function age(seconds) {
  if (seconds < 90) return "just now";
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 129600) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} days ago`;
}

function matchItem(m, href, label) {
  const players = m.seats.map((s) => s.name || `${s.role} (open)`).join(" vs ");
  const turn = m.to_move_role ? `, ${m.to_move_name || m.to_move_role} to move` : "";
  return h("li", {}, h("a", { href }, `${m.title} — ${label}`), ` ${players}${turn} (started ${age(m.age_s)}, ${m.version} steps)`);
}

export async function showHome(view, go, openReplay) {
  const [catalog, active, finished] = await Promise.all([
    api("/games"),
    api("/matches?status=active&limit=50"),
    api("/matches?status=finished&limit=50"),
  ]);
  const mine = new Set(heldMatches());
  const upload = h("input", { type: "file", accept: ".json,application/json", id: "upload" });
  upload.addEventListener("change", async () => {
    const file = upload.files[0];
    if (!file) return;
    try {
      openReplay(await api("/replay", { method: "POST", body: await file.text() }));
    } catch (e) {
      notify(`That record cannot be replayed: ${e.message}`, "error");
    }
  });
  view.replaceChildren(
    newMatchForm(catalog, go),
    h("section", { class: "lists" },
      h("h2", {}, "Matches in progress"),
      h("ul", { class: "active-matches" }, active.matches.map((m) =>
        mine.has(m.id) ? matchItem(m, `#/play/${m.id}`, "resume your seat") : matchItem(m, `#/watch/${m.id}`, "watch"))),
      h("h2", {}, "Finished matches"),
      h("ul", { class: "finished-matches" }, finished.matches.map((m) => matchItem(m, `#/replay/${m.id}`, "replay"))),
      h("h2", {}, "Watch a record file"),
      upload,
    ),
  );
}
