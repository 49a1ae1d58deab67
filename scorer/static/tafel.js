// Small improvements only: every page works without this file.
// The deal forms (the match page's panel and /deals/new): the other team's trick points while
// one team's are typed (the engine still judges), the panel's number pad, Weis by value.
// Everything by delegation, so a panel swapped in by htmx or by the live page works alike.
(function () {
  "use strict";
  var root = document.documentElement;
  // The arrow points to the other team's figure: leftwards on a right-to-left page.
  var arrow = root.getAttribute("dir") === "rtl" ? "\u2190 " : "\u2192 ";
  var persian = (root.getAttribute("lang") || "").slice(0, 2) === "fa";
  function shown(number) {
    var text = String(number);
    return persian ? text.replace(/[0-9]/g, function (d) { return "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9".charAt(+d); }) : text;
  }
  // Persian (and Arabic-Indic) digits as Latin ones, for reading what the pad or a keyboard typed.
  function latin(text) {
    return String(text).replace(/[\u06f0-\u06f9\u0660-\u0669]/g, function (d) { return String(d.charCodeAt(0) & 0xf); });
  }
  function formOf(node) { return node && node.closest ? node.closest("form.deal-form[data-total]") : null; }

  function update(form) {
    var input = form.querySelector("input[name=points]");
    var out = form.querySelector("output.other-points");
    var match = form.querySelector("input[name=match]");
    if (!input || !out) { return; }
    var total = parseInt(form.getAttribute("data-total"), 10);
    var value = parseInt(latin(input.value), 10);
    if (match && match.checked) { out.textContent = arrow + shown(0); return; }
    out.textContent = (isNaN(value) || value < 0 || value > total) ? "" : arrow + shown(total - value);
  }

  function values(input) {
    return latin(input.value).replace(/[+,\u060c]/g, " ").split(/\s+/).filter(function (v) { return v !== ""; });
  }

  // Equal best Weis (melds) by value: the question of whose count appears only then (S6.5, K5.2).
  function tie(form) {
    var best = form.querySelector(".weis-best");
    if (!best) { return; }
    var names = (best.getAttribute("data-fields") || "weis_values_1 weis_values_2").split(" ");
    var tops = names.map(function (name) {
      var input = form.querySelector("input[name=" + name + "]");
      var numbers = input ? values(input).map(Number) : [];
      return numbers.length ? Math.max.apply(null, numbers) : 0;
    });
    var highest = Math.max.apply(null, tops);
    var open = highest > 0 && tops.filter(function (top) { return top === highest; }).length > 1;
    if (open || best.querySelector(".reason")) { best.removeAttribute("hidden"); } else { best.setAttribute("hidden", ""); }
  }

  function prepare(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("form.deal-form[data-total]"), function (form) {
      update(form);
      tie(form);
    });
  }

  function changed(event) {
    var form = formOf(event.target);
    if (!form) { return; }
    form.setAttribute("data-dirty", "");
    follow(form, event.target);
    update(form);
    tie(form);
  }
  // A team's choice that follows a seat's (data-team-of="chooser"): seats 1 and 3 are team 1,
  // 2 and 4 team 2. Chosen again by hand, it stays as chosen until the seat changes.
  function follow(form, input) {
    if (!input.name || input.type !== "radio") { return; }
    var group = form.querySelector("[data-team-of='" + input.name + "']");
    var team = group && group.querySelector("input[type=radio][value='" + (+input.value % 2 === 1 ? 1 : 2) + "']");
    if (team) { team.checked = true; }
  }
  document.addEventListener("input", changed);
  // The pad types into the points field last focused (with two or three players each has one).
  document.addEventListener("focusin", function (event) {
    var form = formOf(event.target);
    if (form && event.target.hasAttribute && event.target.hasAttribute("data-pad")) { form.padTarget = event.target; }
  });
  document.addEventListener("change", changed);

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.pad-key, button.add-weis, button.clear-weis") : null;
    var form = formOf(button);
    if (!button || !form) { return; }
    var input;
    if (button.classList.contains("pad-key")) {
      input = (form.padTarget && form.contains(form.padTarget)) ? form.padTarget :
        form.querySelector("input[data-pad], input[name=points]");
      var key = button.getAttribute("data-key");
      // A figure the page filled in (static/points-rest.js) is typed over, not appended to.
      if (input.hasAttribute("data-filled")) { input.value = ""; }
      if (key === "back") { input.value = input.value.slice(0, -1); }
      else if (key === "clear") { input.value = ""; }
      else if (input.value.length < 3) { input.value += key; }
      var match = form.querySelector("input[name=match]");
      if (match && input.value !== "") { match.checked = false; }
    } else {
      input = form.querySelector("input[name=" + (button.getAttribute("data-field") || "weis_values_" + button.getAttribute("data-team")) + "]");
      if (!input) { return; }
      input.value = button.classList.contains("clear-weis") ? "" :
        values(input).concat([button.getAttribute("data-value")]).join(" + ");
    }
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // One tap, one deal: a Save on a panel nobody touched since the last deal was saved, within a
  // moment of it, is a double tap's second. The first saved the deal and the panel it lands on
  // is the next deal's, empty: sent, it would answer "choose the contract" in red. It is not
  // sent. (Saved: htmx swapped in the server's screen, or the outbox kept the deal, which says
  // so with "tafel:saved".) A deliberate Save on an empty panel a moment later still asks.
  var DOUBLE_TAP_MS = 1500;
  var savedAt = 0;
  function saved(panel) {
    savedAt = Date.now();
    if (panel) { panel.removeAttribute("data-dirty"); }
  }
  document.addEventListener("tafel:saved", function (event) { saved(event.target); });
  // A tap without network before the offline script runs (just after a reload, while it is read
  // from the tablet's cache) would go nowhere: it is held, and tapped again once that script
  // listens ("tafel:offline-ready", static/offline/tafel-offline.js).
  var offlineReady = false;
  var offlinePage = !!document.querySelector("script[src*='tafel-offline.js']");
  var held = [];
  document.addEventListener("tafel:offline-ready", function () {
    offlineReady = true;
    held.splice(0).forEach(function (tap) { tap.form.requestSubmit(tap.submitter); });
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.matches) { return; }
    if (form.matches("form.entry-panel") && Date.now() - savedAt < DOUBLE_TAP_MS && !form.hasAttribute("data-dirty")) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (!offlineReady && !navigator.onLine && (form.method || "").toLowerCase() === "post" && offlinePage) {
      event.preventDefault();
      event.stopImmediatePropagation();
      var submitter = event.submitter && event.submitter.form === form ? event.submitter : undefined;
      held.push({ form: form, submitter: submitter });
    }
  }, true);

  // htmx (the panel's save): answers that name a mistake (422) or a change meanwhile (409)
  // are the match screen with the reasons, to be shown like any answer.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (status === 422 || status === 409) { event.detail.shouldSwap = true; event.detail.isError = false; }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var sent = event.detail && event.detail.requestConfig ? event.detail.requestConfig.elt : null;
    if (sent && sent.matches && sent.matches("form.entry-panel") && event.detail.xhr && event.detail.xhr.status < 300) {
      saved(null);
    }
    var screen = document.getElementById("match-screen");
    var main = document.querySelector("main[data-live]");
    if (screen && main) { main.setAttribute("data-version", screen.getAttribute("data-version") || ""); }
    prepare(document);
    var points = document.querySelector("form.entry-panel input[data-pad], form.entry-panel input[name=points]");
    var wrong = document.querySelector("form.entry-panel .has-error input, form.entry-panel .has-error");
    if (wrong && wrong.tagName !== "INPUT") { wrong = wrong.querySelector("input"); }
    var target = wrong || points;
    if (target) { target.focus({ preventScroll: true }); }
  });

  // The chalk board as input: a tap on a team's 100, 50 or 20 line adds that value to the
  // panel's points and gives them to that team, as a stroke on the real board would.
  function chalk(line) {
    var form = document.querySelector("form.entry-panel");
    if (!form) { return; }
    var team = form.querySelector("input[name=team][value='" + line.getAttribute("data-chalk-team") + "']");
    var input = form.querySelector("input[name=points]");
    if (!team || !input) { return; }
    team.checked = true;
    input.value = String((parseInt(input.value, 10) || 0) + parseInt(line.getAttribute("data-chalk-value"), 10));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function chalkable(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("[data-chalk-value]"), function (line) {
      line.setAttribute("role", "button");
      line.setAttribute("tabindex", "0");
      line.setAttribute("aria-label", line.getAttribute("data-chalk-label"));
    });
  }
  document.addEventListener("click", function (event) {
    var line = event.target.closest ? event.target.closest("[data-chalk-value]") : null;
    if (line) { chalk(line); }
  });
  document.addEventListener("keydown", function (event) {
    var line = event.target.closest ? event.target.closest("[data-chalk-value]") : null;
    if (line && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); chalk(line); }
  });

  var prepareForms = prepare;
  prepare = function (scope) { prepareForms(scope); chalkable(scope); };
  prepare(document);
  window.tafelPrepare = prepare;  // the live page calls it after swapping in a fresh screen
})();

