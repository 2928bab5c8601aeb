/** Without Debian's chromium the browser tests fail with a clear message: they are never skipped. */
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumPath } from './browser.ts';

const PATH = process.env.PATH;
afterEach(() => {
  process.env.PATH = PATH;
});

describe('chromium for the browser tests', () => {
  it('is found on PATH when installed', () => {
    expect(chromiumPath()).toMatch(/chromium$/);
  });

  it('is reported missing with the command that installs it', () => {
    process.env.PATH = '/nonexistent';
    expect(() => chromiumPath()).toThrow(/chromium is not installed.*apt-get install -y chromium/);
  });
});
