/**
 * Debian's chromium for the browser tests, driven by playwright-core (never a downloaded browser). The
 * suite's global set-up (test/global-setup.ts) installs it when it is missing and the tests run as root,
 * as .ci/run does; otherwise the browser tests are skipped with one line saying what to install, and
 * every other test still runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What to do when there is no chromium, in one line. */
export const CHROMIUM_MISSING =
  "chromium is not installed: the browser tests drive Debian's chromium. Install it with " +
  '`apt-get update && apt-get install -y chromium` (never `npx playwright install`), or set CHROMIUM.';

/** Where chromium is ($CHROMIUM, else `which chromium`), or undefined. */
export function findChromium(): string | undefined {
  const fromEnv = process.env['CHROMIUM'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  try {
    return execFileSync('which', ['chromium'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** Where chromium is; a clear error when there is none. */
export function chromiumPath(): string {
  const fromEnv = process.env['CHROMIUM'];
  if (fromEnv && !existsSync(fromEnv))
    throw new Error(`CHROMIUM=${fromEnv} does not exist (apt-get install -y chromium)`);
  const found = findChromium();
  if (!found) throw new Error(CHROMIUM_MISSING);
  return found;
}

/** `describe` for tests that need chromium: skipped (with the set-up's one-line message) without it. */
export const describeWithChromium = describe.skipIf(findChromium() === undefined);

/** A headless chromium with its own profile folder; `options` are playwright's (viewport, downloads). */
export function launchChromium(
  profile: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}
