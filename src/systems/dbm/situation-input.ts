/**
 * The situation-file format for DBM (docs/situation.md): what `odds --situation`, scenario `odds`
 * studies and the web page read and write. Elements are written in the community notation; every
 * circumstance is optional and defaults to the plain case (good going, no support, no overlaps).
 * Pure: validates a plain object (parsed from YAML or JSON by the caller) into a DbmSituation.
 */
import { z } from 'zod/v4';
import { NotationError, formatElement, parseElement } from './notation.ts';
import {
  DEFAULT_SIDE,
  FORTIFICATIONS,
  GOINGS,
  PSILOI_WEAPONS,
  type DbmSide,
  type DbmSituation,
  type RearRank,
} from './situation.ts';
import { DBM_VERSION_IDS } from './versions.ts';

/** A bad field in a situation: `path` locates it, the message starts with it. */
export class SituationError extends Error {
  override readonly name = 'SituationError';
  constructor(
    readonly path: readonly (string | number)[],
    readonly detail: string,
  ) {
    super(`${formatPath(path)}: ${detail}`);
  }
}

export function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s === '' ? String(p) : `${s}.${p}`),
    '',
  );
}

const elementText = z.string().describe('An element in DBM notation, e.g. "Reg Bd(O)" or "Irr Kn(F)"');

const rearRankSchema = z.union([
  elementText,
  z
    .object({
      element: elementText,
      weapon: z.enum(PSILOI_WEAPONS).optional().describe('Psiloi only: their missile weapon'),
      listPermitted: z.boolean().optional().describe('The army list expressly permits this support'),
    })
    .strict(),
]);

const count = (max: number) => z.number().int().min(0).max(max);

export const dbmSideSchema = z
  .object({
    element: elementText,
    rear: z.array(rearRankSchema).max(3).optional().describe('2nd, 3rd and 4th ranks, front to back'),
    doubleBased: z.boolean().optional().describe('Front element and 2nd rank are one double element'),
    listGradeSupport: z.boolean().optional().describe('3.2: the list allows support by another grade'),
    general: z.boolean().optional().describe("General's element of an undemoralised command"),
    demoralised: z.boolean().optional(),
    overlaps: count(2).optional().describe('Flanks overlapped'),
    flankContacts: count(2).optional().describe('Enemy front edges in contact with a flank'),
    rearContact: z.boolean().optional(),
    going: z.enum(GOINGS as [string, ...string[]]).optional(),
    uphill: z.boolean().optional().describe('Upslope, on a raised tower, or defending a river bank'),
    fortification: z.enum(FORTIFICATIONS as [string, ...string[]]).optional(),
    assaultingFortification: z.boolean().optional(),
    crossingRiver: z.boolean().optional(),
    disadvantaged: z.boolean().optional().describe('By weather, or shooting to/from a wood'),
    movedIntoContact: z.boolean().optional(),
    aiders: count(2).optional().describe('Shooting: 2nd/3rd elements aiding this one'),
    chariots: z.boolean().optional(),
    disembarked: z.boolean().optional(),
    unladen: z.boolean().optional(),
    mobile: z.boolean().optional(),
  })
  .strict();

export const dbmSituationSchema = z
  .object({
    rules: z.enum(DBM_VERSION_IDS).optional().describe('Rule version; default dbm-3.2'),
    mode: z.enum(['close', 'shooting']).optional().describe('Close combat (default) or distant shooting'),
    bound: z.enum(['a', 'b']).optional().describe("Whose bound it is; default a's"),
    shooters: z.enum(['a', 'b', 'both']).optional().describe('Shooting: who shoots; default a'),
    a: dbmSideSchema,
    b: dbmSideSchema,
  })
  .strict();

export type DbmSituationInput = z.input<typeof dbmSituationSchema>;
type SideInput = z.output<typeof dbmSideSchema>;

/** Turn a zod issue into a SituationError naming the field. */
export function issueToError(
  issue: z.core.$ZodIssue,
  prefix: readonly (string | number)[] = [],
): SituationError {
  const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return new SituationError(path, `unknown key ${keys}`);
  }
  if (issue.code === 'invalid_value') {
    return new SituationError(
      path,
      `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
    );
  }
  return new SituationError(path, issue.message.replace(/^Invalid input: /, ''));
}

function element(text: string, path: readonly (string | number)[]) {
  try {
    return parseElement(text);
  } catch (e) {
    if (e instanceof NotationError) throw new SituationError(path, e.message);
    throw e;
  }
}

function toSide(input: SideInput, path: readonly (string | number)[]): DbmSide {
  const rear: RearRank[] = (input.rear ?? []).map((r, i) => {
    if (typeof r === 'string') return { element: element(r, [...path, 'rear', i]) };
    const rank: RearRank = { element: element(r.element, [...path, 'rear', i, 'element']) };
    return {
      ...rank,
      ...(r.weapon !== undefined ? { weapon: r.weapon } : {}),
      ...(r.listPermitted !== undefined ? { listPermitted: r.listPermitted } : {}),
    };
  });
  const { element: el, rear: _rear, ...rest } = input;
  const side = {
    ...DEFAULT_SIDE,
    ...(rest as Partial<DbmSide>),
    rear,
    element: element(el, [...path, 'element']),
  };
  if (side.overlaps + side.flankContacts > 2)
    throw new SituationError(
      [...path, 'flankContacts'],
      'overlaps plus flank contacts cannot exceed 2 (one per flank)',
    );
  return side;
}

/** Validate a situation-file object. Throws SituationError naming the bad field. */
export function parseDbmSituation(input: unknown, prefix: readonly (string | number)[] = []): DbmSituation {
  const r = dbmSituationSchema.safeParse(input);
  if (!r.success) throw issueToError(r.error.issues[0] as z.core.$ZodIssue, prefix);
  const s = r.data;
  return {
    rules: s.rules ?? 'dbm-3.2',
    mode: s.mode ?? 'close',
    bound: s.bound ?? 'a',
    shooters: s.shooters ?? 'a',
    a: toSide(s.a, [...prefix, 'a']),
    b: toSide(s.b, [...prefix, 'b']),
  };
}

/** The minimal situation-file object for a situation: defaults left out, elements in notation. */
export function situationToInput(s: DbmSituation): DbmSituationInput {
  const sideInput = (side: DbmSide) => {
    const out: Record<string, unknown> = { element: formatElement(side.element) };
    if (side.rear.length > 0)
      out.rear = side.rear.map((r) =>
        r.weapon === undefined && r.listPermitted === undefined
          ? formatElement(r.element)
          : { ...r, element: formatElement(r.element) },
      );
    for (const [k, v] of Object.entries(side)) {
      if (k === 'element' || k === 'rear') continue;
      if (v !== (DEFAULT_SIDE as unknown as Record<string, unknown>)[k]) out[k] = v;
    }
    return out as SideInput;
  };
  const out: Record<string, unknown> = { rules: s.rules, mode: s.mode };
  if (s.bound !== 'a') out.bound = s.bound;
  if (s.mode === 'shooting' && s.shooters !== 'a') out.shooters = s.shooters;
  out.a = sideInput(s.a);
  out.b = sideInput(s.b);
  return out as DbmSituationInput;
}
