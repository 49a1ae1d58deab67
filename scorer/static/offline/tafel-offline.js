// The table without network (progressive enhancement: without this script every page works
// as before, online). It installs the service worker, says on every page whether the tablet is
// live, offline or sending, keeps what is entered offline in the outbox (IndexedDB) after the
// rules engine on the tablet (Pyodide, the server's own rules_engine) has judged it, and sends
// the outbox in order when the server answers again.
import * as outbox from "/static/offline/outbox.mjs";
import { call, engine, warm } from "/static/offline/engine-client.mjs";
import { sentence } from "/static/offline/reasons.mjs";

const MATCH_PAGE = /^\/matches\/(\d+)\/?$/;
// Any page of one match (its screen, its deal form, a player's own page): the match it is of.
const UNDER_MATCH = /^\/matches\/(\d+)(?:\/|$)/;
// The match page's entry panel (htmx posts it to /deals/new while the server answers).
const PANEL = "form[data-deal-form][hx-post]";
// A new match's set-up of a game the tablet keeps offline (texts.games: the server's registry).
const NEW_MATCH = /^\/matches\/new\/(\w+)$/;
// The deal form of a match born on this tablet (its id in the address's fragment).
const BORN_PAGE = /^\/offline\/born\/\w+\/\d\/\w+$/;
const ENTRY_FORM = /^\/matches\/(\d+)\/(?:deals\/new|deals\/(\d+)\/correct|(undo)|(redo))$/;
const lang = (document.documentElement.lang || "de-CH").replace("-", "_");
let texts = {};
// Read once the texts are (the games kept offline, the messages): a tap before waits for them.
let textsReady = null;
let textsRead = false;
// The keys of the taps being judged: a second tap on the same form before the first is kept
// is the same entry (a double tap), not another.
const entering = new Set();
let sending = false;
let reachable = navigator.onLine;

// --- the status line ---------------------------------------------------------------------

function fill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : ""));
}

// The pages draw the status line (base.html), so that the page does not move when this
// script starts; one without it gets the line at the top of its content.
function statusElement() {
  let element = document.getElementById("net-status");
  if (!element) {
    element = document.createElement("p");
    element.id = "net-status";
    element.className = "net-status";
    element.setAttribute("role", "status");
    const main = document.querySelector("main") || document.body;
    main.prepend(element);
  }
  return element;
}

// A match born offline waits in the outbox as its "adopt" entry, before its deals: the
// deals are counted and judged, the match itself is not one of them.
// The outbox holds a match's log entries (deals, corrections, undos), a born match's adoption,
// and posts that wait behind them (a team's confirmation, T6.2).
const isDeal = (entry) => entry.kind !== "adopt" && entry.kind !== "post";
const waits = (entry) => entry.kind !== "adopt";
// A form posted as it is, behind the match's entries, when the network is back: an event
// table's confirmation on its match screen (one form a team and game, T6.2), a player's hidden
// estimate on his phone (D3.3), any form marked so.
const KEPT_POST = "#event-confirm form, form[data-offline-post]";

// The match whose page shows ``form``, if the form is one kept as a post.
function postOf(form) {
  const found = form.matches(KEPT_POST) && UNDER_MATCH.exec(location.pathname);
  return found ? found[1] : null;
}

async function dealsOf(matchId) {
  return (await outbox.entries(matchId)).filter(isDeal);
}

function bornId() {
  return BORN_PAGE.test(location.pathname) ? location.hash.slice(1) : null;
}

// The game of a new-match page the tablet can start offline, or null.
function offlineSetUp(pathname) {
  const found = NEW_MATCH.exec(pathname);
  return found && (texts.games || []).includes(found[1]) ? found[1] : null;
}

async function showStatus() {
  const element = statusElement();
  const pending = (await outbox.all()).filter(waits).length;
  const state = sending ? "sending" : reachable && navigator.onLine ? "live" : "offline";
  element.dataset.state = state;
  // What holds only with the network (a phone's sealed estimate, kept on the server) is hidden.
  document.documentElement.dataset.net = state;
  const parts = [texts[state] || state];
  if (pending) parts.push(fill(pending === 1 ? texts.waiting_one : texts.waiting_many, { n: pending }));
  element.textContent = parts.join(" · ");
  element.dataset.pending = String(pending);
}

// --- the kept state of a match -----------------------------------------------------------

