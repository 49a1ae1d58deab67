// The ranking page for a projector: fetch its table every 15 s and swap it in.
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
