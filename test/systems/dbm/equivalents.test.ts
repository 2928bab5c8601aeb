/** DBM 3.2 p.24 Losses: element equivalents; p.21 who counts as an overlap. */
import { describe, expect, it } from 'vitest';
import { countsAsOverlapFor, elementEquivalents } from '../../../src/systems/dbm/equivalents.ts';
import { parseElement as el } from '../../../src/systems/dbm/notation.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';

const v32 = DBM_VERSIONS['dbm-3.2'];
const v30 = DBM_VERSIONS['dbm-3.0'];

describe('element equivalents (DBM 3.2 p.24 Losses)', () => {
  it.each([
    ['Reg Bd(O)', 1],
    ['Irr Kn(S)', 1],
    ['Reg WWg(I)', 3],
    ['Reg Ps(O)', 0.5],
    ['Irr Hd(O)', 0.5],
    ['Irr Hd(S)', 0.5],
    ['Irr Hd(I)', 0],
    ['Irr Exp(O)', 0],
    ['Reg Bts(F)', 0.5],
    ['Irr Ax(I)', 0.5],
    ['Reg Ax(I)', 1],
    ['Irr Bg(O)', 0],
  ])('%s counts %d in 3.2', (text, ee) => {
    expect(elementEquivalents(el(text), v32)).toBe(ee);
  });

  it('irregular Ax(I) count a whole element equivalent in 3.0 (end note lxxiv)', () => {
    expect(elementEquivalents(el('Irr Ax(I)'), v30)).toBe(1);
  });
});

describe('overlaps (DBM 3.2 p.21)', () => {
  it('elephants do not overlap for friendly knights, but do for elephants and foot', () => {
    expect(countsAsOverlapFor(el('Irr El(O)'), el('Irr Kn(O)'))).toBe(false);
    expect(countsAsOverlapFor(el('Irr El(O)'), el('Irr El(O)'))).toBe(true);
    expect(countsAsOverlapFor(el('Irr El(O)'), el('Reg Bd(O)'))).toBe(true);
  });
  it('nothing overlaps for friendly expendables', () => {
    expect(countsAsOverlapFor(el('Reg Bd(O)'), el('Irr Exp(O)'))).toBe(false);
  });
});
