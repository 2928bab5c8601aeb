import { describe, expect, it } from 'vitest';
import bnb from '../../../src/systems/bnb/index.ts';
import { enumerate } from '../../../src/core/exact.ts';
import type { InputError } from '../../../src/core/errors.ts';
import { createRng } from '../../../src/core/rng.ts';
import { bnbIsRouted, bnbRoutingLevel } from '../../../src/systems/bnb/morale.ts';
import { checkSystemContract } from '../contract.ts';

describe('the Blood and Blades 0.7 system module', () => {
  it('meets the system contract', () => checkSystemContract(bnb as never));

  it('prices bases by Table 5.4 with options, and under replaced costs', () => {
    const v = bnb.variant({ version: 'bnb-0.7' });
    const cat = bnb.catalogue!;
    expect(v.cost!(cat.parse('Irr HCh(O)'))).toBe(13);
    expect(v.cost!(cat.parse('Irr HCh(O)'), ['cInC'])).toBe(23);
    expect(v.cost!(cat.parse('Irr Ps(O)'), ['mounted', 'specialSupport'])).toBe(4);
    // Mounted cavalry is not a base the rules allow: no cost rather than a wrong one.
    expect(v.cost!(cat.parse('Irr Cv(O)'), ['mounted'])).toBeUndefined();
    const house = bnb.variant({ version: 'bnb-0.7', costs: { 'Reg Bd(O)': 9 } });
    expect(house.cost!(cat.parse('Reg Bd(O)'))).toBe(9);
    expect(house.name).toBe('Blood and Blades 0.7 with house rules');
  });

  it('refuses rule switches and bad cost overrides with their paths', () => {
    const pathOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as InputError).path;
      }
      return undefined;
    };
    expect(pathOf(() => bnb.variant({ version: 'bnb-0.7', rules: { x: 1 } }))).toEqual(['rules']);
    expect(pathOf(() => bnb.variant({ version: 'bnb-0.7', costs: { 'Reg Kn(O)': 9 } }))).toEqual([
      'costs',
      'Reg Kn(O)',
    ]);
    expect(pathOf(() => bnb.variant({ version: 'bnb-0.6' }))).toEqual(['version']);
  });

  it('spent counts as half a loss in balance terms; the outcome list is worst first', () => {
    expect(bnb.outcomes.map((o) => [o.id, o.loss])).toEqual([
      ['destroyed', 1],
      ['spent', 0.5],
      ['flee', 0],
      ['recoil', 0],
      ['none', 0],
    ]);
  });

  it('through the module: the odds of Reg Bd(O) v Irr Cv(O) sum to the dice space', () => {
    const v = bnb.variant({ version: 'bnb-0.7' });
    const d = enumerate(
      v.ruleset,
      v.parseSituation({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Cv(O)' } }),
    );
    expect(d.space).toBe(36);
    const total = bnb.outcomes.reduce(
      (t, o) => t + (d.a as Record<string, { count: number }>)[o.id]!.count,
      0,
    );
    expect(total).toBe(36);
  });

  it('engagements rout a side by the army moral rule: losses level at a third of the reference level', () => {
    // B&B 0.7 ch.6 example: reference 124 routs at 41.33, so 41 PoC lost does not rout and 42 does.
    expect(bnbIsRouted(41, bnbRoutingLevel(124))).toBe(false);
    expect(bnbIsRouted(42, bnbRoutingLevel(124))).toBe(true);
    const v = bnb.variant({ version: 'bnb-0.7' });
    const model = bnb.engagement!;
    // 6 Reg Bd(O) (4 PoC each, reference 24): routed at 8 PoC, i.e. two bases destroyed or four spent.
    const config = model.configure({ a: '6 files of Reg Bd(O)', b: '6 files of Irr Wb(O)' }, v);
    const s = model.summarise(config, model.kernel(config, createRng(3, 0), 3000));
    expect(s.aWins.count + s.bWins.count + s.mutual.count + s.undecided.count).toBe(3000);
    const pocLost = s.losses.find((l) => /Points of Confidence/.test(l.label))!;
    // A broken side lost at least 8 PoC; a side's mean loss cannot exceed its whole reference level.
    expect(pocLost.a.mean).toBeGreaterThan(0);
    expect(pocLost.a.mean).toBeLessThanOrEqual(24);
    expect(s.undecided.p).toBeLessThan(0.05);
  });
});
