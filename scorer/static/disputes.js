// The card picker: tap cards instead of typing their codes. Every page works without it.
(function () {
  "use strict";
  var inputs = document.querySelectorAll("input.cards-input, textarea.cards-input");
  if (!inputs.length) { return; }
  var form = inputs[0].form;
  var target = null;
  var picker = document.createElement("div");
  picker.className = "picker";
  picker.hidden = true;
  picker.setAttribute("role", "group");
  picker.setAttribute("aria-label", "cards");
  var suits = ["H", "D", "S", "C"];
  var ranks = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"];
  // Names by deck from the page (translated): "H:Ro:Rosen;…;A:Ass;…" -> {H: ["Ro", "Rosen"], A: ["Ass"]}.
  var names = document.getElementById("card-names");
  function deckNames(deck) {
    var table = {};
    ((names && names.getAttribute("data-" + deck)) || "").split(";").forEach(function (entry) {
      var parts = entry.split(":");
      if (parts[0]) { table[parts[0]] = parts.slice(1); }
    });
    return table;
  }
  var decks = { swiss: deckNames("swiss"), french: deckNames("french") };
  suits.forEach(function (suit) {
    var row = document.createElement("div");
    row.className = "suit-row";
    var head = document.createElement("span");
    head.className = "suit-name s-" + suit;
    head.setAttribute("data-suit", suit);
    row.appendChild(head);
    ranks.forEach(function (rank) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "s-" + suit + " pick-card";
      b.textContent = suit + rank;
      b.setAttribute("data-card", suit + rank);
      row.appendChild(b);
    });
    picker.appendChild(row);
  });
  // Each row starts with its suit and each button shows its rank as players name them in the
  // deck of the game asked about (Rosen / Ass for Swiss cards, ♥ / Ace for French ones); the
  // code it types stays the code.
  function label() {
    var game = document.querySelector("input[name=game]:checked");
    // The names of the chosen game's deck (its radio's data-names: "swiss" or "french").
    var deck = decks[(game && game.getAttribute("data-names")) || "swiss"] || decks.swiss;
    picker.querySelectorAll("span[data-suit]").forEach(function (head) {
      var suit = deck[head.getAttribute("data-suit")];
      if (suit) { head.textContent = suit[0]; head.setAttribute("title", suit[1]); }
    });
    picker.querySelectorAll("button[data-card]").forEach(function (b) {
      var card = b.getAttribute("data-card");
      var suit = deck[card.charAt(0)], rank = deck[card.charAt(1)];
      if (!suit || !rank) { return; }
      b.textContent = rank[0];
      b.setAttribute("aria-label", suit[1] + " " + rank[0]);
    });
  }
  var tools = document.createElement("div");
  tools.className = "tools";
  function tool(label, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", action);
    tools.appendChild(b);
  }
  tool("\u232b", function () {
    if (!target) { return; }
    var words = target.value.trim().split(/\s+/);
    words.pop();
    target.value = words.join(" ") + (words.length ? " " : "");
  });
  tool("\u21b5", function () {
    if (target && target.tagName === "TEXTAREA") { target.value = target.value.replace(/\s*$/, "") + "\n"; }
  });
  tool("\u2715", function () { picker.hidden = true; });
  picker.appendChild(tools);
  (form || document.body).appendChild(picker);
  // The chosen game's deck (its radio's data-deck); null: every card.
  function deck() {
    var checked = document.querySelector("input[name=game]:checked");
    var cards = checked && checked.getAttribute("data-deck");
    return cards ? cards.split(" ") : null;
  }
  function refresh() {
    label();
    var cards = deck();
    picker.querySelectorAll("button[data-card]").forEach(function (b) {
      b.hidden = cards !== null && cards.indexOf(b.getAttribute("data-card")) < 0;
    });
  }
  picker.addEventListener("click", function (event) {
    var card = event.target.getAttribute && event.target.getAttribute("data-card");
    if (!card || !target) { return; }
    var sep = target.value && !/[\s]$/.test(target.value) ? " " : "";
    if (target.maxLength === 4) { target.value = card; } else { target.value += sep + card + " "; }
  });
  function showFor(input) { target = input; refresh(); picker.hidden = false; }
  inputs.forEach(function (input) {
    input.addEventListener("focus", function () { showFor(input); });
    // A field tapped while this script was still loading has the focus already: no focus event
    // will come for it.
    if (input === document.activeElement) { showFor(input); }
  });
  document.querySelectorAll("input[name=game]").forEach(function (r) { r.addEventListener("change", refresh); });
  label();
  var share = document.querySelector(".share-link");
  if (share) { share.addEventListener("focus", function () { share.select(); }); }
})();
