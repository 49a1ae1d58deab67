// Engine reasons as sentences in the tablet's language, also offline: the server's catalog
// (scorer.web.reason_texts, shipped with the offline texts of each language) read as its
// sentence() reads it: the first sentence of the reason's code and rule whose placeholders
// the params fill, formatted after translation; else the engine's English message.
const PLACEHOLDER = /%\((\w+)\)[sd]/g;

function digits(text, catalog) {
  const native = catalog.digits;
  return native ? String(text).replace(/[0-9]/g, (d) => native[Number(d)]) : String(text);
}

// A score or total as the pages show it: grouped in thousands (the language's sign), native digits.
function points(value, catalog) {
  const plain = String(Math.abs(value));
  const grouped =
    plain.length > catalog.group_from ? plain.replace(/\B(?=(\d{3})+(?!\d))/g, catalog.group) : plain;
  return digits((value < 0 ? catalog.minus : "") + grouped, catalog);
}

function contract(key, deck, catalog) {
  const names = catalog.names[deck] || {};
  return names[key] ?? catalog.names.any[key] ?? null;
}

// A param as the player reads it (reason_texts._shown without a match at hand).
function shown(name, value, game, catalog) {
  if (Number.isInteger(value)) return catalog.points.includes(name) ? points(value, catalog) : digits(value, catalog);
  const deck = (catalog.decks || {})[game] || "swiss";
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value !== "string") return value;
  if (catalog.contract_params.includes(name) && contract(value, deck, catalog)) return contract(value, deck, catalog);
  if (catalog.contract_lists.includes(name) && value) {
    const names = value.split(/\s+/).map((key) => contract(key, deck, catalog));
    if (names.every(Boolean)) return names.join(", ");
  }
  if (name === "label" && value.includes("×")) {
    const [key, factor] = value.split("×");
    const named = contract(key, deck, catalog);
    if (named) return `${named} ×${factor}`;
  }
  if (name === "format" && value in catalog.formats) return catalog.formats[value];
  const team = name === "winner_team" && /^team (\d+)$/.exec(value);
  if (team) return catalog.team.replace("%(number)s", team[1]);
  return value;
}

function format(template, params) {
  return template.replace(PLACEHOLDER, (_, name) => params[name]).replaceAll("%%", "%");
}

export function sentence(error, catalog) {
  const fallback = String(error.message || error.code || "");
  if (!catalog || !error.rule) return fallback;
  const rule = String(error.rule);
  const raw = Object.fromEntries(Object.entries(error.params || {}).filter(([, v]) => v !== null && v !== undefined));
  const game = rule.slice(0, 1);
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, shown(k, v, game, catalog)]));
  const playRule = String(raw.play_rule || "");
  for (const [code, prefix, template] of catalog.sentences) {
    if (code !== error.code || !(rule.startsWith(prefix) || (playRule && playRule.startsWith(prefix)))) continue;
    const wanted = new Set([...template.matchAll(/%\((\w+)\)/g)].map((m) => m[1]));
    if (![...wanted].every((name) => name in params)) continue;
    const text = format(template, params);
    if ("trick" in params && "seat" in params && !wanted.has("trick") && !wanted.has("seat")) {
      return format(catalog.in_trick, { trick: params.trick, seat: params.seat, sentence: text });
    }
    return text;
  }
  return fallback;
}
