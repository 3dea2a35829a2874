// Entry point: a small hash router over the pages (home, lobby, play, watch, join, replay, analyse, learn, rules, account,
// player profiles, my matches).
import { setupAccountControl, showAccount } from "./account.js";
import { showAnalysis } from "./analysis.js";
import { api, claimSeat, myName, setMyName, tokensFor } from "./api.js";
import { setupSoundToggle } from "./attention.js";
import { showHome } from "./home.js";
import { showLearn } from "./learn.js";
import { showLobby } from "./lobby.js";
import { clearNotice, h } from "./notice.js";
import { showPlay } from "./play.js";
import { showMyMatches, showPlayer } from "./profile.js";
import { showReplay } from "./replay.js";
import { showRulesPage } from "./rules.js";

const view = document.getElementById("view");
let cleanup = null;
let uploaded = null;
let uploadedRecord = null; // the record file's text, for its analysis
let current = 0; // the route now shown; an older route still waiting for the server must not draw over it

function pageMessage(page, title, text, ...extra) {
  page.replaceChildren(h("div", { class: "page-message", role: "alert" }, h("h2", {}, title), h("p", {}, text), ...extra,
    h("p", {}, h("a", { class: "button", href: "#/" }, "Back to the games"))));
}

// Each route draws into its own page element. A route left before its data arrived (the home page still
// loading when an invite link is opened) finishes into a page that is no longer shown, and is cleaned up.
async function route() {
  const mine = ++current;
  if (cleanup) { cleanup(); cleanup = null; }
  clearNotice();
  const dialog = document.getElementById("rules-dialog");
  if (dialog.open) dialog.close();
  const page = h("div", { class: "page" }, h("p", {}, "Loading…"));
  view.replaceChildren(page);
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  scrollTo(0, 0);
  let done = null;
  try {
    if (parts[0] === "play" && parts[1]) {
      done = showPlay(page, parts[1]);
    } else if (parts[0] === "watch" && parts[1]) {
      done = showPlay(page, parts[1], { spectate: true });
    } else if (parts[0] === "join" && parts.length === 4) {
      await showJoin(page, parts[1], Number(parts[2]), parts[3]);
    } else if (parts[0] === "replay" && parts[1] === "file" && uploaded) {
      done = showReplay(page, uploaded);
    } else if (parts[0] === "replay" && parts[1]) {
      page.replaceChildren(h("p", {}, "Loading the replay…"));
      const record = await api(`/matches/${parts[1]}/replay`);
      if (mine === current) done = showReplay(page, record, parts[1]);
    } else if (parts[0] === "analyse" && parts[1]) {
      done = await showAnalysis(page, parts[1] === "file" ? { record: uploadedRecord } : { matchId: parts[1] });
    } else if (parts[0] === "learn" && parts[1]) {
      done = await showLearn(page, parts[1], parts[2]);
    } else if (parts[0] === "player" && parts[1]) {
      await showPlayer(page, parts[1], Number(parts[2]) || 1);
    } else if (parts[0] === "me") {
      await showMyMatches(page);
    } else if (parts[0] === "lobby") {
      done = await showLobby(page);
    } else if (parts[0] === "account") {
      await showAccount(page);
    } else if (parts[0] === "rules" && parts[1]) {
      await showRulesPage(page, parts[1], parts[2]);
    } else {
      done = await showHome(page, (data, text) => { uploaded = data; uploadedRecord = text; location.hash = "#/replay/file"; });
    }
  } catch (e) {
    const record = (parts[0] === "replay" || parts[0] === "analyse") && parts[1] !== "file";
    if (mine === current && record && e.code === "not_finished") await notFinished(page, parts[1], parts[0] === "replay" ? "replay" : "analysis", e);
    else if (mine === current) pageMessage(page, "Something went wrong", e.message);
  }
  if (mine === current) cleanup = done;
  else if (done) done();
}

// A replay or analysis link of a match with no record yet: while it is played, say when it opens and lead back
// to the match; an aborted or expired match never gets one (the server says why).
async function notFinished(page, matchId, what, e) {
  let active = false;
  try { active = (await api(`/matches/${matchId}`)).status === "active"; } catch { /* gone: the server's words */ }
  const held = Object.keys(tokensFor(matchId)).length > 0;
  const back = h("p", {}, h("a", { class: "button primary back-to-match", href: `#/${held ? "play" : "watch"}/${matchId}` }, held ? "Back to the match" : "Watch the match"));
  if (active) pageMessage(page, "This match is still being played", `The ${what} opens when the match ends.`, back);
  else pageMessage(page, `This match has no ${what}`, `${e.message[0].toUpperCase()}${e.message.slice(1)}.`);
}

