// Accounts (optional: anonymous play needs none). The header control says who is signed in; the #/account page
// signs up, in and out, changes the password and deletes the account. Signing in keeps the seats this browser
// holds: their tokens stay in localStorage, and the server links them to the account (POST /api/account/seats).
import { api } from "./api.js";
import { h, notify } from "./notice.js";

let control = null; // the header's link
let signedIn = null; // {name, created_at} or null, as last heard

function showControl() {
  if (!control) return;
  control.textContent = signedIn ? signedIn.name : "Sign in";
  control.setAttribute("aria-label", signedIn ? `Signed in as ${signedIn.name}: your account` : "Sign in or make an account");
  control.title = signedIn ? `Signed in as ${signedIn.name}` : "";
  control.classList.toggle("signed-in", Boolean(signedIn));
}

export async function setupAccountControl(el) {
  control = el;
  showControl();
  // Signed in, a match this browser opens (one just made or joined) becomes the account's too.
  window.addEventListener("hashchange", () => { if (signedIn && location.hash.startsWith("#/play/")) linkSeats(); });
  try { signedIn = (await api("/account")).account; } catch { signedIn = null; }
  showControl();
}

function heldSeats() {
  let all = {};
  try { all = JSON.parse(localStorage.getItem("boardcade.tokens") || "{}") || {}; } catch { /* none */ }
  const seats = [];
  for (const [match, tokens] of Object.entries(all)) {
    for (const [seat, token] of Object.entries(tokens || {})) seats.push({ match, seat: Number(seat), token });
  }
  return seats.slice(-200);
}

async function linkSeats() {
  const seats = heldSeats();
  if (!seats.length) return;
  try { await api("/account/seats", { method: "POST", body: { seats } }); } catch { /* kept in this browser all the same */ }
}

function field(label, attrs) {
  const input = h("input", { required: true, ...attrs });
  return [h("label", {}, h("span", {}, label), input), input];
}

