// The outbox: every entry made offline, kept in IndexedDB until the server has it, in the
// order it was made. An entry leaves only when the server answered "accepted" or
// "duplicate" (stored before) or when the table discards it by a tap: nothing is dropped
// silently. The kept state of each match (its log as the server last sent it) lives here too.
const DB = "tafel-offline";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      const outbox = db.createObjectStore("outbox", { keyPath: "n", autoIncrement: true });
      outbox.createIndex("match", "match");
      db.createObjectStore("matches", { keyPath: "id" });
      db.createObjectStore("sent", { keyPath: "key" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

const opened = open();

async function run(stores, mode, work) {
  const db = await opened;
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    let result;
    Promise.resolve(work(tx)).then((value) => {
      result = value;
    });
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

function ask(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// Entries of one match (any status), oldest first.
export function entries(match) {
  return run(["outbox"], "readonly", (tx) => ask(tx.objectStore("outbox").index("match").getAll(String(match)))).then(
    (list) => list.sort((a, b) => a.n - b.n),
  );
}

export function all() {
  return run(["outbox"], "readonly", (tx) => ask(tx.objectStore("outbox").getAll()));
}

export function add(entry) {
  return run(["outbox"], "readwrite", (tx) => ask(tx.objectStore("outbox").add({ ...entry, match: String(entry.match) })));
}

export function put(entry) {
  return run(["outbox"], "readwrite", (tx) => ask(tx.objectStore("outbox").put(entry)));
}

// The server has it: out of the outbox, its seq kept (a later correction may name it).
export function sent(entry, seq) {
  return run(["outbox", "sent"], "readwrite", (tx) => {
    tx.objectStore("outbox").delete(entry.n);
    tx.objectStore("sent").put({ key: entry.key, seq, match: entry.match });
  });
}

export function discard(entry) {
  return run(["outbox"], "readwrite", (tx) => ask(tx.objectStore("outbox").delete(entry.n)));
}

export function seqOf(key) {
  return run(["sent"], "readonly", (tx) => ask(tx.objectStore("sent").get(key))).then((hit) => (hit ? hit.seq : null));
}

export function keepMatch(state) {
  return run(["matches"], "readwrite", (tx) => ask(tx.objectStore("matches").put({ ...state, id: String(state.id) })));
}

export function match(id) {
  return run(["matches"], "readonly", (tx) => ask(tx.objectStore("matches").get(String(id))));
}
