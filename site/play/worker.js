// The engine's Web Worker: main's engine built as WebAssembly, speaking UCI.
// Each message the page posts is one input line; each line the engine writes
// comes back as one message (engine/cmd/cb2026/main_js.go). Lines posted
// before the engine has started wait for it.
importScripts("wasm_exec.js");

const waiting = [];
let started = false;

self.onmessage = (e) => {
  if (started) self.cb2026Send(String(e.data));
  else waiting.push(String(e.data));
};

const go = new Go();
fetch("cb2026.wasm")
  .then((r) => {
    if (!r.ok) throw new Error("cb2026.wasm: HTTP " + r.status);
    return r.arrayBuffer();
  })
  .then((bytes) => WebAssembly.instantiate(bytes, go.importObject))
  .then((m) => {
    go.run(m.instance); // runs until the engine waits for its first line
    started = true;
    for (const line of waiting.splice(0)) self.cb2026Send(line);
  })
  .catch((err) => self.postMessage("info string the engine did not start: " + err));
