// The event log, newest first: each event with its rule ID, a link to that clause in the rules panel (its
// text also shows on hover). Events of the latest step are marked, so the last move is easy to find; the
// events of the step on screen (`now` = [from, to): the steps of the view drawn) are highlighted while the
// other side's moves are shown one by one.
import { ruleTexts } from "./api.js";
import { h } from "./notice.js";
import { openRules, ruleOf } from "./rules.js";

// `wording(text)`: how this screen names the seats in a text (seats.js namedText); none: the text as it is.
export async function drawLog(container, game, events, now = null, wording = (text) => text) {
  const rules = await ruleTexts(game);
  const latest = events.length ? events[events.length - 1].step : null;
  const list = h("ol", { class: "log", reversed: true, "aria-label": "What happened, newest first" });
  for (const ev of [...events].reverse()) {
    const id = ruleOf(rules, ev.rule);
    const text = rules[id] || "No text for this rule ID.";
    const link = h("a", { class: "rule", href: `#/rules/${game}/${encodeURIComponent(id)}`, title: `${ev.rule}: ${text}`, "data-rule": ev.rule }, ev.rule);
    link.addEventListener("click", (e) => { e.preventDefault(); openRules(game, id); });
    const current = now !== null && ev.step >= now[0] && ev.step < now[1];
    const cls = [ev.step === latest ? "latest" : "", current ? "step-now" : ""].filter(Boolean).join(" ");
    list.append(h("li", { "data-step": ev.step, class: cls, "aria-current": current ? "step" : null }, link, " ", wording(ev.text)));
  }
  container.replaceChildren(h("h3", {}, "Log"), list);
}