// The version the page was rendered at (the match screen's, or the deal form's).
function pageVersion() {
  const marked = document.querySelector("#match-screen[data-version], main[data-version]");
  const field = document.querySelector("form.deal-form input[name=version]");
  const text = marked ? marked.dataset.version : field ? field.value : "";
  return text === "" || text === undefined ? null : Number(text);
}

// The match's log as the tablet keeps it, read again only when it changed: not at all when
// the page shows the kept version, else asked with the kept ETag (a 304 costs the server
// one indexed query, the whole log is sent only when an entry came).
async function refreshMatch(id, seen = null) {
  const kept = await outbox.match(id);
  if (kept && seen !== null && kept.version === seen) return kept;
  try {
    const headers = kept && kept.etag ? { "If-None-Match": kept.etag } : {};
    const response = await fetch(`/offline/matches/${id}/state.json`, { cache: "no-store", headers });
    reachable = true;
    if (response.status === 304) return kept;
    if (!response.ok) return null;
    const state = { ...(await response.json()), etag: response.headers.get("ETag") };
    await outbox.keepMatch(state);
    return state;
  } catch {
    reachable = false;
    return null;
  }
}

// Where an entry's target stands now: a sent entry's seq, a waiting one's future seq.
async function targetSeq(entry, waitingList) {
  if (!entry.target_key) return entry.target_seq ?? null;
  const sentSeq = await outbox.seqOf(entry.target_key);
  if (sentSeq !== null) return sentSeq;
  const pending = waitingList.find((e) => e.key === entry.target_key);
  return pending ? pending.base_version + 1 : null;
}

// The log the tablet judges on: the server's as last kept, then the outbox's entries.
async function localLog(state, list) {
  const entries = [...state.entries];
  for (const entry of list) {
    const target = await targetSeq(entry, list);
    entries.push({ seq: entry.base_version + 1, kind: entry.kind === "redo" ? "undo" : entry.kind, target_seq: target, record: entry.record });
  }
  return entries;
}

// --- entering offline --------------------------------------------------------------------

function formFields(form, submitter) {
  const fields = {};
  for (const [name, value] of new FormData(form, submitter)) {
    if (["csrf_token", "idem", "version"].includes(name) || typeof value !== "string") continue;
    fields[name] = value;
  }
  return fields;
}

function newKey() {
  return crypto.randomUUID().replaceAll("-", "");
}

function refusalText(error) {
  // The server's refusals come with its sentence; the tablet's engine gives its reason's code.
  const reason = error.text || sentence(error, texts.reasons);
  if (error.rule) return fill(texts.refused_rule, { rule: error.rule, reason });
  if (error.code === "shape" && error.field) return fill(texts.refused_field, { field: error.field });
  return error.text || error.message || error.code;
}

function showRefusal(form, errors) {
  let box = form.querySelector(".offline-refusal");
  if (!box) {
    box = document.createElement("div");
    box.className = "offline-refusal flash error";
    box.setAttribute("role", "alert");
    form.prepend(box);
  }
  box.replaceChildren(
    ...errors.map((error) => {
      const line = document.createElement("p");
      line.textContent = refusalText(error);
      if (error.rule) line.dataset.rule = error.rule;
      return line;
    }),
  );
  box.scrollIntoView({ block: "center" });
}

// The key an entry is kept under, given at the first tap on its form and kept by the form until
// the entry is stored: a double tap, however quick, names the same entry. A deal whose post went
// unanswered keeps its form's own key (``keepKey``): had the post reached the server, it is
// stored once, whichever way it arrives (the log's idempotency key). Only then: a form kept
// for offline use carries the same key every time it is opened.
function tapKey(form, keepKey) {
  const idem = form instanceof HTMLFormElement ? form.elements.namedItem("idem") : null;
  if (keepKey && idem && idem.value.length >= 8) return idem.value;
  if (!(form instanceof HTMLFormElement)) return newKey();
  if (!form.dataset.tapKey) form.dataset.tapKey = newKey();
  return form.dataset.tapKey;
}

async function enterOffline(form, submitter, matchId, kind, slot, keepKey = false) {
  const key = tapKey(form, keepKey);
  if (entering.has(key)) return;
  entering.add(key);
  try {
    await enterOnce(form, submitter, matchId, kind, slot, key);
  } finally {
    entering.delete(key);
  }
}

