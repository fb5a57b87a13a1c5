// Launching Debian's Chromium through playwright-core, never a downloaded browser.
import { chromium } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

export const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// launch opens a persistent context on a fresh temporary profile. Its close() also removes the
// profile directory.
export async function launch(options = {}) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'plyground-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args,
    headless: true,
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    await rm(userDataDir, { recursive: true, force: true });
  };
  return context;
}
