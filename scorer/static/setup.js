// A set-up form whose table size is chosen (4, 3 or 2 players): the seats beyond it
// and their first-dealer choices are hidden, so the form shows the table that will play. Without
// this file every seat shows, and the server reads the seats of the chosen size alone.
(function () {
  "use strict";
  function fit(form) {
    var chosen = form.querySelector("input[name=players]:checked");
    if (!chosen) { return; }
    var count = parseInt(chosen.value, 10);
    form.querySelectorAll("[data-seat]").forEach(function (seat) {
      seat.hidden = parseInt(seat.getAttribute("data-seat"), 10) > count;
    });
    form.querySelectorAll("input[name=first_dealer]").forEach(function (input) {
      var seat = parseInt(input.value, 10);
      var label = input.closest("label");
      if (label) { label.hidden = seat > count; }
      // Seat 4, the default, is the seat before seat 1 (K1.3): at a smaller table, the last seat.
      if (input.checked && seat > count) {
        var last = form.querySelector("input[name=first_dealer][value='" + count + "']");
        if (last) { last.checked = true; }
      }
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.name === "players" && event.target.form) { fit(event.target.form); }
  });
  document.querySelectorAll("form").forEach(function (form) {
    if (form.querySelector("input[name=players]") && form.querySelector("[data-seat]")) { fit(form); }
  });
})();
