/** Every bundled scenario loads and plans, and every bundled situation file gives odds (exit 0). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/pipeline/scenario.ts';
import { runMain } from '../cli/run-main.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const scenarios = readdirSync(join(ROOT, 'scenarios')).filter((f) => /\.ya?ml$/.test(f));
const situations = readdirSync(join(ROOT, 'scenarios', 'situations')).filter((f) =>
  /\.(ya?ml|json)$/.test(f),
);

describe('bundled scenarios and situations', () => {
  for (const f of scenarios)
    it(`scenarios/${f} loads and plans`, () => {
      const loaded = loadScenarioFile(join(ROOT, 'scenarios', f), {});
      expect(loaded.studies.length).toBeGreaterThan(0);
    });
  for (const f of situations)
    it(`scenarios/situations/${f} gives odds`, async () => {
      const r = await runMain(['odds', '--situation', join(ROOT, 'scenarios', 'situations', f), '--json']);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
    });
});
