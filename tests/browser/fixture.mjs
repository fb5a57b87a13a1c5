// The set-up every browser test file shares: the host program (server.mjs) started before a
// suite's tests and stopped after them, Debian's Chromium in fresh profiles (chromium.mjs),
// the pages' errors collected, and pages opened once the live go-app program has drawn.
//
// A test file calls fixture() inside its describe(), before its own before() hooks (node:test
// runs the hooks in the order they are declared, so a suite's own set-up finds the server and
// the context started, and its own after() hooks run once they are closed):
//
//	describe('game screen', () => {
//	  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
//	  // each test: const page = await fx.open('/play', { selector: playReady }); ...
//	  // and at its end (or in a last test) it judges fx.errors, which should be [].
//	});
//
// The errors are collected here but judged by the test files, where they always were.
import { after, before } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { launch } from './chromium.mjs';
import { outDir, root, startServer } from './server.mjs';

// The lower layers, for the suites that start a server or a browser of their own as well.
export { launch, outDir, root, startServer };

// live is the shell once the running program (not the server's prerendered HTML) has drawn it.
export const live = '.shell[data-live="true"]';
// liveMain is a drawn page of any kind.
export const liveMain = `${live} main`;
// playReady is a drawn game screen whose board has its squares.
export const playReady = `${live} .play .board [data-square]`;
// savedReady is a drawn saved-games screen.
export const savedReady = `${live} .saved-page`;
// analysisReady is a drawn analysis board whose board has its squares.
export const analysisReady = `${live} .analysis .board [data-square]`;

// newDocument opens url as a new document, through about:blank: a url that differs from the
// page's only in its fragment would keep the document, and what the page showed before would
// still be there until go-app draws the new one.
export async function newDocument(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
}

// gotoFragment opens url, an address that differs from the page's only in its fragment (the
// page stays the same document, and shows what it drew before until go-app draws it again),
// and waits until the page has drawn what the navigation changed: the shell's navigation
// count (data-nav, drawn by shell.NavCount after the page's OnNav) grows past its value
// before. An address of another document would start a new count, so it is refused here.
export async function gotoFragment(page, url) {
  if (!sameDocument(page, url)) {
    throw new Error(`gotoFragment: ${url} is another document than ${page.url()} (use page.goto)`);
  }
  const count = `${live} [data-nav]`;
  const before = Number(await page.getAttribute(count, 'data-nav'));
  await page.goto(url);
  await page.waitForFunction(([sel, n]) => {
    const el = document.querySelector(sel);
    return el !== null && Number(el.dataset.nav) > n;
  }, [count, before]);
}

// sameDocument reports whether url differs from the page's address only in its fragment, so
// that opening it keeps the document.
function sameDocument(page, url) {
  const from = new URL(page.url());
  const to = new URL(url);
  return from.origin + from.pathname + from.search === to.origin + to.pathname + to.search;
}

// navigate opens url whichever document the page holds: an address of the same document
// through gotoFragment (which waits for the page to draw the navigation), another one through
// page.goto (a new document, whose selectors cannot match what the page showed before).
export async function navigate(page, url) {
  if (sameDocument(page, url)) {
    await gotoFragment(page, url);
  } else {
    await page.goto(url);
  }
}

// drawn waits until the page has drawn what its last event changed: go-app draws on its next
// frame, a timer of about 8 ms after the event's handler, so three animation frames are
// plenty (or 200 ms, in a browser that holds back its window's frames). It is for the checks
// that something did not change (nothing selected, no premove), for which no new state can be
// waited for; a change is waited for by its own selector. page is a Playwright page or a
// smoke-test tab of another browser (browsers.mjs): anything with evaluate(fn, arg).
export async function drawn(page, frames = 3) {
  await page.evaluate((n) => new Promise((resolve) => {
    const step = () => (n-- > 0 ? requestAnimationFrame(step) : resolve(true));
    step();
    setTimeout(() => resolve(true), 200);
  }), frames);
}

// watch collects the page's uncaught exceptions and console errors into errors, and returns
// the page.
export function watch(page, errors) {
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return page;
}

// openPage loads url in a new page of ctx, watched into errors, and waits up to 30 s until
// selector (a drawn page by default) is there. Options: viewport, the page's size; dice, the
// rolls the page's dice give first (the test hook of app/view/hooks.go); setup(page),
// anything else to do before the page loads.
export async function openPage(ctx, url, { selector = liveMain, errors = [], viewport, dice, setup } = {}) {
  const page = watch(await ctx.newPage(), errors);
  if (viewport) await page.setViewportSize(viewport);
  if (dice) {
    await page.addInitScript((rolls) => {
      window.__plygroundTestDice = rolls;
    }, dice);
  }
  if (setup) await setup(page);
  await page.goto(url);
  await page.waitForSelector(selector, { timeout: 30000 });
  return page;
}

// fixture declares the suite's hooks and returns its fixture. Before the tests it makes
// tests/browser/out/, starts bin/pwa (with the test hooks) and, when shared, launches the
// shared browser context; after them it closes every context it launched and stops the
// server. launch holds the options of every context it launches (playwright's
// launchPersistentContext options: reducedMotion, viewport, colorScheme, ...).
//
// The fixture's members:
//
//	server, url     the host program ({ url, stop, output }) and its address;
//	context         the shared browser context (undefined when not shared);
//	errors          the errors of every page the fixture opened or watched;
//	fresh(options)  a new context on a fresh profile, with launch and options, closed after;
//	page(ctx)       a new page of ctx (the shared context by default), watched;
//	open(target, o) a new watched page at target (a path of the server, or a whole URL), as
//	                openPage opens it; o.context is its context (the shared one by default).
export function fixture({ launch: launchOptions = {}, shared = true } = {}) {
  let server;
  let context;
  const contexts = [];
  const errors = [];

  async function fresh(options = {}) {
    const c = await launch({ ...launchOptions, ...options });
    contexts.push(c);
    return c;
  }

  before(async () => {
    await mkdir(outDir, { recursive: true });
    server = await startServer();
    if (shared) context = await fresh();
  });

  after(async () => {
    for (const c of contexts.splice(0)) await c.close();
    await server?.stop();
  });

  async function page(ctx = context) {
    return watch(await ctx.newPage(), errors);
  }

  // open is openPage in the context (the shared one by default), into the fixture's errors;
  // target is a path of the server, or a whole URL.
  function open(target, { context: ctx = context, ...options } = {}) {
    return openPage(ctx, target.startsWith('/') ? server.url + target : target, { errors, ...options });
  }

  return {
    get server() {
      return server;
    },
    get url() {
      return server.url;
    },
    get context() {
      return context;
    },
    errors,
    fresh,
    page,
    open,
  };
}
