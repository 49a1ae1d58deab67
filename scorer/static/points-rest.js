// A deal form whose players' card points add up to the deal's total (D5.1): once every player's
// points but one are typed, the last is filled as the total minus the others, and kept so while
// the others change; typed over, it is the player's own. Without this file every field is typed.
(function () {
  "use strict";
  function latin(text) {
    return String(text).replace(/[\u06f0-\u06f9\u0660-\u0669]/g, function (d) { return String(d.charCodeAt(0) & 0xf); });
  }
  function fill(form) {
    var total = parseInt(form.getAttribute("data-total"), 10);
    var fields = Array.prototype.slice.call(form.querySelectorAll("fieldset.points input"));
    if (isNaN(total) || fields.length < 2) { return; }
    var open = fields.filter(function (f) { return f.value.trim() === "" || f.hasAttribute("data-filled"); });
    if (open.length !== 1) { return; }
    var sum = 0;
    var known = true;
    fields.forEach(function (f) {
      if (f === open[0]) { return; }
      var value = parseInt(latin(f.value), 10);
      if (isNaN(value)) { known = false; } else { sum += value; }
    });
    var rest = total - sum;
    if (!known || rest < 0 || rest > total) { return; }
    open[0].value = String(rest);
    open[0].setAttribute("data-filled", "");
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest ? event.target.closest("form[data-points-rest][data-total]") : null;
    if (!form || !event.target.closest("fieldset.points")) { return; }
    event.target.removeAttribute("data-filled");  // typed by the player: his own
    fill(form);
  });
})();
