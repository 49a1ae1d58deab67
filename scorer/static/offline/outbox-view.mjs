// The match page's outbox and the tablet's score (imported by tafel-offline.js on the pages that
// show them: a match page, a born match's, the match list), so that the other pages read less.
// What it needs of the offline script comes with each call (:func:`bind`).
import * as outbox from "/static/offline/outbox.mjs";

let texts = {};
let fill;
let refusalText;
let statusElement;
let enterOffline;
let showRefusal;
let sendAfter;
let discard;
let keepPost;

// The offline script's state and helpers as they are now (its texts are read after it starts).
export function bind(context) {
  ({ texts, fill, refusalText, statusElement, enterOffline, showRefusal, sendAfter, discard, keepPost } = context);
}

// A contract as the page's deal form names it (its chip), else as the record writes it.
function contractName(code) {
  if (code === undefined || code === null) return "";
  // A contract written as an object (a Slalom, a Misère …) is named by its type's chip.
  const written = typeof code === "string" ? code : String(code.type || JSON.stringify(code));
  for (const input of document.querySelectorAll("form.deal-form input[name=contract], form.deal-form input[name=trump]")) {
    if (input.value !== written) continue;
    const label = input.closest("label");
    const text = label ? label.querySelector("span") : null;
    const own = text && text.firstChild && text.firstChild.nodeType === Node.TEXT_NODE ? text.firstChild.data : "";
    if (own.trim()) return own.trim();
  }
  return written;
}

// An outbox line in the table's words: "Deal 4: Rosen, 60 : 97 — waiting".
function describe(entry) {
  const record = entry.record || {};
  if ((entry.kind === "deal" || entry.kind === "correction") && entry.deal_number) {
    const what = [contractName(record.contract ?? record.trump)];
    if (Array.isArray(entry.deal_points)) what.push(entry.deal_points.map(number).join(" : "));
    const mark = entry.kind === "correction" ? " ✎" : "";
    return `${fill(texts.deal, { n: number(entry.deal_number) })}${mark}: ${what.filter(Boolean).join(", ")} — ${texts.waiting || ""}`;
  }
  if (entry.kind === "undo") return `${texts.undo} — ${texts.waiting || ""}`;
  if (entry.kind === "post") return `${entry.label} — ${texts.waiting || ""}`;
  const points = record.points || {};
  const words = [entry.kind];
  for (const key of ["contract", "trump"]) if (record[key]) words.push(contractName(record[key]));
  if (points.value !== undefined && points.value !== null) words.push(`${points.value} (${points.team})`);
  if (points.match) words.push(`match (${points.team})`);
  return words.join(" ");
}

function number(value) {
  try {
    return new Intl.NumberFormat(document.documentElement.lang || undefined).format(value);
  } catch {
    return String(value);
  }
}

// The big scores, who deals next and the panel's title as the tablet has them: the server's
// last state and the outbox (``entry``: the last waiting entry with the engine's answer), marked
// as the tablet's own until they are sent; the server's figures again once nothing waits.
async function showTabletScore(matchId, entry) {
  const board = document.querySelector(".scoreboard");
  const figures = board ? [...board.querySelectorAll("[data-side]")] : [];
  const title = document.getElementById("entry-title");
  const turn = document.querySelector(".next-turn");
  const shown = [...figures.map((side) => side.querySelector("[data-score]")), title, turn].filter(Boolean);
  for (const element of shown) {
    if (element.dataset.server === undefined) element.dataset.server = element.innerHTML;
  }
  if (!entry) {
    for (const element of shown) {
      element.innerHTML = element.dataset.server;
      delete element.dataset.server;
    }
    if (board) board.removeAttribute("data-tablet");
    const caption = document.getElementById("tablet-score");
    if (caption) caption.remove();
    return;
  }
  const values = Array.isArray(entry.scores) ? entry.scores : Object.values(entry.scores || {});
  for (const side of figures) {
    const figure = side.querySelector("[data-score]");
    const value = values[Number(side.dataset.side) - 1];
    if (figure && value !== undefined && value !== null) figure.textContent = number(value);
  }
  if (board) {
    board.dataset.tablet = "";
    let caption = document.getElementById("tablet-score");
    if (!caption) {
      caption = document.createElement("p");
      caption.id = "tablet-score";
      caption.className = "tablet-score";
      board.before(caption);
    }
    caption.textContent = `${texts.score} — ${texts.waiting || ""}`;
  }
  const state = await outbox.match(matchId);
  const names = (state && state.settings && state.settings.names) || [];
  const next = entry.next;
  const name = (seat) => names[seat - 1] || String(seat);
  if (title && entry.deals_after) {
    title.textContent = fill(texts.deal, { n: number(entry.deals_after + 1) });
    if (next && next.forehand) {
      const small = document.createElement("small");
      small.textContent = fill(texts.forehand_is, { forehand: name(next.forehand) });
      title.append(" ", small);
    }
  }
  if (turn && next && next.forehand && next.dealer) {
    turn.textContent = fill(texts.next_turn, { dealer: name(next.dealer), forehand: name(next.forehand) });
  }
}

