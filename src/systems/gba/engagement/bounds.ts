/**
 * Multi-bound odds for GBA (docs/situation.md "Several bounds"): the repeated-shock model's exact chain
 * for one unit a side (exact.ts), round by round, split by who routed. A GBA "bound" is a round of
 * repeated shock (docs/gba-engagement.md).
 */
import { z } from 'zod';
import { boundsRows, MAX_BOUNDS, type BoundsOdds, type BoundsRequest } from '../../../core/bounds.ts';
import { InputError } from '../../../core/errors.ts';
import { parseWith } from '../../../core/schema-issues.ts';
import type { Variant } from '../../../core/system.ts';
import type { GbaCharts } from '../charts.ts';
import type { GbaSituation } from '../situation.ts';
import { gbaEngagementExact } from './exact.ts';
import { gbaEngagementOptions } from './model.ts';
import { attackerOf } from './rounds.ts';

/** The options a multi-bound request may give (docs/gba-engagement.md "Options"). */
const optionsSchema = z
  .object({
    laterAttacker: z.enum(['same', 'alternate']).optional(),
    laterMoved: z.enum(['still', 'as-given', 'charge']).optional(),
  })
  .strict();

const ENDS = [
  { id: 'a-routs', label: 'A routs', side: 'a' },
  { id: 'b-routs', label: 'B routs', side: 'b' },
  { id: 'both-rout', label: 'both rout', side: 'both' },
] as const;

export function gbaBoundsOdds(
  input: Readonly<Record<string, unknown>>,
  variant: Variant,
  request: BoundsRequest,
): BoundsOdds {
  const n = request.bounds;
  if (!Number.isInteger(n) || n < 1 || n > MAX_BOUNDS)
    throw new InputError(`a whole number from 1 to ${MAX_BOUNDS}, not ${n}`, { path: ['bounds'] });
  let chosen: z.infer<typeof optionsSchema>;
  try {
    chosen = parseWith(optionsSchema, request.options ?? {});
  } catch (e) {
    throw e instanceof InputError ? e.within(['options']) : e;
  }
  const situation = variant.parseSituation(input) as GbaSituation;
  if (situation.mode !== 'shock')
    throw new InputError('multi-round odds repeat shock combat (GBA 9.1): mode must be shock', {
      path: ['mode'],
    });
  for (const side of ['a', 'b'] as const)
    if (situation[side].units.length !== 1)
      throw new InputError(
        `multi-round odds are exact for one unit a side; side ${side} has ${situation[side].units.length} (run an engagement study for groups: docs/gba-engagement.md)`,
        { path: [side, 'units'] },
      );
  const options = gbaEngagementOptions({ roundLimit: n, ...chosen });
  const charts = variant.spec.charts as GbaCharts | undefined;
  const exact = gbaEngagementExact(situation, options, ...(charts ? [charts] : []));
  let fighting = 1;
  const perBound = exact.endedBy.map((by) => {
    fighting -= by.aRouts + by.bRouts + by.mutual;
    return {
      ended: { 'a-routs': by.aRouts, 'b-routs': by.bRouts, 'both-rout': by.mutual },
      fighting: Math.max(0, fighting),
    };
  });
  const owners = perBound.map((_, i) => attackerOf(options, i + 1));
  return {
    model: 'repeated-shock',
    unit: 'round',
    bounds: n,
    first: 'a',
    ends: ENDS,
    ...boundsRows(ENDS, owners, perBound),
    options: { laterAttacker: options.laterAttacker, laterMoved: options.laterMoved },
    exact: "every round's shock enumerated exactly (GBA's own exact odds); probabilities are doubles",
    notes: [
      'Round 1 is the shock as given; each later round is the same shock with the hits carried over (docs/gba-engagement.md).',
      options.laterAttacker === 'same'
        ? 'Side a shocks every round; later attackers did not move (laterMoved still).'
        : `Sides shock in turn, a first; later attackers: laterMoved ${options.laterMoved}.`,
    ],
  };
}
