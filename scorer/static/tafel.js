// Small improvements only: every page works without this file.
// Shows the other team's trick points while one team's are typed (the engine still judges).
(function () {
  "use strict";
  var form = document.querySelector("form.deal-form[data-total]");
  if (!form) { return; }
  var input = form.querySelector("input[name=points]");
  var out = form.querySelector("output.other-points");
  var match = form.querySelector("input[name=match]");
  if (!input || !out) { return; }
  var total = parseInt(form.getAttribute("data-total"), 10);
  var root = document.documentElement;
  // The arrow points to the other team's figure: leftwards on a right-to-left page.
  var arrow = root.getAttribute("dir") === "rtl" ? "\u2190 " : "\u2192 ";
  var persian = (root.getAttribute("lang") || "").slice(0, 2) === "fa";
  function shown(number) {
    var text = String(number);
    return persian ? text.replace(/[0-9]/g, function (d) { return "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9".charAt(+d); }) : text;
  }
  function update() {
    var value = parseInt(input.value, 10);
    if (match && match.checked) { out.textContent = arrow + shown(0); return; }
    out.textContent = (isNaN(value) || value < 0 || value > total) ? "" : arrow + shown(total - value);
  }
  input.addEventListener("input", update);
  if (match) { match.addEventListener("change", update); }
  update();
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

  function typing() {
    var active = document.activeElement;
    return active && main.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) &&
      active.type !== "checkbox" && active.type !== "radio" && !active.readOnly;
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
  }

  function refresh(next) {
    return fetch(window.location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || typing()) { return; }  // asked again at the next tick
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main[data-live]");
        if (!fresh) { return; }
        swap(fresh);
        version = fresh.getAttribute("data-version") || next;
        main.setAttribute("data-version", version);
      });
  }

  function tick() {
    if (busy || document.hidden) { return; }
    busy = true;
    var headers = { "Accept": "application/json" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) { return null; }  // 304: nothing new
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (answer) {
        if (!answer) { return null; }
        var now = String(answer.version);
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
