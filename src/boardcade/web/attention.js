// Telling a player it is their turn when they look elsewhere: the tab title, and an optional short chime
// (off until they switch it on in the top bar; the choice is remembered).
const KEY = "boardcade.sound";
let audio = null;

export function soundOn() {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

function paintToggle(button) {
  const on = soundOn();
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.textContent = on ? "Sound: on" : "Sound: off";
  button.title = on ? "A chime plays when it is your turn" : "Play a chime when it is your turn";
}

export function setupSoundToggle(button) {
  paintToggle(button);
  button.addEventListener("click", () => {
    try { localStorage.setItem(KEY, soundOn() ? "off" : "on"); } catch { /* ignore */ }
    paintToggle(button);
    if (soundOn()) chime();
  });
}

function chime() {
  try {
    audio = audio || new AudioContext();
    const t = audio.currentTime;
    [660, 880].forEach((freq, k) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + k * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.15, t + k * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + k * 0.14 + 0.22);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + k * 0.14);
      osc.stop(t + k * 0.14 + 0.25);
    });
  } catch { /* no audio here */ }
}

// "Your turn" notifications (the browser's Notification API): off until the player asks for them with a click
// (the permission is asked for only then, never on its own); shown only while this tab is hidden.
const NOTIFY_KEY = "boardcade.notify";

export function notificationsOffered() { return typeof window.Notification === "function"; }

export function notifyOn() {
  try {
    return notificationsOffered() && Notification.permission === "granted" && localStorage.getItem(NOTIFY_KEY) === "on";
  } catch { return false; }
}

function paintNotify(button) {
  const on = notifyOn();
  const denied = notificationsOffered() && Notification.permission === "denied";
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.textContent = on ? "Notifying you: on" : "Notify me when it's my turn";
  button.title = denied ? "This browser blocks notifications from this site: allow them in the site's settings"
    : on ? "A notification comes when it is your turn while this tab is in the background; click to stop"
      : "Get a notification when it is your turn while this tab is in the background";
}

// The toggle: a click asks the browser for permission (the first time), then switches notifications on or off.
export function notifyToggle(h) {
  if (!notificationsOffered()) return null;
  const button = h("button", { type: "button", class: "notify-toggle", "aria-pressed": "false" });
  paintNotify(button);
  button.addEventListener("click", async () => {
    const wanted = !notifyOn();
    if (wanted && Notification.permission !== "granted") {
      try { await Notification.requestPermission(); } catch { /* an old browser: the callback form */ }
    }
    try { localStorage.setItem(NOTIFY_KEY, wanted && Notification.permission === "granted" ? "on" : "off"); } catch { /* ignore */ }
    paintNotify(button);
  });
  return button;
}

function notifyTurn(title) {
  if (!notifyOn() || document.visibilityState !== "hidden") return;
  try {
    const note = new Notification("Your turn", { body: `${title}: it is your turn to move.`, tag: "boardcade-turn" });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* a browser that allows notifications only from a service worker */ }
}

let wasMyTurn = false;

// Called after every drawing of a match: `mine` is whether this browser must move now.
export function turnSignal(mine, title) {
  document.title = mine ? `(Your turn) ${title} · boardcade` : `${title} · boardcade`;
  if (mine && !wasMyTurn) {
    if (soundOn()) chime();
    notifyTurn(title);
  }
  wasMyTurn = mine;
}

export function resetTitle() {
  document.title = "boardcade";
  wasMyTurn = false;
}