export async function showOutbox(matchId) {
  // The match's log entries, and the posts that wait behind them (a team's confirmation).
  const list = (await outbox.entries(matchId)).filter((e) => e.kind !== "adopt");
  let panel = document.getElementById("outbox");
  if (!list.length) {
    if (panel) panel.remove();
    await showTabletScore(matchId, null);
    return;
  }
  // Drawn again only when the outbox changed: a button being tapped stays the same button.
  const signature = JSON.stringify(list.map((e) => [e.key, e.status, e.base_version, e.server_version ?? null]));
  if (panel && panel.dataset.signature === signature) return;
  if (!panel) {
    panel = document.createElement("section");
    panel.id = "outbox";
    panel.className = "outbox";
    statusElement().after(panel);
  }
  const parts = [];
  const trouble = list.filter((e) => e.status !== "pending");
  if (trouble.length) {
    const heading = document.createElement("h2");
    heading.textContent = texts.resolve;
    parts.push(heading);
    for (const entry of trouble) parts.push(troubleItem(matchId, entry));
  }
  const items = document.createElement("ol");
  items.className = "outbox-list";
  for (const entry of list.filter((e) => e.status === "pending")) {
    const item = document.createElement("li");
    item.dataset.key = entry.key;
    item.textContent = describe(entry) + " ";
    if (entry.kind === "deal" && !String(matchId).startsWith("u-")) {
      const link = document.createElement("a");
      link.href = `/matches/${matchId}/deals/new#correct=${entry.key}`;
      link.textContent = "✎";
      link.className = "outbox-correct";
      item.append(link);
    }
    items.append(item);
  }
  parts.push(items);
  const undo = button(texts.undo, "undo", () => {
    enterOffline(panel, null, matchId, "undo", null).catch((error) => showRefusal(panel, [{ message: String(error) }]));
  });
  undo.className = "outbox-undo";
  parts.push(undo);
  // The tablet's score holds only while every entry waiting follows the server's log.
  const last = trouble.length ? null : [...list].reverse().find((e) => e.scores);
  if (last) {
    const score = document.createElement("p");
    score.className = "outbox-score";
    const values = Array.isArray(last.scores) ? last.scores : Object.values(last.scores);
    score.textContent = `${texts.score}: ${values.map(number).join(" : ")}`;
    parts.push(score);
  }
  panel.replaceChildren(...parts);
  panel.dataset.signature = signature;
  await showTabletScore(matchId, last || null);
  showOfflineConfirms(matchId, list);
}

// An event table that confirms each game (T6.2 ``per_game``): a game entered without network
// is confirmed at once on the tablet, as the server's part would offer it once the game is in.
// The confirmation waits in the outbox behind its game and is posted as that part's form would
// be, naming the game by the entry the server will give it (its seq: the version it builds on,
// plus one).
function showOfflineConfirms(matchId, list) {
  const part = document.getElementById("event-confirm");
  if (!part || part.dataset.mode !== "per_game") return;
  for (const row of part.querySelectorAll(".offline-confirm")) row.remove();
  const teams = (part.dataset.teams || "").split(" ").filter(Boolean);
  const kept = new Set(list.filter((e) => e.kind === "post").map((e) => e.key));
  const games = list.filter((e) => e.kind === "deal" && e.status === "pending" && e.deal_number);
  const title = part.querySelector("h2");
  let after = title;
  for (const entry of games) {
    const seq = entry.base_version + 1;
    const row = document.createElement("div");
    row.className = "confirm-row offline-confirm";
    row.dataset.seq = String(seq);
    const what = document.createElement("span");
    what.className = "confirm-game";
    what.textContent = describe(entry);
    row.append(what);
    for (const team of teams) {
      const key = `offline-${matchId}-${seq}-${team}`;
      const label = `${fill(texts.confirm_team, { team: number(Number(team)) })} · ${fill(texts.game, { n: number(entry.deal_number) })}`;
      if (kept.has(key)) {
        const note = document.createElement("span");
        note.className = "post-waiting";
        note.dataset.key = key;
        note.textContent = `${label} — ${texts.waiting || ""}`;
        row.append(" ", note);
        continue;
      }
      const form = document.createElement("form");
      form.method = "post";
      form.action = part.dataset.postTo;
      form.className = "inline";
      form.dataset.offlineLabel = label;
      const fields = { idem: key, slot: String(seq), version: String(seq), team, back: "match" };
      if (part.dataset.csrf) fields.csrf_token = part.dataset.csrf;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      const tap = document.createElement("button");
      tap.type = "submit";
      tap.className = "button primary";
      tap.dataset.team = team;
      tap.textContent = fill(texts.confirm_team, { team: number(Number(team)) });
      form.append(tap);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        event.stopImmediatePropagation();
        keepPost(form, matchId).catch((error) => showRefusal(form, [{ message: String(error) }]));
      });
      row.append(" ", form);
    }
    after.after(row);
    after = row;
  }
  if (games.length) part.hidden = false;
}

