/**
 * Debian's Chromium, driven by playwright-core. Never downloads a browser:
 * where none is installed, tests skip and say so.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where the browser is looked for; CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Logs, once per test file, why its browser tests are skipped. */
export function explainSkip(what: string): void {
  if (!hasChromium)
    console.log(`${what} skipped: no Chromium at ${CHROMIUM}; install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
}

/** Headless Chromium with background networking off, so nothing leaves the machine. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
}
