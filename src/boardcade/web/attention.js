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

let wasMyTurn = false;

// Called after every drawing of a match: `mine` is whether this browser must move now.
export function turnSignal(mine, title) {
  document.title = mine ? `● Your turn — ${title} · boardcade` : `${title} · boardcade`;
  if (mine && !wasMyTurn && soundOn()) chime();
  wasMyTurn = mine;
}

export function resetTitle() {
  document.title = "boardcade";
  wasMyTurn = false;
}