// A check that must wait for the engine to start says so at once, where the tap was.
function starting(form) {
  if (!(form instanceof HTMLFormElement)) return null;
  const note = document.createElement("p");
  note.className = "offline-checking";
  note.setAttribute("role", "status");
  note.textContent = texts.engine_starting || "…";
  const save = form.querySelector("button[type=submit], .save-deal");
  (save ? save.parentElement : form).prepend(note);
  return note;
}

async function enterOnce(form, submitter, matchId, kind, slot, key) {
  const state = await outbox.match(matchId);
  if (!state || !state.offline) {
    showRefusal(form, [{ message: texts.offline }]);
    return;
  }
  const list = await dealsOf(matchId);
  if (list.some((e) => e.key === key)) return; // kept already: a double tap's second
  const fix = new URLSearchParams(location.hash.slice(1)).get("correct");
  const typed = (kind === "deal" || kind === "correction") && form;
  const entry = { kind, fields: typed ? formFields(form, submitter) : null };
  let targetKey = null;
  if (fix && typed) {
    entry.kind = "correction";
    targetKey = fix;
  }
  const log = await localLog(state, list);
  if (entry.kind === "correction") {
    entry.target_seq = targetKey ? await targetSeq({ target_key: targetKey }, list) : Number(slot);
  }
  const base = list.length ? list[list.length - 1].base_version + 1 : state.version;
  const note = warm() ? null : starting(form);
  let verdict;
  try {
    verdict = await call("check", [state.head, log, entry, state.settings]);
  } finally {
    if (note) note.remove();
  }
  const answer = verdict.ok;
  if (!answer.valid) {
    showRefusal(form, answer.errors);
    return;
  }
  const idem = typed && entry.kind === "deal" ? form.elements.namedItem("idem") : null;
  // A target the outbox still holds is named by its key: its seq is known only when it is sent.
  const target = answer.target_seq;
  const pendingTarget = list.find((e) => e.base_version + 1 === target);
  await outbox.add({
    match: matchId,
    key,
    kind: entry.kind,
    fields: entry.fields,
    record: answer.record,
    target_seq: pendingTarget ? null : target,
    target_key: targetKey || (pendingTarget ? pendingTarget.key : null),
    base_version: base,
    status: "pending",
    scores: answer.scores ?? null,
    ...dealFacts(answer.answer, entry.kind, answer.target_seq, log),
    made: new Date().toISOString(),
  });
  const born = bornId() !== null;
  if (!MATCH_PAGE.test(location.pathname) && !born) {
    location.assign(`/matches/${matchId}`);
    return;
  }
  if (form instanceof HTMLFormElement) delete form.dataset.tapKey;
  if (form instanceof HTMLFormElement && (form.matches(PANEL) || born)) {
    // The match page's panel is ready for the next deal: empty, with a key of its own.
    form.reset();
    if (idem) idem.value = newKey();
    const refusal = form.querySelector(".offline-refusal");
    if (refusal) refusal.remove();
    form.dispatchEvent(new Event("input", { bubbles: true }));
    // Saved: a tap on the empty panel right after is the double tap's second (static/tafel.js).
    form.dispatchEvent(new Event("tafel:saved", { bubbles: true }));
  }
  await render();
  await fillNextTurn(matchId).catch(() => {});
}

// A match started without network: judged on the tablet, kept until the server adopts it.
async function startOffline(form, submitter, game) {
  const key = tapKey(form, false);
  if (entering.has(key)) return; // a double tap: the first starts the match
  entering.add(key);
  try {
    await startOnce(form, submitter, game, key);
  } finally {
    entering.delete(key);
  }
}

async function startOnce(form, submitter, game, key) {
  const fields = formFields(form, submitter);
  const answer = (await call("start_match", [game, fields])).ok;
  if (!answer.valid) {
    showRefusal(form, answer.errors);
    return;
  }
  const id = `u-${key}`;
  if (await outbox.match(id)) return;
  // Its deal form: the one of its game, table size, deck and variant (the engine's answer names it).
  await outbox.keepMatch({ id, version: 0, settings: answer.settings, head: answer.head, entries: [], offline: true, born: true, page: answer.page });
  await outbox.add({ match: id, key, kind: "adopt", game, fields, base_version: 0, status: "pending", made: new Date().toISOString() });
  location.assign(`${answer.page}#${id}`);
}

