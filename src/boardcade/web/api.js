// Talking to the server: JSON API calls and seat tokens kept in this browser.

export class ApiError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const res = await fetch(`/api${path}`, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = data.error || { code: "http_" + res.status, message: res.statusText };
    throw new ApiError(err.code, err.message);
  }
  return data;
}

// Seat tokens per match: {matchId: {seat: token}}, kept in localStorage so a reload resumes the seat.
const KEY = "boardcade.tokens";

function allTokens() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function tokensFor(matchId) { return allTokens()[matchId] || {}; }

export function saveTokens(matchId, tokens) {
  const all = allTokens();
  all[matchId] = { ...(all[matchId] || {}), ...tokens };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function heldMatches() { return Object.keys(allTokens()); }

// An invite link carries a one-use invite in the URL fragment (never sent to the server in a request line).
export function inviteLink(matchId, seat, invite) {
  return `${location.origin}/#/join/${matchId}/${seat}/${invite}`;
}

// Claim a seat with its invite; the seat token is stored only once the server has issued it.
export async function claimSeat(matchId, seat, invite, name) {
  const claimed = await api(`/matches/${matchId}/claim`, { method: "POST", body: { seat: Number(seat), invite, name: name || null } });
  saveTokens(matchId, { [seat]: claimed.token });
  return claimed;
}

export function watchLink(matchId) { return `${location.origin}/#/watch/${matchId}`; }

// Rule texts per game, fetched once.
const rules = {};
export async function ruleTexts(game) {
  if (!rules[game]) rules[game] = api(`/games/${game}/rules`).catch(() => ({}));
  return rules[game];
}
