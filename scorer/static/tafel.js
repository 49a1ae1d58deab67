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

// The ranking page for a projector ([data-poll]): fetch its table every 15 s and swap it in.
// Without script the page reloads itself (a <noscript> refresh).
(function () {
  "use strict";
  var holder = document.querySelector("[data-poll]");
  if (!holder || !window.fetch) { return; }
  var url = holder.getAttribute("data-poll");
  window.setInterval(function () {
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html) { holder.innerHTML = html; } })
      .catch(function () { /* offline for a moment: keep the last standings */ });
  }, 15000);
})();
