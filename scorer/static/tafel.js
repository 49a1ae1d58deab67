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
  function update() {
    var value = parseInt(input.value, 10);
    if (match && match.checked) { out.textContent = "\u2192 0"; return; }
    out.textContent = (isNaN(value) || value < 0 || value > total) ? "" : "\u2192 " + (total - value);
  }
  input.addEventListener("input", update);
  if (match) { match.addEventListener("change", update); }
  update();
})();
