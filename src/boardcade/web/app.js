// Entry point: a tiny hash router over the pages.
import { api, saveTokens } from "./api.js";
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
      // An invite link: keep the token in this browser, then drop it from the address bar.
      saveTokens(parts[1], { [parts[2]]: parts[3] });
      location.replace(`#/play/${parts[1]}`);
    } else if (parts[0] === "replay" && parts[1] === "file" && uploaded) {
      cleanup = showReplay(view, uploaded);
    } else if (parts[0] === "replay" && parts[1]) {
      cleanup = showReplay(view, await api(`/matches/${parts[1]}/replay`), parts[1]);
    } else {
      await showHome(
        view,
        (id, made) => {
          localStorage.setItem(INVITES, JSON.stringify({ ...invites(), [id]: made }));
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

window.addEventListener("hashchange", route);
route();
