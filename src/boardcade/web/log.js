// The event log: each event with its rule ID; hovering or tapping the ID shows the rule's text.
import { ruleTexts } from "./api.js";
import { h } from "./notice.js";

export async function drawLog(container, game, events) {
  const rules = await ruleTexts(game);
  const list = h("ol", { class: "log", reversed: true });
  for (const ev of [...events].reverse()) {
    const text = rules[ev.rule] || rules[ev.rule.replace(/\.[^.]*$/, "")] || "No text for this rule ID.";
    const tip = h("span", { class: "rule-text", hidden: true }, `${ev.rule}: ${text}`);
    const id = h("button", { class: "rule", title: text, type: "button", onclick: () => { tip.hidden = !tip.hidden; } }, ev.rule);
    list.append(h("li", { "data-step": ev.step }, id, " ", ev.text, tip));
  }
  container.replaceChildren(h("h3", {}, "Log"), list);
}
