// Starting and stopping the host program (bin/pwa) for the browser tests. The Makefile builds
// bin/pwa and web/app.wasm before it runs them.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const outDir = join(root, 'tests/browser/out');

// startServer runs `bin/pwa -addr 127.0.0.1:0` from the repository root, reads the URL it
// prints (the system picked a free port), waits until the app answers, and returns
// { url, stop }. stop() ends the process and waits for it to exit. Options: cwd, the folder
// to run in (it must hold web/); addr, the address to listen on (to restart a server on
// the same origin); testHooks, false to serve the page as a published site does, without
// the test hooks (scripted dice, app/view/hooks.go).
export async function startServer({ timeoutMs = 20000, cwd = root, addr = '127.0.0.1:0', testHooks = true } = {}) {
  const bin = join(root, 'bin/pwa');
  if (!existsSync(bin) || !existsSync(join(cwd, 'web/app.wasm'))) {
    throw new Error('bin/pwa or web/app.wasm is missing: run `make build` first');
  }
  const args = ['-addr', addr, ...(testHooks ? ['-test-hooks'] : [])];
  const child = spawn(bin, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })));

  const url = await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`bin/pwa printed no URL in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const m = output.match(/on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      rej(new Error(`bin/pwa exited (${code ?? signal}) before serving:\n${output}`));
    });
  });

  // Wait until the page itself answers, not just the socket.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url + '/');
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${url}/ did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
    }
    await exited;
  };
  return { url, stop, output: () => output };
}
