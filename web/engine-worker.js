// The Plyground engine worker: runs web/engine.wasm (cmd/worker, Go compiled to WebAssembly)
// off the page's main thread. The page posts JSON texts ({"type":"think",...} and
// {"type":"cancel",...}); the Go program answers with {"type":"ready"} once started and
// {"type":"result",...} for each request. Messages that arrive before the Go program has
// installed its own listener are kept and replayed to it.
"use strict";

// wasm_exec.js is the Go runtime shim that go-app serves at the site's root.
importScripts(new URL("../wasm_exec.js", self.location.href).href);

const early = [];
function keep(event) {
  early.push(event.data);
}
self.addEventListener("message", keep);

function fail(err) {
  self.postMessage(JSON.stringify({ type: "result", err: "engine failed to start: " + String(err) }));
}

(async () => {
  const go = new Go();
  const url = new URL("engine.wasm", self.location.href).href;
  let result;
  try {
    if (WebAssembly.instantiateStreaming) {
      result = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
    } else {
      const bytes = await (await fetch(url)).arrayBuffer();
      result = await WebAssembly.instantiate(bytes, go.importObject);
    }
  } catch (err) {
    fail(err);
    return;
  }
  const done = go.run(result.instance);
  // The Go program has registered its listener synchronously inside run: replay what came
  // before it.
  self.removeEventListener("message", keep);
  for (const data of early.splice(0)) {
    self.dispatchEvent(new MessageEvent("message", { data }));
  }
  await done;
  fail("the engine stopped");
})();
