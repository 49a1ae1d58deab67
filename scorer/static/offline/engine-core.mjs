// The rules engine under Pyodide, shared by the browser's worker and Node's parity run:
// load Pyodide from this server's own copy, write the engine's sources (the bundle the
// server builds from its installed package) into Pyodide's file system, import them.
export async function startEngine(loadPyodide, indexURL, bundle) {
  const pyodide = await loadPyodide({ indexURL, fullStdLib: false });
  const root = "/tafel";
  for (const [path, text] of Object.entries(bundle.files)) {
    const parts = path.split("/");
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      dir += "/" + part;
      if (!pyodide.FS.analyzePath(dir).exists) pyodide.FS.mkdirTree(dir);
    }
    if (!pyodide.FS.analyzePath(root).exists) pyodide.FS.mkdirTree(root);
    pyodide.FS.writeFile(root + "/" + path, text);
  }
  pyodide.runPython(`import sys\nsys.path.insert(0, "${root}")\nimport ${bundle.module}`);
  const tablet = pyodide.pyimport(bundle.module);
  // The games the tablet keeps offline, as the server's registry names them.
  tablet.configure(JSON.stringify(bundle.games || {}));
  const call = tablet.call;
  return {
    // call(name, args) -> the canonical JSON text the tablet module answers.
    call: (name, args) => call(name, JSON.stringify(args)),
    pyodide,
  };
}