// An invite link: ask for a name, claim the seat, keep the token the server issued, drop the invite from the
// address bar. A refused invite says why and leaves whatever this browser already held untouched.
async function showJoin(page, matchId, seat, invite) {
  history.replaceState(null, "", `#/join/${matchId}/${seat}`); // the invite leaves the address bar at once
  let match;
  try {
    match = await api(`/matches/${matchId}`);
  } catch (e) {
    pageMessage(page, "This invite cannot be used", e.code === "not_found" ? "There is no such match: the link may be mistyped, or the match expired." : e.message);
    return;
  }
  const seatInfo = match.seats[seat];
  if (!seatInfo || seatInfo.kind !== "human") {
    pageMessage(page, "This invite cannot be used", `The link names seat ${seat + 1}, which is not a seat for a person in this match.`);
    return;
  }
  const mine = tokensFor(matchId);
  if (mine[seat] !== undefined) {
    pageMessage(page, "You already hold this seat", `This browser already plays ${seatInfo.role} in this match; the invite was not used.`,
      h("p", {}, h("a", { class: "button primary", href: `#/play/${matchId}` }, "Go to the match")));
    return;
  }
  // A rated match is played by signed-in accounts under their names (docs/server.md, Ratings).
  let account = null;
  if (match.rated) {
    try { account = (await api("/account")).account; } catch { account = null; }
    if (!account) {
      pageMessage(page, "This match is rated", "Only signed-in players take a seat in a rated match: sign in (or make an account), then open the invite link again.",
        h("p", {}, h("a", { class: "button primary", href: "#/account" }, "Sign in")));
      return;
    }
  }
  const name = h("input", { id: "join-name", maxlength: 24, autocomplete: "nickname", placeholder: "your name", value: account ? account.name : myName(), required: true, readonly: Boolean(account) });
  const why = h("p", { class: "error", role: "alert", hidden: true });
  const others = match.seats.filter((_, p) => p !== seat).map((s) => `${s.role}: ${s.name || (s.kind === "agent" ? `Computer (${s.agent})` : s.claimed ? "a player" : "open seat")}`).join(", ");
  const form = h("form", { class: "join" },
    h("h2", {}, `Join ${match.title}`),
    h("p", {}, `You are invited to play ${seatInfo.role}. ${others ? `At the table: ${others}.` : ""}`),
    account ? h("p", { class: "rated-note" }, `This match is rated: you play as ${account.name}, and the result changes your rating.`) : null,
    h("label", { hidden: Boolean(account) }, h("span", {}, "Your name"), name),
    why,
    h("button", { type: "submit", id: "join", class: "primary" }, "Take my seat"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      if (!account) setMyName(name.value);
      await claimSeat(matchId, seat, invite, name.value.trim());
      location.replace(`#/play/${matchId}`);
    } catch (e) {
      if (e.code === "bad_name") {
        why.textContent = e.message;
        why.hidden = false;
        return;
      }
      const reason = {
        bad_invite: "The invite in this link is not valid: it may be mistyped, or the host made a new link for this seat.",
        seat_taken: "Someone already took this seat with this link.",
        expired: "This match has expired.",
        match_over: "This match is already over.",
        needs_account: "This match is rated: sign in (or make an account) first, then open the invite link again.",
        same_account: "Your account already plays another seat in this rated match.",
      }[e.code] || e.message;
      pageMessage(page, "This invite cannot be used", `${reason} Ask the person who invited you for a new link.`,
        h("p", { class: "small-print" }, `(${e.message})`),
        h("p", {}, h("a", { class: "button", href: `#/watch/${matchId}` }, "Watch the match instead")));
    }
  });
  page.replaceChildren(form);
  name.focus();
}

setupSoundToggle(document.getElementById("sound"));
setupAccountControl(document.getElementById("account"));
document.getElementById("rules-close").addEventListener("click", () => document.getElementById("rules-dialog").close());
window.addEventListener("hashchange", route);
route();
