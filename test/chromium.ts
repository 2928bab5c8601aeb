/**
 * Debian's chromium for the browser tests, driven by playwright-core (never a downloaded browser). A
 * missing chromium fails the tests with the command that installs it: they are never skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Where chromium is: $CHROMIUM, else `which chromium`; a clear error when there is none. */
export function chromiumPath(): string {
  const fromEnv = process.env['CHROMIUM'];
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`CHROMIUM=${fromEnv} does not exist (apt-get install -y chromium)`);
    return fromEnv;
  }
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      "chromium is not installed: the browser tests drive Debian's chromium. Install it with " +
        '`apt-get update && apt-get install -y chromium` (never `npx playwright install`), or set CHROMIUM.',
    );
  }
}

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
