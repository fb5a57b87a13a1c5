// The three browser engines the smoke suite (smoke.mjs) runs in, behind one small interface.
// Each is Debian's build, driven by its own protocol; none of the libraries downloads a
// browser (each is given the path of the installed one):
//
//   chromium  /usr/bin/chromium through playwright-core (chromium.mjs), the DevTools protocol;
//   firefox   /usr/bin/firefox-esr through puppeteer-core, over WebDriver BiDi;
//   webkit    WebKitGTK's MiniBrowser through /usr/bin/WebKitWebDriver and selenium-webdriver,
//             classic WebDriver, on an Xvfb display that this module starts once per process.
//
// openBrowser returns a Tab: one page in a fresh profile (a new temporary profile for
// Chromium and Firefox, a new WebDriver session for WebKit, whose sessions keep nothing).
import { spawn } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import { Builder, Origin } from 'selenium-webdriver';
import { args, launch } from './chromium.mjs';
import { watch } from './fixture.mjs';
import { freePort } from './store-helpers.mjs';

export const firefoxPath = process.env.FIREFOX || '/usr/bin/firefox-esr';
export const webkitDriverPath = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';

const viewport = { width: 1280, height: 800 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// pageLoadMs is WebKitWebDriver's page-load timeout.
const pageLoadMs = 60000;

// A Tab is one page of one browser. Every engine implements:
//   goto(url), reload()        navigate and wait for the load event;
//   url()                      the page's address;
//   evaluate(fn, arg)          run fn(arg) in the page (fn is sent as source: it sees nothing
//                              of the test) and return its value, awaited when a promise;
//   click(x, y), drag(points)  a real mouse click or drag (down, moves, up) at page
//                              coordinates (CSS pixels from the viewport's top left);
//   screenshot(path)           a PNG of the viewport;
//   errors()                   the page's uncaught exceptions and console errors so far;
//   close()                    close the browser and remove its profile.

// pageTab is the Tab of a playwright or puppeteer page (their page objects agree on what a
// Tab needs): it collects the page's errors (fixture.mjs's watch) and closes with close.
function pageTab(engine, page, close) {
  const errors = [];
  watch(page, errors);
  return {
    engine,
    goto: (url) => page.goto(url),
    reload: () => page.reload(),
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    click: (x, y) => page.mouse.click(x, y),
    async drag(points) {
      await page.mouse.move(points[0].x, points[0].y);
      await page.mouse.down();
      for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 3 });
      await page.mouse.up();
    },
    screenshot: (path) => page.screenshot({ path }),
    errors: async () => [...errors],
    close,
  };
}

// chromiumTab drives Debian's Chromium through playwright-core.
async function chromiumTab({ insecureCerts }) {
  // ignoreHTTPSErrors alone leaves the service worker's script refused.
  const context = await launch({ viewport, ignoreHTTPSErrors: insecureCerts, ...(insecureCerts && { args: [...args, '--ignore-certificate-errors'] }) });
  const page = context.pages()[0] ?? (await context.newPage());
  return pageTab('chromium', page, () => context.close());
}

// firefoxTab drives Debian's Firefox ESR through puppeteer-core over WebDriver BiDi, in a
// temporary profile that puppeteer makes and removes.
async function firefoxTab({ insecureCerts }) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    acceptInsecureCerts: insecureCerts,
    defaultViewport: viewport,
  });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    await page.setViewport(viewport); // the first page does not get the default one
    return pageTab('firefox', page, () => browser.close());
  } catch (err) {
    await browser.close();
    throw err;
  }
}

// The X display of WebKit's windows: one Xvfb per process, on a display number it picks
// itself (-displayfd), ended when the process exits.
let display;

