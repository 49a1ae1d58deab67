// The event pages' scripts (templates/events): loaded by the pages that use them, not by every page.

// The ranking page ([data-poll]): fetch its table every few seconds and swap it in when it
// changed. Without script the page reloads itself (a <noscript> refresh). "no-cache" asks the
// server each time with the last ETag: an unchanged ranking comes back as a 304 without a body.
(function () {
  "use strict";
  var holder = document.querySelector("[data-poll]");
  if (!holder || !window.fetch) { return; }
  var url = holder.getAttribute("data-poll");
  var period = parseInt(holder.getAttribute("data-poll-ms"), 10) || 15000;
  var last = null;
  window.setInterval(function () {
    if (document.hidden) { return; }
    fetch(url, { credentials: "same-origin", cache: "no-cache" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html || html === last) { return; }
        last = html;
        holder.innerHTML = html;
        if (window.tafelProjector) { window.tafelProjector(); }
      })
      .catch(function () { /* offline for a moment: keep the last standings */ });
  }, period);
})();

// The room's projector (body.projector-screen, events/ranking.html): the ranking's rows a
// screenful at a time, the next screenful every few seconds, then the first again; a poll that
// swaps in new standings keeps the page shown. Without script the page scrolls.
(function () {
  "use strict";
  if (!document.body.classList.contains("projector-screen")) { return; }
  var TURN_MS = 8000;
  var page = 0;
  var pages = 1;

  function show() {
    var rows = Array.prototype.slice.call(document.querySelectorAll(".ranking-table tbody tr"));
    var label = document.querySelector(".projector-page");
    rows.forEach(function (row) { row.classList.remove("turned"); });
    if (rows.length === 0) { if (label) { label.textContent = ""; } return; }
    // Rows may differ in height (a long name wraps): each page takes the rows that fit below the
    // first row's top edge.
    var room = window.innerHeight - rows[0].getBoundingClientRect().top - 8;
    var starts = [0];
    var used = 0;
    rows.forEach(function (row, i) {
      var height = row.getBoundingClientRect().height;
      if (used + height > room && i > starts[starts.length - 1]) { starts.push(i); used = 0; }
      used += height;
    });
    pages = starts.length;
    if (page >= pages) { page = 0; }
    var from = starts[page];
    var to = page + 1 < pages ? starts[page + 1] : rows.length;
    rows.forEach(function (row, i) { if (i < from || i >= to) { row.classList.add("turned"); } });
    // The page's own digits (Persian on a Persian page).
    var digits = window.Intl ? new Intl.NumberFormat(document.documentElement.lang || undefined) : null;
    function n(value) { return digits ? digits.format(value) : String(value); }
    if (label) { label.textContent = pages > 1 ? n(page + 1) + " / " + n(pages) : ""; }
  }

  window.tafelProjector = show;
  show();
  window.addEventListener("resize", show);
  window.setInterval(function () { if (pages > 1) { page += 1; show(); } }, TURN_MS);
})();

// The new-event form: only the chosen game's own options show. Without script every game's
// section shows, and the server reads the chosen game's alone.
(function () {
  "use strict";
  var game = document.querySelector("form select[name=game]");
  if (!game) { return; }
  function show() {
    Array.prototype.forEach.call(document.querySelectorAll("fieldset.event-game[data-game]"), function (section) {
      section.hidden = section.getAttribute("data-game") !== game.value;
    });
  }
  game.addEventListener("change", show);
  show();
})();