// The born match's deal form names its seats {name_1} …: the tablet writes the names in.
function nameSeats(settings) {
  const names = settings.names || [];
  const walker = document.createTreeWalker(document.querySelector("main") || document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.includes("{name_")) continue;
    node.data = node.data.replace(/\{name_(\d)\}/g, (_, n) => names[n - 1] || n);
  }
  for (const link of document.querySelectorAll("main a[href^='/matches/-']")) link.href = "/matches/";
}

function intercept(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  if (!textsRead) {
    // Tapped before this script read its texts (just after a reload): sent again once it has.
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter && event.submitter.form === form ? event.submitter : undefined;
    textsReady.then(() => form.requestSubmit(submitter));
    return;
  }
  const born = offlineSetUp(new URL(form.action, location.href).pathname);
  if (born && !(reachable && navigator.onLine)) {
    event.preventDefault();
    startOffline(form, event.submitter, born).catch((error) => showRefusal(form, [{ message: String(error) }]));
    return;
  }
  if (bornId() && form.matches("form.deal-form")) {
    // The match is not on the server yet: every deal waits in the outbox until it adopts it.
    event.preventDefault();
    event.stopImmediatePropagation();
    enterOffline(form, event.submitter, bornId(), "deal", null).catch((error) => showRefusal(form, [{ message: String(error) }]));
    return;
  }
  const postTo = postOf(form);
  if (postTo && !(reachable && navigator.onLine)) {
    event.preventDefault();
    event.stopImmediatePropagation();
    keepPost(form, postTo).catch((error) => showRefusal(form, [{ message: String(error) }]));
    return;
  }
  const found = ENTRY_FORM.exec(new URL(form.action, location.href).pathname);
  if (!found) return;
  const matchId = found[1];
  const pending = Number(statusElement().dataset.pending || 0);
  if (reachable && navigator.onLine && pending === 0 && !location.hash.includes("correct=")) return;
  event.preventDefault();
  // Not htmx's either: its request would fail, or pass entries still waiting in the outbox.
  event.stopImmediatePropagation();
  const kind = found[3] ? "undo" : found[4] ? "redo" : found[2] ? "correction" : "deal";
  enterOffline(form, event.submitter, matchId, kind, found[2]).catch((error) => showRefusal(form, [{ message: String(error) }]));
}

// The server did not answer the panel's htmx post (no network though the tablet thinks it
// has one, or the server down): the deal goes to the outbox, judged by the tablet's engine.
function unanswered(event) {
  const form = event.detail && event.detail.elt;
  const postTo = form instanceof HTMLFormElement ? postOf(form) : null;
  if (postTo) {
    reachable = false;
    keepPost(form, postTo).catch((error) => showRefusal(form, [{ message: String(error) }]));
    return;
  }
  if (!(form instanceof HTMLFormElement) || !form.matches(PANEL)) return;
  const found = ENTRY_FORM.exec(new URL(form.action, location.href).pathname);
  if (!found || found[2] || found[3] || found[4]) return;
  reachable = false;
  enterOffline(form, null, found[1], "deal", null, true).catch((error) => showRefusal(form, [{ message: String(error) }]));
}

function dealForm() {
  if (bornId()) return document.querySelector("form.deal-form");
  return [...document.forms].find((f) => /\/deals\/new$/.test(new URL(f.action, location.href).pathname));
}

// The deal form kept from an earlier visit names the turn of then: offline, the engine on the
// tablet says whose turn it is now (the log as kept, then the outbox).
async function fillNextTurn(matchId) {
  const form = dealForm();
  if (!form || (reachable && !bornId()) || new URLSearchParams(location.hash.slice(1)).get("correct")) return;
  const state = await outbox.match(matchId);
  if (!state || !state.offline) return;
  const list = await dealsOf(matchId);
  const log = await localLog(state, list);
  let turn = (await call("next_turn", [state.head, log])).ok;
  // Before a game's first deal (which some engines leave to the table) the set-up's first
  // forehand, as the server's panel says (scorer.matches.panel.forehand).
  const first = state.settings && state.settings.first_forehand;
  if (!turn && first && !(await call("derive", [log])).ok.slots.length) turn = { forehand: first };
  for (const name of ["forehand", "declarer"]) {
    const element = form.elements.namedItem(name);
    if (element && turn && turn.forehand) element.value = String(turn.forehand);
  }
  form.dataset.offlineTurn = turn ? String(turn.forehand) : "";
}