function startDisplay() {
  display ??= new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    xvfb.stderr.on('data', (c) => (err += c));
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it told its display:\n${err}`)));
    xvfb.stdio[3].on('data', (c) => {
      out += c;
      if (!out.includes('\n')) return;
      xvfb.stdio[3].destroy();
      xvfb.stderr.destroy();
      xvfb.unref();
      process.once('exit', () => xvfb.kill());
      resolve(`:${out.trim()}`);
    });
  });
  return display;
}

// The WebKit page records its errors itself: WebKitWebDriver passes on no console messages,
// and classic WebDriver runs no script before the page's own. The recorder is installed
// after each load, so it misses an error thrown before the load event (the Go program
// starts after it: app.wasm is fetched, not a subresource the load waits for).
function recordErrors() {
  if (window.__smokeErrors) return;
  window.__smokeErrors = [];
  window.addEventListener('error', (e) => window.__smokeErrors.push(`pageerror: ${e.message}`));
  window.addEventListener('unhandledrejection', (e) => window.__smokeErrors.push(`pageerror: ${e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => {
    window.__smokeErrors.push(`console: ${args.map(String).join(' ')}`);
    error(...args);
  };
}

// webkitTab drives WebKitGTK's MiniBrowser (WebKitWebDriver's default browser) through a
// WebKitWebDriver of its own, with selenium-webdriver as the client of its HTTP API (so no
// Selenium Manager and no driver lookup).
async function webkitTab({ insecureCerts }) {
  const DISPLAY = await startDisplay();
  const port = await freePort();
  const server = `http://127.0.0.1:${port}`;
  const driverProcess = spawn(webkitDriverPath, [`--port=${port}`], { env: { ...process.env, DISPLAY }, stdio: 'ignore' });
  const exited = new Promise((r) => driverProcess.once('exit', r));
  let driver;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(server + '/status')).ok) break;
      } catch {
        // not listening yet
      }
      if (i === 200 || driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver did not answer on ${server}`);
      await sleep(50);
    }
    driver = await new Builder().usingServer(server).withCapabilities({ browserName: 'MiniBrowser', acceptInsecureCerts: insecureCerts }).build();
    await driver.manage().setTimeouts({ script: 60000, pageLoad: pageLoadMs });
    await driver.manage().window().setRect({ width: viewport.width, height: viewport.height + 38 });
  } catch (err) {
    await driver?.quit().catch(() => {});
    driverProcess.kill();
    throw err;
  }
  const errors = [];
  const evaluate = (fn, arg) => driver.executeScript(`return (${fn})(arguments[0]);`, arg);
  // harvest keeps the errors of the page before it is left.
  const harvest = async () => errors.push(...((await evaluate(() => window.__smokeErrors ?? []).catch(() => [])) ?? []));
  const loaded = () => evaluate(recordErrors);
  // load goes to url (or reloads the page, url null) and waits for the load event.
  // WebKitWebDriver gives up on a load after its page-load timeout (CI, once: a fresh
  // profile's first load, on a machine running three browser files) and stops it, which
  // leaves a page whose program never starts; so a load that timed out is printed and done
  // once more (a reload where the address is already url, since going to the same address
  // with a fragment would not load it) before the test fails.
  const load = async (url) => {
    const what = url ?? 'a reload';
    try {
      await (url ? driver.get(url) : driver.navigate().refresh());
    } catch (err) {
      if (err?.name !== 'TimeoutError') throw err;
      const [state, href] = await evaluate(() => [document.readyState, location.href]).catch((e) => [`no answer: ${e.name}`, null]);
      console.log(`# webkit: ${what} not loaded within ${pageLoadMs} ms (${state} at ${href ?? 'an address it did not give'}); loading it again`);
      await (url && href !== url ? driver.get(url) : driver.navigate().refresh());
    }
    await loaded();
  };
  const pointer = (p) => ({ x: Math.round(p.x), y: Math.round(p.y), origin: Origin.VIEWPORT });
  return {
    engine: 'webkit',
    async goto(url) {
      await harvest();
      await load(url);
    },
    async reload() {
      await harvest();
      await load(null);
    },
    url: () => driver.getCurrentUrl(),
    evaluate,
    click: (x, y) => driver.actions({ async: true }).move(pointer({ x, y })).click().perform(),
    async drag(points) {
      let a = driver.actions({ async: true }).move(pointer(points[0])).press();
      for (const p of points.slice(1)) a = a.move({ ...pointer(p), duration: 60 });
      await a.release().perform();
    },
    async screenshot(path) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(path, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    async errors() {
      const now = (await evaluate(() => window.__smokeErrors ?? []).catch(() => [])) ?? [];
      return [...errors, ...now];
    },
    async close() {
      await driver.quit().catch(() => {});
      driverProcess.kill();
      await exited;
    },
  };
}

const openers = { chromium: chromiumTab, firefox: firefoxTab, webkit: webkitTab };

// engines are the names openBrowser takes.
export const engines = Object.keys(openers);

// openBrowser starts engine in a fresh profile and returns its Tab. insecureCerts: accept
// the self-signed certificate of a test HTTPS server.
export function openBrowser(engine, { insecureCerts = false } = {}) {
  const open = openers[engine];
  if (!open) throw new Error(`unknown browser engine ${engine}: one of ${engines.join(', ')}`);
  return open({ insecureCerts });
}