function troubleItem(matchId, entry) {
  const box = document.createElement("div");
  box.className = "outbox-trouble flash error";
  box.dataset.status = entry.status;
  box.dataset.key = entry.key;
  const line = document.createElement("p");
  const why = entry.status === "overtaken" ? texts.overtaken : (entry.errors || []).map(refusalText).join(" ");
  line.textContent = `${describe(entry)}: ${why}`;
  box.append(line);
  if (entry.status === "overtaken") box.append(button(texts.send_after, "send-after", () => sendAfter(matchId, entry)));
  box.append(button(texts.discard, "discard", () => discard(matchId, entry)));
  return box;
}

function button(label, action, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  element.dataset.action = action;
  element.addEventListener("click", onClick);
  return element;
}

// On the match list: the matches this tablet started offline, until the server has them.
export async function showBorn() {
  const adopts = (await outbox.all()).filter((e) => e.kind === "adopt");
  const born = {};
  for (const entry of adopts) born[entry.match] = ((await outbox.match(entry.match)) || {}).page;
  let panel = document.getElementById("born");
  if (!adopts.length) {
    if (panel) panel.remove();
    return;
  }
  if (!panel) {
    panel = document.createElement("section");
    panel.id = "born";
    panel.className = "outbox";
    statusElement().after(panel);
  }
  panel.replaceChildren(
    ...adopts.map((entry) => {
      const line = document.createElement("p");
      line.dataset.key = entry.key;
      line.dataset.status = entry.status;
      const names = Object.keys(entry.fields).filter((k) => k.startsWith("name_")).map((k) => entry.fields[k]);
      const why = entry.status === "pending" ? texts.kept : (entry.errors || []).map(refusalText).join(" ");
      const link = document.createElement("a");
      link.textContent = `${entry.game}: ${names.join(", ")}`;
      if (born[entry.match]) link.href = `${born[entry.match]}#${entry.match}`;
      line.append(link, ` · ${why}`);
      return line;
    }),
  );
}

// A post the server refused, on a page of its own (a phone's estimate page): its note (or a line
// on top of the page read again since) says why, with a link to the page as the server has it
// now, and the outbox lets it go. On the match screen the outbox lists it with the table's
// choices.
export async function showRefusedPosts(matchId) {
  for (const entry of (await outbox.entries(matchId)).filter((e) => e.kind === "post" && e.status === "refused")) {
    let note = document.querySelector(`.post-waiting[data-key="${CSS.escape(entry.key)}"]`);
    if (!note) {
      // The page was read again since the tap: the reason goes on top of it.
      note = document.createElement("p");
      note.className = "post-waiting";
      (document.querySelector("main") || document.body).prepend(note);
    }
    note.textContent = (entry.errors || []).map(refusalText).join(" ") + " ";
    note.setAttribute("role", "alert");
    const again = document.createElement("a");
    again.href = location.pathname;
    again.textContent = texts.again || "";
    note.append(again);
    await outbox.discard(entry);
  }
}

// Why the server refused a post, in the words of the page it answered: a refused page's alerts
// (an estimate for a deal entered meanwhile, D3.3); an accepted answer's part that says it was
// not done (a confirmation of a game changed meanwhile, T6.2). Null: not refused.
export function serverReason(html, ok) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const said = [...page.querySelectorAll(ok ? "[data-refused]" : "main [role=alert]")];
  const text = said.map((e) => e.textContent.trim()).filter(Boolean).join(" ");
  return text || null;
}