// A correction of a deal still in the outbox: the deal form, filled with what was typed.
async function fillCorrection() {
  const key = new URLSearchParams(location.hash.slice(1)).get("correct");
  if (!key) return;
  const entry = (await outbox.all()).find((e) => e.key === key);
  const form = dealForm();
  if (!entry || !form || !entry.fields) return;
  for (const element of form.elements) {
    if (!element.name || ["csrf_token", "idem", "version"].includes(element.name)) continue;
    const value = entry.fields[element.name];
    if (element.type === "radio") element.checked = element.value === value;
    else if (element.type === "checkbox") element.checked = value !== undefined;
    else if (element.tagName !== "BUTTON") element.value = value ?? "";
  }
}

// --- the outbox on the match page ----------------------------------------------------------

// What the engine's answer to the match with a new or corrected deal says of that deal and of
// the next one: its number, its points per team, who deals and who is forehand next.
function dealFacts(answer, kind, targetSeq, log) {
  if (!answer || !Array.isArray(answer.deals) || !answer.deals.length) return {};
  let index = answer.deals.length - 1;
  if (kind === "correction") {
    const slots = log.filter((e) => e.kind === "deal").map((e) => e.seq);
    index = Math.max(0, slots.indexOf(targetSeq));
  }
  const deal = answer.deals[index] || {};
  return {
    deal_number: kind === "deal" || kind === "correction" ? index + 1 : null,
    deals_after: answer.deals.length,
    // The card points as the table counted them (before the contract's factor): what was typed,
    // per team, or per player where each plays for himself.
    deal_points:
      (deal.raw && deal.raw.trick_points) ||
      deal.trick_points ||
      deal.card_points ||
      (Array.isArray(deal.points) ? deal.points : null),
    next: answer.next || null,
  };
}

// Another tablet's entries came first: this one and those after it follow them.
async function sendAfter(matchId, entry) {
  const list = await outbox.entries(matchId);
  const delta = entry.server_version - entry.base_version;
  for (const each of list.filter((e) => e.n >= entry.n)) {
    if (isDeal(each)) each.base_version += delta;
    each.status = "pending";
    delete each.server_version;
    await outbox.put(each);
  }
  await syncAll();
}

async function discard(matchId, entry) {
  const list = await outbox.entries(matchId);
  await outbox.discard(entry);
  for (const each of list.filter((e) => e.n > entry.n && isDeal(e))) {
    each.base_version -= 1;
    await outbox.put(each);
  }
  await render();
}

// A kept post (a team's confirmation, T6.2; a phone's estimate, D3.3) tapped without network:
// kept behind the entries made before it and posted as its form would be once they are in. Its
// key is the form's own (a confirmation's: one a team, game and version), so a second tap, or
// the same button after a reload, keeps nothing more.
async function keepPost(form, matchId) {
  const fields = Object.fromEntries(new FormData(form));
  const key = String(fields.idem || "");
  const label = postLabel(form);
  if (key && !(await outbox.entries(matchId)).some((e) => e.key === key)) {
    const action = new URL(form.action, location.href).pathname;
    await outbox.add({ match: matchId, key, kind: "post", action, fields, label, status: "pending", made: new Date().toISOString() });
  }
  waitingNote(form, label, key);
  await render();
}

// What a kept post is called while it waits: the form's own words for it, or its button's.
function postLabel(form) {
  return form.dataset.offlineLabel || ((form.querySelector("button") || {}).textContent || "").trim();
}

function waitingNote(form, label, key) {
  const note = document.createElement("span");
  note.className = "post-waiting";
  note.dataset.key = key;
  note.textContent = `${label} — ${texts.waiting || ""}`;
  form.replaceWith(note);
}

// The page read again (from the tablet's cache) shows a kept post as waiting, not as a button
// to tap once more.
async function showWaitingPosts(matchId) {
  const kept = new Set((await outbox.entries(matchId)).filter((e) => e.kind === "post").map((e) => e.key));
  if (!kept.size) return;
  for (const form of document.querySelectorAll(KEPT_POST)) {
    const key = new FormData(form).get("idem");
    if (kept.has(key)) waitingNote(form, postLabel(form), key);
  }
}

// --- sending -------------------------------------------------------------------------------

async function token() {
  const response = await fetch("/offline/token", { cache: "no-store" });
  return (await response.json()).token;
}

