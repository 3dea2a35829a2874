// Rules at hand: each game's numbered rules document (the markdown shipped in its folder), rendered as a page
// (#/rules/<game>) or in a panel over a match; every clause has an anchor, so a rule ID in the log opens its
// clause. The renderer knows the markdown the rules documents use: headings, paragraphs, lists with indented
// continuation lines, tables, **bold**, *italic* and `code`.
import { catalog, rulesDocument } from "./api.js";
import { h, notify } from "./notice.js";

const RULE_ID = /^\s*(?:[-*]\s+|#+\s+)?\**\[?([A-Z]{2,4}-[A-Za-z0-9][A-Za-z0-9.-]*?)\.?\]?\**[.:)]?\**\s/;

// The clause a log event's rule ID belongs to ("QB-3.3a" -> "QB-3.3" when only that one has a text).
export function ruleOf(rules, id) {
  let key = id;
  while (key && !(key in rules) && /[.\-]/.test(key)) key = key.replace(/[.\-][^.\-]*$/, "");
  return key in rules ? key : id;
}

function inline(text) {
  const out = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|(?<![\w*])\*(?!\s).+?(?<!\s)\*(?![\w*])|\[[^\]]+\]\([^)]*\))/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const t = m[0];
    if (t.startsWith("**")) out.push(h("strong", {}, t.slice(2, -2)));
    else if (t.startsWith("`")) out.push(h("code", {}, t.slice(1, -1)));
    else if (t.startsWith("[")) out.push(t.slice(1, t.indexOf("]")));
    else out.push(h("em", {}, t.slice(1, -1)));
    at = m.index + t.length;
  }
  out.push(text.slice(at));
  return out;
}

const anchor = (id) => `rule-${id}`;

function withId(el, line) {
  const m = RULE_ID.exec(line);
  if (m) { el.id = anchor(m[1]); el.classList.add("clause"); el.dataset.rule = m[1]; }
  return el;
}

function cells(row) { return row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim()); }

export function renderMarkdown(md) {
  const root = h("div", { class: "rules-doc" });
  const lines = md.split("\n");
  let list = null;
  let item = null;
  let para = null;
  const end = () => { list = null; item = null; para = null; };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (!line.trim()) { end(); continue; }
    if (heading) {
      end();
      root.append(withId(h(`h${Math.min(6, heading[1].length + 1)}`, {}, inline(heading[2])), line));
    } else if (line.trim().startsWith("|") && i + 1 < lines.length && /^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1])) {
      end();
      const head = cells(line);
      const body = [];
      for (i += 2; i < lines.length && lines[i].trim().startsWith("|"); i++) body.push(cells(lines[i]));
      i--;
      root.append(h("div", { class: "table-wrap" }, h("table", {},
        h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, inline(c))))),
        h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c)))))))));
    } else if (bullet && (bullet[1].length === 0 || !item)) {
      para = null;
      if (!list) { list = h(/\d/.test(bullet[2]) ? "ol" : "ul", {}); root.append(list); }
      item = withId(h("li", {}, inline(bullet[3])), line);
      item.raw = bullet[3];
      list.append(item);
    } else if (item && /^\s+/.test(line)) {
      // Continuation lines join the clause before the marks are read (emphasis may span lines).
      item.raw += " " + line.trim();
      item.replaceChildren(...inline(item.raw));
    } else if (para) {
      para.raw += " " + line.trim();
      para.replaceChildren(...inline(para.raw));
    } else {
      end();
      para = withId(h("p", {}, inline(line.trim())), line);
      para.raw = line.trim();
      root.append(para);
    }
  }
  return root;
}

function show(container, id) {
  if (!id) return;
  const el = container.querySelector(`#${CSS.escape(anchor(id))}`);
  if (!el) return;
  container.querySelectorAll(".clause.target").forEach((x) => x.classList.remove("target"));
  el.classList.add("target");
  el.scrollIntoView({ block: "center" });
}

async function documentFor(game) {
  const data = await rulesDocument(game);
  if (!data.document) throw new Error("This game has no rules document.");
  const learn = (await catalog()).games.find((g) => g.name === game)?.has_lessons
    ? h("p", { class: "learn-link" }, h("a", { class: "button small", href: `#/learn/${game}` }, "New to the game? Learn to play (a few minutes)"))
    : null;
  return h("div", {}, learn, renderMarkdown(data.document));
}

// The rules panel over the current page (a dialog: Escape or the close button closes it).
export async function openRules(game, id = null) {
  const dialog = document.getElementById("rules-dialog");
  const body = dialog.querySelector(".rules-body");
  try {
    if (dialog.dataset.game !== game) {
      body.replaceChildren(await documentFor(game));
      dialog.dataset.game = game;
    }
  } catch (e) {
    notify(`The rules cannot be shown: ${e.message}`, "error");
    return;
  }
  if (!dialog.open) dialog.showModal();
  show(body, id);
  if (!id) body.scrollTop = 0;
}

// The rules as a page of their own: #/rules/<game>[/<rule ID>].
export async function showRulesPage(view, game, id) {
  const doc = await documentFor(game);
  view.replaceChildren(h("p", { class: "rules-back" }, h("a", { href: "#/" }, "← All games")), h("article", { class: "rules-page" }, doc));
  show(view, id);
}
