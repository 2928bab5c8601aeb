/**
 * The decisions-only kernel a balance study uses draws the same random numbers as the full kernel, so it
 * gives exactly the decisions the full kernel's counts hold.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import type { AnySystem } from '../../../src/core/system.ts';
import { systemOfRules } from '../../../src/systems/registry.ts';

const cases: [string, Record<string, unknown>][] = [
  ['dbm-3.2', { a: '6 files of Reg Sp(O), 2 deep', b: '8 files of Irr Kn(O)', first: 'alternate' }],
  ['dba-3.0', { a: '8 files of 4Bd', b: '8 files of 3Kn' }],
  ['bnb-0.7', { a: '6 files of Reg Bd(O)', b: '8 files of Irr Wb(O)' }],
];

describe('decisions-only engagements', () => {
  for (const [rules, block] of cases)
    it(`${rules}: ${block.a} v ${block.b}`, () => {
      const system = systemOfRules(rules) as AnySystem;
      const model = system.engagement!;
      const config = model.configure(block, system.variant({ version: rules }));
      const full = model.decisions(config, model.kernel(config, createRng('decide', 3), 400));
      const fast = model.decide!(config, createRng('decide', 3), 400);
      expect(fast).toEqual(full);
      expect(fast[1]! + fast[2]! + fast[3]! + fast[4]!).toBe(400);
    });
});