// The server adopts a match born on this tablet: its entries follow under the server's id.
async function adopt(entry, csrf) {
  const response = await fetch("/offline/matches/adopt", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
    body: JSON.stringify({ key: entry.key, game: entry.game, fields: entry.fields }),
  });
  const answer = await response.json();
  if (answer.status !== "adopted") {
    await outbox.put({ ...entry, status: "refused", errors: answer.errors || [] });
    return null;
  }
  const id = String(answer.id);
  // The born match's page goes to the server's match page once its deals are sent.
  const born = await outbox.match(entry.match);
  if (born) await outbox.keepMatch({ ...born, adopted: id });
  for (const each of await outbox.entries(entry.match)) {
    if (each.n !== entry.n) await outbox.put({ ...each, match: id });
  }
  await outbox.sent(entry, 0);
  return id;
}

let delivered = 0;

async function syncMatch(matchId) {
  let list = await outbox.entries(matchId);
  if (!list.length) return;
  const csrf = await token();
  if (list[0].kind === "adopt") {
    if (list[0].status !== "pending") return;
    const id = await adopt(list[0], csrf);
    if (id === null) return;
    matchId = id;
    list = await outbox.entries(matchId);
  }
  for (const entry of list) {
    if (entry.status !== "pending" || entry.kind === "adopt") break;
    if (entry.kind === "post") {
      // Posted as its form would have been, once the games before it are in: the server's
      // answer (the confirmation part) is read again with the page.
      const response = await fetch(entry.action, {
        method: "POST",
        headers: { "HX-Request": "true" },
        body: new URLSearchParams(entry.fields),
      });
      // Refused: an error status, or a part that says so (htmx swaps only a 200).
      const answer = response.status === 403 ? "" : await response.text();
      const said = answer && (await outboxView()).serverReason(answer, response.ok);
      if (!response.ok || said) {
        const error = said ? { text: fill(texts.refused_server, { reason: said }) } : { message: texts.no_right };
        await outbox.put({ ...entry, status: "refused", errors: [error] });
        break;
      }
      await outbox.discard(entry);
      delivered += 1;
      continue;
    }
    const body = {
      key: entry.key,
      kind: entry.kind,
      fields: entry.fields,
      base_version: entry.base_version,
      target_seq: await targetSeq(entry, await outbox.entries(matchId)),
    };
    const response = await fetch(`/offline/matches/${matchId}/sync`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body),
    });
    if (response.status === 403) {
      await outbox.put({ ...entry, status: "refused", errors: [{ message: texts.no_right }] });
      break;
    }
    const answer = await response.json();
    if (answer.status === "accepted" || answer.status === "duplicate") {
      await outbox.sent(entry, answer.seq ?? entry.base_version + 1);
      delivered += 1;
    } else if (answer.status === "overtaken") {
      await outbox.put({ ...entry, status: "overtaken", server_version: answer.version });
      break;
    } else {
      await outbox.put({ ...entry, status: "refused", errors: answer.errors || [] });
      break;
    }
  }
  await refreshMatch(matchId);
}

async function syncAll() {
  if (sending) return;
  const matches = [...new Set((await outbox.all()).filter((e) => e.status === "pending").map((e) => e.match))];
  if (!matches.length) {
    await render();
    return;
  }
  sending = true;
  delivered = 0;
  await showStatus();
  try {
    for (const id of matches) await syncMatch(id);
    reachable = true;
  } catch {
    reachable = false;
  } finally {
    sending = false;
  }
  // The match page shows the server's score, a page with a kept post the server's answer to it:
  // once entries went in, it is read again.
  if (delivered && (MATCH_PAGE.test(location.pathname) || document.querySelector(".post-waiting"))) {
    location.reload();
    return;
  }
  await render();
}

// The outbox's view, read on the pages that show it (not every page needs its code).
let view = null;

async function outboxView() {
  if (!view) view = await import("/static/offline/outbox-view.mjs");
  view.bind({ texts, fill, refusalText, statusElement, enterOffline, showRefusal, sendAfter, discard, keepPost });
  return view;
}

async function showOutbox(matchId) {
  await (await outboxView()).showOutbox(matchId);
}

async function render() {
  await showStatus();
  const page = MATCH_PAGE.exec(location.pathname);
  if (page) await showOutbox(page[1]);
  const under = UNDER_MATCH.exec(location.pathname);
  if (under) await showWaitingPosts(under[1]);
  const refused = (e) => e.kind === "post" && e.status === "refused";
  if (under && !page && (await outbox.entries(under[1])).some(refused)) await (await outboxView()).showRefusedPosts(under[1]);
  if (bornId()) await showBornMatch();
  if (location.pathname === "/matches/") await (await outboxView()).showBorn();
}

