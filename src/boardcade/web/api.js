// Talking to the server: JSON API calls, and what this browser keeps in localStorage (seat tokens, host tokens,
// invites it made, the player's name). A token is stored only once the server has issued or accepted it.

export class ApiError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(`/api${path}`, init);
  } catch {
    throw new ApiError("offline", "The server cannot be reached: is it still running?");
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = data.error || { code: "http_" + res.status, message: res.statusText };
    throw new ApiError(err.code, err.message);
  }
  return data;
}

function load(key) {
  try { return JSON.parse(localStorage.getItem(key) || "{}") || {}; } catch { return {}; }
}
function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: this page only */ }
}

// Seat tokens per match: {matchId: {seat: token}}, so a reload resumes the seat.
const TOKENS = "boardcade.tokens";
export function tokensFor(matchId) { return load(TOKENS)[matchId] || {}; }
export function saveTokens(matchId, tokens) {
  const all = load(TOKENS);
  all[matchId] = { ...(all[matchId] || {}), ...tokens };
  store(TOKENS, all);
}
export function forgetSeat(matchId, seat) {
  const all = load(TOKENS);
  if (!all[matchId]) return;
  delete all[matchId][seat];
  if (!Object.keys(all[matchId]).length) delete all[matchId];
  store(TOKENS, all);
}
export function heldMatches() { return Object.keys(load(TOKENS)); }

// Host tokens (to hand out a new invite) and the invites this browser made, per match.
const HOSTS = "boardcade.hosts";
const INVITES = "boardcade.invites";
export function hostTokenFor(matchId) { return load(HOSTS)[matchId] || null; }
export function saveHostToken(matchId, token) { store(HOSTS, { ...load(HOSTS), [matchId]: token }); }
export function invitesFor(matchId) { return load(INVITES)[matchId] || {}; }
export function saveInvites(matchId, invites) {
  const all = load(INVITES);
  all[matchId] = { ...(all[matchId] || {}), ...invites };
  store(INVITES, all);
}

// The name this person plays under (asked once, offered again when joining or creating).
const NAME = "boardcade.name";
export function myName() { try { return localStorage.getItem(NAME) || ""; } catch { return ""; } }
export function setMyName(name) { try { localStorage.setItem(NAME, name.trim()); } catch { /* ignore */ } }

// Links carry the address this page was opened at, so a friend gets the address the browser used.
export function inviteLink(matchId, seat, invite) { return `${location.origin}/#/join/${matchId}/${seat}/${invite}`; }
export function watchLink(matchId) { return `${location.origin}/#/watch/${matchId}`; }
export function isLoopbackPage() { return /^(127\.|localhost$|\[::1\]$)/.test(location.hostname); }

// Claim a seat with its invite; the seat token is stored only once the server has issued it.
export async function claimSeat(matchId, seat, invite, name) {
  const claimed = await api(`/matches/${matchId}/claim`, { method: "POST", body: { seat: Number(seat), invite, name: name || null } });
  saveTokens(matchId, { [seat]: claimed.token });
  return claimed;
}

// The catalog, rule texts and rules documents, fetched once per page load.
const cache = {};
function once(key, fetcher) {
  if (!cache[key]) cache[key] = fetcher().catch((e) => { delete cache[key]; throw e; });
  return cache[key];
}
export const catalog = () => once("catalog", () => api("/games"));
export const ruleTexts = (game) => once(`rules:${game}`, () => api(`/games/${game}/rules`)).catch(() => ({}));
export const rulesDocument = (game) => once(`doc:${game}`, () => api(`/games/${game}/rules?format=document`));