// A match page follows the match: it asks the server for the match's version every few
// seconds (an unchanged version costs a "304 Not Modified") and, when another tablet saved
// something, fetches the page again and swaps its content in place. Without this file the
// page stays as it was and a reload shows the new state (scorer/matches/live.py).
(function () {
  "use strict";
  var main = document.querySelector("main[data-live]");
  if (!main || !window.fetch || !window.DOMParser) { return; }
  var url = main.getAttribute("data-live");
  var period = parseInt(main.getAttribute("data-live-ms"), 10) || 3000;
  var version = main.getAttribute("data-version") || null;
  var etag = null;
  var busy = false;
  var FOCUSABLE = "a[href], button, input, select, textarea, summary";

  // Whatever is typed or chosen in one of the page's forms (a director's list of players, a
  // team's figure) keeps the page as it is until that form is sent.
  function touched(event) {
    var form = event.target && event.target.form;
    if (form) { form.setAttribute("data-dirty", ""); }
  }
  main.addEventListener("input", touched);
  main.addEventListener("change", touched);

  function typing() {
    // A deal half entered on this tablet is never swapped away; an empty field with the
    // cursor in it (the panel's points field waits so) is no reason to stand still.
    if (main.querySelector("form[data-dirty]")) { return true; }
    var active = document.activeElement;
    return active && main.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) &&
      active.type !== "checkbox" && active.type !== "radio" && !active.readOnly && active.value !== "";
  }

  function swap(fresh) {
    var focusables = Array.prototype.slice.call(main.querySelectorAll(FOCUSABLE));
    var focused = focusables.indexOf(document.activeElement);
    var open = Array.prototype.map.call(main.querySelectorAll("details"), function (d) { return d.open; });
    main.innerHTML = fresh.innerHTML;
    // Keep what the reader opened, and the keyboard's place.
    Array.prototype.forEach.call(main.querySelectorAll("details"), function (d, i) {
      if (i < open.length) { d.open = open[i]; }
    });
    if (focused >= 0) {
      var again = main.querySelectorAll(FOCUSABLE)[focused];
      if (again) { again.focus({ preventScroll: true }); }
    }
    if (window.tafelPrepare) { window.tafelPrepare(main); }
    if (window.htmx) { window.htmx.process(main); }
  }

  function refresh(next) {
    return fetch(window.location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || typing()) { return; }  // asked again at the next tick
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main[data-live]");
        if (!fresh) { return; }
        // A save on this tablet answered meanwhile with this version: its screen (and its
        // "saved" line) is already here.
        var shown = fresh.getAttribute("data-version");
        if (shown && shown === main.getAttribute("data-version")) { return; }
        swap(fresh);
        version = fresh.getAttribute("data-version") || next;
        main.setAttribute("data-version", version);
      });
  }

  function late() { return version !== null && version.slice(-1) === "~"; }

  function tick() {
    if (busy || document.hidden) { return; }
    version = main.getAttribute("data-version") || version;  // a save on this tablet moved it
    busy = true;
    var headers = { "Accept": "application/json" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        // 304: nothing new, unless this page shows a ranking older than the room ("~"): it asks
        // for itself again until the server has worked out the new one.
        if (response.status !== 200) { return late() ? { version: version.slice(0, -1) } : null; }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (answer) {
        if (!answer) { return null; }
        var now = String(answer.version);
        version = main.getAttribute("data-version") || version;  // a save may have answered meanwhile
        if (version === null) { version = now; return null; }
        if (now === version) { return null; }
        return refresh(now);
      })
      .catch(function () { /* the network is away for a moment: ask again at the next tick */ })
      .then(function () { busy = false; });
  }

  window.setInterval(tick, period);
  document.addEventListener("visibilitychange", tick);
})();
