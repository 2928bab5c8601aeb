/**
 * Regression pin: the DBM engagement kernel's counts, recorded from the code before the rule-system
 * adapter (src/systems/<id>/engagement.ts) was introduced. DBM engagements must stay byte-identical.
 */
import { describe, expect, it } from 'vitest';
import { runEngagements } from '../../src/engagement/counts.ts';
import { config } from './helpers.ts';

const MIXED = [
  2000, 1132, 757, 96, 15, 4532, 17336, 27192, 624096, 4532, 0, 4996, 17014, 29506, 605708, 4996, 2633, 0,
  265, 430, 430, 339, 203, 117, 77, 47, 31, 19, 14, 13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 692, 4152,
  346, 556, 3336, 278, 10, 60, 5, 0, 0, 0, 1938, 11628, 969, 1336, 8016, 668, 506, 5060, 506, 884, 8840, 884,
  2424, 9696, 1212, 0, 0, 1946, 1182, 5910, 591, 0, 0, 687, 0, 0, 0,
];
const SWEEP = [
  2000, 2000, 0, 0, 0, 26, 52, 130, 1300, 26, 0, 5229, 14789, 10458, 59156, 5229, 0, 0, 1115, 665, 179, 35, 5,
  1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 26, 130, 13, 882, 1764,
  882, 1147, 2294, 1147, 1205, 2410, 1205, 1147, 2294, 1147, 848, 1696, 848, 0, 0, 0,
];

describe('DBM engagement counts are unchanged by the rule-system adapter (pinned, seed "pin", 2000 samples)', () => {
  it('mixed lines, DBM 3.2 defaults', () => {
    const c = config({
      a: '6 files of Reg Bd(O), 2 deep',
      b: {
        files: [
          ['Irr Kn(O)'],
          ['Irr Kn(O)'],
          ['Reg Pk(O)', 'Reg Pk(O)'],
          ['Reg Ps(O)'],
          ['Irr Wb(S)', 'Irr Wb(S)'],
          ['Reg LH(O)'],
          ['Irr Hd(O)'],
        ],
      },
      boundLimit: 12,
    });
    expect(Array.from(runEngagements(c, 'pin', 2000))).toEqual(MIXED);
  });

  it('DBM 3.0, sweep order, pursuit and fled counted as lost', () => {
    const c = config({
      rules: 'dbm-3.0',
      a: '5 files of Reg Sp(O), 2 deep',
      b: '6 files of Irr Ax(I)',
      boundLimit: 10,
      options: { combatOrder: 'sweep', optionalPursuit: 'pursue', fledLost: true },
    });
    expect(Array.from(runEngagements(c, 'pin', 2000))).toEqual(SWEEP);
  });
});
