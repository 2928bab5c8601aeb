/**
 * One element against many (a row of a matrix study) for the page: the situation being edited with B's
 * element replaced by each opponent in turn, B's other circumstances kept where the rules allow them,
 * each resolved exactly. Pure and DOM-free, so it runs in the page's worker (worker.ts).
 */
import type { SituationInput, WebRuleSet } from '../rulesets/types.ts';

/** An outcome's exact count out of every roll. */
export interface Count {
  readonly count: number;
  readonly of: number;
}

export interface MatrixRowCell {
  readonly opponent: string;
  /** Per side, per outcome id; absent when the rules refuse the matchup. */
  readonly a?: Readonly<Record<string, Count>>;
  readonly b?: Readonly<Record<string, Count>>;
  /** A circumstance of B the rules do not allow this opponent, reset to its default (why). */
  readonly note?: string;
  /** Why the rules refuse this matchup. */
  readonly refused?: string;
}

/** A request to the worker: the rule set, the situation, the opponents; `id` matches replies. */
export interface MatrixRowRequest {
  readonly id: number;
  readonly ruleSet: string;
  readonly input: SituationInput;
  readonly opponents: readonly string[];
}

/** A reply: the cells done since the last one; `done` with the last. */
export interface MatrixRowReply {
  readonly id: number;
  readonly cells: readonly MatrixRowCell[];
  readonly done: boolean;
}

const counts = (outcomes: Readonly<Record<string, { count: number; of: number }>>) =>
  Object.fromEntries(Object.entries(outcomes).map(([k, t]) => [k, { count: t.count, of: t.of }]));

/** The situation against one opponent, resolved. */
export function matrixCell(rs: WebRuleSet, input: SituationInput, opponent: string): MatrixRowCell {
  const b = (input.b ?? {}) as Record<string, unknown>;
  const next = { ...input, b: { ...b, element: opponent } };
  const settled = rs.edit(input, next);
  if (!settled.input) return { opponent, refused: (settled.note ?? '').replace(/^Not allowed: /, '') };
  try {
    const r = rs.report(settled.input);
    return {
      opponent,
      a: counts(r.a.outcomes),
      b: counts(r.b.outcomes),
      ...(settled.note ? { note: settled.note.replace(/^Reset to default: /, '') } : {}),
    };
  } catch (e) {
    return { opponent, refused: (e as Error).message };
  }
}

/** The opponents of a selection: every element of one troop type, or all ("all"). */
export function opponentsOf(rs: WebRuleSet, selection: string): string[] {
  return rs.elements.filter((e) => selection === 'all' || e.type === selection).map((e) => e.notation);
}
