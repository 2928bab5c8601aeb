import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Installs chromium and a font when missing and run as root; else says the browser tests are skipped.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
