/** The players' decisions of the line model, each alone (src/engine/lines/decide.ts). */
import { describe, expect, it } from 'vitest';
import {
  canAvoid,
  chooseFlank,
  closesOrShoots,
  CLOSES,
  intentBits,
  pickTarget,
  SHOOTS,
  wantsToFight,
  type SideOutlook,
} from '../../../src/engine/lines/decide.ts';

const side = (o: Partial<SideOutlook>): SideOutlook => ({
  value: 0,
  move: 100,
  mayContact: true,
  shootEdge: 0,
  ...o,
});

describe('closing or not', () => {
  it('a side wants a fight it expects to come out of no worse (a refused fight is a draw)', () => {
    expect(wantsToFight(side({ value: 0 }))).toBe(true);
    expect(wantsToFight(side({ value: 0.01 }))).toBe(true);
    expect(wantsToFight(side({ value: -0.01 }))).toBe(false);
  });

  it('it can avoid contact when strictly faster, or when the enemy may not contact it', () => {
    expect(canAvoid(side({ move: 200 }), side({ move: 150 }))).toBe(true);
    expect(canAvoid(side({ move: 150 }), side({ move: 150 }))).toBe(false);
    expect(canAvoid(side({ move: 100 }), side({ move: 150, mayContact: false }))).toBe(true);
  });

  it('a mirror: both close', () => {
    expect(closesOrShoots(side({}), side({}))).toEqual([
      { closes: true, shoots: false },
      { closes: true, shoots: false },
    ]);
  });

  it('knights facing war wagons: the knights expect the worse and the wagons may not charge: refused', () => {
    const kn = side({ value: -0.5, move: 150 });
    const wwg = side({ value: 0.5, move: 100, mayContact: false });
    expect(closesOrShoots(kn, wwg)).toEqual([
      { closes: false, shoots: false },
      { closes: false, shoots: false },
    ]);
  });

  it('mounted facing elephants: faster cavalry keep away; knights, no faster, stand and are charged', () => {
    const el = side({ value: 1, move: 150 });
    expect(closesOrShoots(side({ value: -1, move: 200 }), el)[1].closes).toBe(false);
    expect(closesOrShoots(side({ value: -1, move: 150 }), el)).toEqual([
      { closes: false, shoots: false },
      { closes: true, shoots: false },
    ]);
  });

  it('bowmen facing mounted: bowmen may not charge; the mounted charge if they expect to win, else refuse', () => {
    const bw = side({ value: 0.3, move: 100, mayContact: false, shootEdge: 0.4 });
    // The mounted are faster: they keep out of the bowmen's range too.
    expect(closesOrShoots(bw, side({ value: -0.3, move: 200 }))).toEqual([
      { closes: false, shoots: false },
      { closes: false, shoots: false },
    ]);
    expect(closesOrShoots(bw, side({ value: 0.1, move: 200 }))).toEqual([
      { closes: false, shoots: true },
      { closes: true, shoots: false },
    ]);
  });

  it('light horse against foot: the light horse, faster, refuse a fight they expect to lose', () => {
    const foot = side({ value: 0.4, move: 100 });
    expect(closesOrShoots(side({ value: -0.4, move: 250 }), foot)).toEqual([
      { closes: false, shoots: false },
      { closes: false, shoots: false },
    ]);
    // Against foot they beat, they come on.
    expect(closesOrShoots(side({ value: 0.4, move: 250 }), side({ value: -0.4 }))[0].closes).toBe(true);
  });

  it('a slower side that out-shoots comes into range and shoots even when it will not close', () => {
    expect(
      closesOrShoots(side({ value: -0.2, shootEdge: 0.3 }), side({ value: -0.1, move: 100 }))[0],
    ).toEqual({ closes: false, shoots: true });
  });
});

describe('intents as bits (what the kernel reads)', () => {
  it('carry A in bits 0-1 and B in bits 2-3, each CLOSES | SHOOTS', () => {
    expect(intentBits(side({}), side({}))).toBe(CLOSES | (CLOSES << 2));
    const bw = side({ value: -0.3, move: 100, mayContact: false, shootEdge: 0.4 });
    const kn = side({ value: -0.2, move: 100 });
    expect(closesOrShoots(bw, kn)).toEqual([
      { closes: false, shoots: true },
      { closes: false, shoots: false },
    ]);
    expect(intentBits(bw, kn)).toBe(SHOOTS);
  });
});

describe('targets and flanks', () => {
  it('a shooter takes the enemy in front, else the left one, else the right one', () => {
    expect(pickTarget(true, true, true, 4)).toBe(4);
    expect(pickTarget(false, true, true, 4)).toBe(3);
    expect(pickTarget(false, false, true, 4)).toBe(5);
    expect(pickTarget(false, false, false, 4)).toBe(-1);
  });

  it('a free file takes the flank where its friend fares better, the left one when equal', () => {
    expect(chooseFlank(0.1, 0.3)).toBe(1);
    expect(chooseFlank(0.3, 0.1)).toBe(-1);
    expect(chooseFlank(0.2, 0.2)).toBe(-1);
    expect(chooseFlank(undefined, 0)).toBe(1);
    expect(chooseFlank(0, undefined)).toBe(-1);
  });
});
