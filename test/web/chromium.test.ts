/**
 * Without Debian's chromium the browser tests are skipped with one line saying what to install (the
 * suite's global set-up installs it first when run as root); every other test still runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumPath, describeWithChromium, findChromium } from './browser.ts';
import { CHROMIUM_MISSING } from '../chromium.ts';

const PATH = process.env.PATH;
afterEach(() => {
  process.env.PATH = PATH;
});

describeWithChromium('chromium for the browser tests, when installed', () => {
  it('is found on PATH', () => {
    expect(chromiumPath()).toMatch(/chromium$/);
  });
});

describe('chromium for the browser tests, when missing', () => {
  it('is reported missing in one line, with the command that installs it', () => {
    process.env.PATH = '/nonexistent';
    expect(findChromium()).toBeUndefined();
    expect(() => chromiumPath()).toThrow(/chromium is not installed.*apt-get install -y chromium/);
    expect(CHROMIUM_MISSING).not.toContain('\n');
  });
});