// A form whose submit calls `send(values)`; a refusal is shown in the form, in the server's words.
function form(id, title, intro, fields, submit, send) {
  const why = h("p", { class: "error", role: "alert", hidden: true });
  const button = h("button", { type: "submit", class: "primary", id: `${id}-submit` }, submit);
  // A signed-in form names its account for password managers (a hidden user name field).
  const user = signedIn ? h("input", { type: "text", name: "username", autocomplete: "username", value: signedIn.name, hidden: true, readonly: true, tabindex: "-1" }) : null;
  const el = h("form", { class: "account-form", id }, h("h2", {}, title), intro ? h("p", { class: "small-print" }, intro) : null,
    user, ...fields.map((f) => f[0]), why, button);
  el.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    why.hidden = true;
    button.disabled = true;
    try {
      await send(Object.fromEntries(fields.map((f) => [f[1].name, f[1].value])));
    } catch (e) {
      why.textContent = e.message ? `${e.message[0].toUpperCase()}${e.message.slice(1)}.` : "That did not work.";
      why.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
  return el;
}

function nameField(id) {
  return field("User name", { id, name: "name", maxlength: 24, autocomplete: "username", autocapitalize: "none", spellcheck: "false" });
}
function passwordField(id, label, name, autocomplete) {
  return field(label, { id, name, type: "password", minlength: autocomplete === "new-password" ? 8 : null, maxlength: 256, autocomplete });
}

function signedOutPage(page, redraw) {
  const signIn = form("sign-in", "Sign in", null,
    [nameField("signin-name"), passwordField("signin-password", "Password", "password", "current-password")],
    "Sign in", async (v) => {
      signedIn = (await api("/account/signin", { method: "POST", body: v })).account;
      await linkSeats();
      showControl();
      notify(`Signed in as ${signedIn.name}.`);
      redraw();
    });
  const signUp = form("sign-up", "Make an account", "Optional: you can play without one. A user name has 3 to 24 letters or digits (and _ - . inside); a password at least 8 characters.",
    [nameField("signup-name"), passwordField("signup-password", "Password", "password", "new-password")],
    "Make my account", async (v) => {
      signedIn = (await api("/account/signup", { method: "POST", body: v })).account;
      await linkSeats();
      showControl();
      notify(`Welcome, ${signedIn.name}: you are signed in.`);
      redraw();
    });
  page.replaceChildren(h("div", { class: "account-page" },
    h("p", { class: "account-note" }, "The matches this browser plays stay yours whether or not you sign in."), signIn, signUp));
}

// E-mail for your turn (offered only when the server sends mail): the address is only ever shown masked.
function emailSection(mail, redraw) {
  const intro = "Optional. When it is your turn in a match with a time per turn and you are not looking at it, you get one mail. Nobody else sees your address.";
  const setAddress = (title, submit, words) => form("email-form", title, words,
    [field("E-mail address", { id: "email-address", name: "address", type: "email", maxlength: 254, autocomplete: "email", autocapitalize: "none", spellcheck: "false" })],
    submit, async (v) => {
      await api("/account/email", { method: "POST", body: { address: v.address } });
      notify("A confirmation link is on its way to that address.");
      redraw();
    });
  if (!mail.address) return setAddress("E-mail when it is your turn", "Add address", intro);
  const call = async (path, body, done) => {
    try { await api(path, { method: "POST", body }); } catch (e) { notify(e.message, "error"); return; }
    if (done) notify(done);
    redraw();
  };
  const state = mail.verified ? "confirmed" : mail.pending ? "waiting for verification: open the link we mailed you" : "not confirmed: the link expired, send a new one";
  const box = h("input", { type: "checkbox", id: "email-notify", checked: mail.notify, disabled: !mail.verified });
  box.addEventListener("change", () => call("/account/email/notify", { on: box.checked }, box.checked ? "Your-turn mails are on." : "Your-turn mails are off."));
  const resend = mail.verified ? null : h("button", { type: "button", id: "email-resend", onclick: () => call("/account/email/resend", {}, "A new confirmation link is on its way.") }, "Send the link again");
  const remove = h("button", { type: "button", id: "email-remove", onclick: () => call("/account/email/remove", {}, "Your e-mail address is removed.") }, "Remove address");
  const change = setAddress("Change your address", "Change address", "A new address is confirmed by a link mailed to it.");
  change.id = "email-change";
  return h("section", { class: "account-form", id: "email-section" }, h("h2", {}, "E-mail when it is your turn"),
    h("p", {}, h("span", { id: "email-masked", class: "email-masked" }, mail.address), " ", h("span", { id: "email-state", class: mail.verified ? "email-ok" : "email-waiting" }, `(${state})`)),
    h("label", { class: "email-notify" }, box, h("span", {}, "Mail me when it is my turn")),
    h("p", { class: "account-links" }, resend, " ", remove), change);
}

function signedInPage(page, redraw, mail) {
  const out = h("button", { type: "button", id: "sign-out" }, "Sign out");
  out.addEventListener("click", async () => {
    try { await api("/account/signout", { method: "POST", body: {} }); } catch (e) { notify(e.message, "error"); return; }
    signedIn = null;
    showControl();
    notify("Signed out. The matches in this browser are still here.");
    redraw();
  });
  const change = form("change-password", "Change your password", "Your other signed-in browsers are signed out.",
    [passwordField("current-password", "Current password", "password", "current-password"),
      passwordField("new-password", "New password", "new_password", "new-password")],
    "Change password", async (v) => {
      await api("/account/password", { method: "POST", body: v });
      notify("Your password is changed.");
      redraw();
    });
  const remove = form("delete-account", "Delete your account", "Your name, password and sign-ins are deleted. Matches you played stay for the other players, under the name “Deleted player”.",
    [passwordField("delete-password", "Password", "password", "current-password")],
    "Delete my account", async (v) => {
      await api("/account/delete", { method: "POST", body: v });
      signedIn = null;
      showControl();
      notify("Your account is deleted.");
      redraw();
    });
  remove.classList.add("danger");
  page.replaceChildren(h("div", { class: "account-page" },
    h("section", { class: "account-form", id: "account-who" }, h("h2", {}, `Signed in as ${signedIn.name}`),
      h("p", { class: "small-print" }, `Account made ${new Date(signedIn.created_at).toLocaleDateString()}.`),
      h("p", { class: "account-links" }, h("a", { href: `#/player/${encodeURIComponent(signedIn.name)}`, id: "my-profile" }, "Your profile and ratings"),
        " · ", h("a", { href: "#/me", id: "my-matches" }, "My matches")), out),
    mail && mail.enabled ? emailSection(mail, redraw) : null, change, remove));
}

// The #/account page.
export async function showAccount(page) {
  const redraw = async () => {
    if (!signedIn) return signedOutPage(page, redraw);
    let mail = null;
    try { mail = (await api("/account/email")).email; } catch { /* offered when the server answers */ }
    return signedInPage(page, redraw, mail);
  };
  try { signedIn = (await api("/account")).account; } catch { /* shown as signed out */ }
  showControl();
  redraw();
}
