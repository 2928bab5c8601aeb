/** parseBnbSituation: plain objects in, validated BnbSituation out, InputError naming the field. */
import { describe, expect, it } from 'vitest';
import { parseBnbSituation } from '../../../src/systems/bnb/situation.ts';

const base = {
  rules: 'bnb-0.7',
  mode: 'close',
  bound: 'a',
  a: { element: 'Reg Bd(O)' },
  b: { element: 'Irr HCh(S)' },
};

function situationError(input: unknown): Error {
  try {
    parseBnbSituation(input);
  } catch (e) {
    return e as Error;
  }
  throw new Error('parsed');
}

describe('parseBnbSituation', () => {
  it('parses notation strings and fills every circumstance with its default', () => {
    const s = parseBnbSituation(base);
    expect(s.a.element).toEqual({ reg: 'Reg', type: 'Bd', grade: 'O' });
    expect(s.b).toMatchObject({
      going: 'good',
      weapon: 'bow',
      rear: [],
      overlaps: 0,
      flankAttacked: false,
      cohesion: false,
    });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
  it('parses rear ranks', () => {
    const s = parseBnbSituation({
      ...base,
      a: {
        element: 'Reg Sp(O)',
        rear: [{ element: 'Reg Sp(O)' }, { element: 'Reg Ps(O)', listPermitted: true }],
      },
    });
    expect(s.a.rear[1]).toEqual({ element: { reg: 'Reg', type: 'Ps', grade: 'O' }, listPermitted: true });
  });
  it('shooting: shooters default to the Bw side, raining to false', () => {
    const s = parseBnbSituation({
      ...base,
      mode: 'shooting',
      a: { element: 'Reg Cv(O)' },
      b: { element: 'Reg Bw(O)' },
    });
    expect(s.mode === 'shooting' && [s.shooters, s.raining]).toEqual(['b', false]);
    const both = parseBnbSituation({
      ...base,
      mode: 'shooting',
      a: { element: 'Reg Bw(O)' },
      b: { element: 'Irr Bw(O)' },
    });
    expect(both.mode === 'shooting' && both.shooters).toBe('both');
  });
  const errors: [string, unknown, RegExp][] = [
    [
      'a bad element',
      { ...base, a: { element: 'Reg Kn(O)' } },
      /^a\.element: "Kn" in "Reg Kn\(O\)" is not a B&B troop type/,
    ],
    [
      'a bad rear element',
      { ...base, a: { element: 'Reg Sp(O)', rear: [{ element: 'Reg Wb(O)' }] } },
      /^a\.rear\[0\]\.element: .*never regular/,
    ],
    [
      'three rear ranks',
      {
        ...base,
        a: {
          element: 'Reg Pk(I)',
          rear: [{ element: 'Reg Pk(I)' }, { element: 'Reg Pk(I)' }, { element: 'Reg Pk(I)' }],
        },
      },
      /^a\.rear: /,
    ],
    ['overlaps 3', { ...base, b: { element: 'Reg Cv(O)', overlaps: 3 } }, /^b\.overlaps: /],
    [
      'an unknown field',
      { ...base, a: { element: 'Reg Bd(O)', flank: true } },
      /^a\.flank: unknown key "flank"/,
    ],
    ['a bad mode', { ...base, mode: 'melee' }, /^mode: must be one of "close", "shooting"/],
    ['a bad going', { ...base, a: { element: 'Reg Bd(O)', going: 'swamp' } }, /^a\.going: /],
    ['another rule set', { ...base, rules: 'dbm-3.2' }, /^rules: /],
    ['a missing side', { rules: 'bnb-0.7', mode: 'close', bound: 'a', a: { element: 'Reg Bd(O)' } }, /^b: /],
    [
      'a shooter that is not Bw',
      { ...base, mode: 'shooting', shooters: 'a' },
      /^shooters: a is Bd, and only Bw shoot/,
    ],
    [
      'shooting with no Bw',
      { ...base, mode: 'shooting' },
      /^mode: shooting needs a shooter: neither side is Bw/,
    ],
    [
      'extra shooters for a non-shooter',
      { ...base, a: { element: 'Reg Bd(O)', extraShooters: 1 } },
      /^a\.extraShooters: /,
    ],
    [
      'overlapped Bg',
      { ...base, a: { element: 'Bg(O)', overlaps: 1 } },
      /^a\.overlaps: Bg can never be overlapped/,
    ],
    ['flank attacked Bg', { ...base, a: { element: 'Bg(O)', flankAttacked: true } }, /^a\.flankAttacked: /],
    [
      'a river edge with no wader',
      { ...base, a: { element: 'Reg Bd(O)', defendingRiverEdge: true } },
      /^a\.defendingRiverEdge: only against a wading opponent/,
    ],
    ['not an object', 42, /^expected object, found number 42$/],
  ];
  for (const [what, input, message] of errors) {
    it(`rejects ${what} with an InputError starting with the field path`, () => {
      const e = situationError(input);
      expect(e.name).toBe('InputError');
      expect(e.message).toMatch(message);
    });
  }
});
