// Entry point: a tiny hash router over the pages.
import { api, claimSeat, tokensFor } from "./api.js";
import { showHome } from "./home.js";
import { h, notify } from "./notice.js";
import { showPlay } from "./play.js";
import { showReplay } from "./replay.js";

const view = document.getElementById("view");
let cleanup = null;
// Invite links this browser made for online matches (matchId -> {seat: token}), kept across reloads.
const INVITES = "boardcade.invites";
const invites = () => { try { return JSON.parse(localStorage.getItem(INVITES) || "{}"); } catch { return {}; } };
let uploaded = null;

async function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === "play" && parts[1]) {
      cleanup = showPlay(view, parts[1], { invites: invites()[parts[1]] || {} });
    } else if (parts[0] === "watch" && parts[1]) {
      cleanup = showPlay(view, parts[1], { spectate: true });
    } else if (parts[0] === "join" && parts.length === 4) {
      showJoin(parts[1], parts[2], parts[3]);
    } else if (parts[0] === "replay" && parts[1] === "file" && uploaded) {
      cleanup = showReplay(view, uploaded);
    } else if (parts[0] === "replay" && parts[1]) {
      cleanup = showReplay(view, await api(`/matches/${parts[1]}/replay`), parts[1]);
    } else {
      await showHome(
        view,
        (id, made) => {
          if (Object.keys(made).length) localStorage.setItem(INVITES, JSON.stringify({ ...invites(), [id]: made }));
          location.hash = `#/play/${id}`;
        },
        (data) => { uploaded = data; location.hash = "#/replay/file"; },
      );
    }
  } catch (e) {
    view.replaceChildren(h("p", { class: "error" }, e.message), h("a", { href: "#/" }, "Back to the start"));
    notify(e.message, "error");
  }
}

// An invite link: ask for a name, claim the seat, keep the token the server issued, drop the invite from the
// address bar. A refused invite leaves whatever this browser already held untouched.
function showJoin(matchId, seat, invite) {
  if (tokensFor(matchId)[seat]) { location.replace(`#/play/${matchId}`); return; }
  const name = h("input", { id: "join-name", maxlength: 24, autocomplete: "nickname", placeholder: "your name" });
  const form = h("form", { class: "join" },
    h("h2", {}, "Join the match"),
    h("label", {}, "Your name ", name),
    h("button", { type: "submit", id: "join" }, "Take my seat"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await claimSeat(matchId, seat, invite, name.value.trim());
      location.replace(`#/play/${matchId}`);
    } catch (e) {
      view.replaceChildren(h("p", { class: "error" }, `This invite cannot be used: ${e.message}`), h("a", { href: "#/" }, "Back to the start"));
      notify(e.message, "error");
    }
  });
  view.replaceChildren(form);
  name.focus();
}

window.addEventListener("hashchange", route);
route();