// A born match's page: its outbox until the server adopted it and has its deals, then the
// server's own page of the match.
async function showBornMatch() {
  const born = await outbox.match(bornId());
  if (born && born.adopted && !(await dealsOf(born.adopted)).some((e) => e.status === "pending")) {
    location.assign(`/matches/${born.adopted}`);
    return;
  }
  await showOutbox(bornId());
}

// --- start ---------------------------------------------------------------------------------

function whenIdle(work) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 2000);
}

async function start() {
  const sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.href = "/static/offline/offline.css";
  document.head.append(sheet);
  // Listening before anything is read: no tap after a reload goes unheard (intercept waits).
  document.addEventListener("submit", intercept, true);
  document.addEventListener("htmx:sendError", unanswered);
  document.addEventListener("htmx:timeout", unanswered);
  textsReady = fetch(`/offline/texts/${lang}.json`)
    .then((response) => response.json())
    .catch(() => ({}))
    .then((read) => {
      texts = read;
      textsRead = true;
    });
  // Taps static/tafel.js held while this script was not running yet are tapped again now.
  document.dispatchEvent(new Event("tafel:offline-ready"));
  await textsReady;
  window.addEventListener("online", () => {
    reachable = true;
    syncAll();
  });
  window.addEventListener("offline", () => {
    reachable = false;
    render();
  });
  // A deal saved online on the panel (htmx swapped the screen in): the kept log follows once the
  // page is idle, so that an entry made after the network goes builds on it, not on the log of
  // the page's first load.
  // Only for a match the tablet keeps offline: another game's screen asks nothing more.
  document.addEventListener("htmx:afterSwap", () => {
    const screen = MATCH_PAGE.exec(location.pathname);
    if (!screen || !navigator.onLine) return;
    whenIdle(async () => {
      const kept = await outbox.match(screen[1]);
      if (kept && kept.offline) await refreshMatch(screen[1], pageVersion()).catch(() => {});
    });
  });
  // A page that enters (a deal form, the match screen's panel, a new match's set-up, the match
  // list a table starts from) keeps the app for offline use and readies the engine; a
  // spectator's page (a match's watch link, an event's pages) does neither: its phone
  // downloads no Pyodide.
  const home = location.pathname === "/" || location.pathname === "/matches/";
  const enters = Boolean(document.querySelector("form.deal-form") || NEW_MATCH.test(location.pathname) || bornId() || home);
  const kept = "serviceWorker" in navigator && navigator.serviceWorker.controller !== null;
  if ("serviceWorker" in navigator && (enters || kept)) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  }
  const page = MATCH_PAGE.exec(location.pathname) || ENTRY_FORM.exec(location.pathname);
  if (page) {
    const state = navigator.onLine ? await refreshMatch(page[1], pageVersion()) : await outbox.match(page[1]);
    if (!navigator.onLine) reachable = false;
    // The engine readied for this match's game: its modules imported, the log scored once.
    const keeps = Boolean(state && state.offline);
    const ready = () => (keeps ? engine("warm", [state.head, state.entries]) : engine("derive", [[]])).catch(() => {});
    if (!reachable || (await outbox.all()).length) ready();
    // While the network is there, an entering tablet of a game kept offline starts the engine
    // once the page is idle (and keeps it across pages, a shared worker): the first check after
    // the network goes is as fast as any other.
    else if (enters && keeps) whenIdle(ready);
  }
  const born = bornId() && (await outbox.match(bornId()));
  if (born) {
    nameSeats(born.settings);
    engine("derive", [[]]).catch(() => {});
  }
  // Offline on the new-match page: the engine judges the set-up, so it starts at once.
  if (offlineSetUp(location.pathname) && !navigator.onLine) engine("derive", [[]]).catch(() => {});
  await fillCorrection();
  await render();
  if (page) await fillNextTurn(page[1]).catch(() => {});
  if (born) await fillNextTurn(bornId()).catch(() => {});
  if (navigator.onLine) syncAll();
  setInterval(() => {
    if (navigator.onLine && !sending) syncAll();
  }, 5000);
}

// For the parity and bench runs in a real browser: the engine the tablet judges with.
window.tafelOffline = { call, engine, warm, sync: syncAll };
start();
