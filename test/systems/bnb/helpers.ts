/** Builders shared by the B&B tests. */
import { parseBnbElement } from '../../../src/systems/bnb/notation.ts';
import {
  bnbSide,
  type BnbCloseSituation,
  type BnbShootingSituation,
  type BnbSide,
} from '../../../src/systems/bnb/situation.ts';
import { bnbViews, type View } from '../../../src/systems/bnb/view.ts';

export const el = parseBnbElement;

type SideSpec = string | BnbSide;
const sideOf = (x: SideSpec, changes: Partial<Omit<BnbSide, 'element'>> = {}): BnbSide =>
  typeof x === 'string' ? bnbSide(el(x), changes) : { ...x, ...changes };

/** A close combat of a against b, in a's bound unless told. */
export function close(a: SideSpec, b: SideSpec, bound: 'a' | 'b' = 'a'): BnbCloseSituation {
  return { rules: 'bnb-0.7', mode: 'close', bound, a: sideOf(a), b: sideOf(b) };
}

/** a shoots at b (both shoot if `both`), in a's bound. */
export function shot(
  a: SideSpec,
  b: SideSpec,
  opts: { both?: boolean; raining?: boolean } = {},
): BnbShootingSituation {
  return {
    rules: 'bnb-0.7',
    mode: 'shooting',
    bound: 'a',
    shooters: opts.both ? 'both' : 'a',
    raining: opts.raining ?? false,
    a: sideOf(a),
    b: sideOf(b),
  };
}

export const side = (element: string, changes: Partial<Omit<BnbSide, 'element'>> = {}): BnbSide =>
  sideOf(element, changes);

/** A's view (self = a) and B's view. */
export const viewA = (s: BnbCloseSituation | BnbShootingSituation): View => bnbViews(s)[0];
export const viewB = (s: BnbCloseSituation | BnbShootingSituation): View => bnbViews(s)[1];
