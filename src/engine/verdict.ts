/**
 * One line in plain words for an odds report, for the command line's first line and the web page:
 * "Reg Bd(O) destroys Irr Kn(S) 3%, is destroyed 42%; Irr Kn(S) recoils 25%". Side A is the subject:
 * what A does to B (B's worst outcome), then every outcome A can suffer, then B's other outcomes; an
 * outcome that cannot happen is left out (A's worst is always said, 0% included).
 */
/** What the verdict reads of a report (an OddsReport has it): each side's name and outcome counts. */
interface VerdictSide {
  readonly element: string;
  readonly outcomes: Readonly<Record<string, { readonly count: number; readonly of: number } | undefined>>;
}
interface VerdictInput {
  readonly a: VerdictSide;
  readonly b: VerdictSide;
}

/** What the verdict needs of an outcome (core/system.ts OutcomeInfo has it). */
export interface VerdictOutcome {
  readonly id: string;
  /** What happens to a side: "destroyed", "recoils", "3 hits". */
  readonly label: string;
  /** False for the "nothing happens" outcome. */
  readonly effect: boolean;
}

/** What one side does to the other, by the other's outcome id. */
const INFLICTS: Readonly<Record<string, string>> = { destroyed: 'destroys', rout: 'routs' };
/** What happens to a side, by its outcome id, where its label is not already a verb. */
const SUFFERS: Readonly<Record<string, string>> = {
  destroyed: 'is destroyed',
  rout: 'is routed',
  spent: 'is spent',
};

/** "42%", "<1%" for a chance that is not nil but rounds to it, ">99%" likewise. */
export function roundPercent(p: number): string {
  if (p > 0 && p < 0.005) return '<1%';
  if (p < 1 && p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

const chance = (side: VerdictSide, id: string): number => {
  const t = side.outcomes[id];
  return t && t.of > 0 ? t.count / t.of : 0;
};

/** A side's own outcome as a verb phrase: "recoils", "is destroyed", "takes 3 hits". */
export function suffers(o: VerdictOutcome): string {
  return SUFFERS[o.id] ?? (/^\d+ hits?$/.test(o.label) ? `takes ${o.label}` : o.label);
}

/** The verdict line for a report; `outcomes` in the rule set's order, worst first. */
export function verdict(report: VerdictInput, outcomes: readonly VerdictOutcome[]): string {
  const [worst] = outcomes;
  if (!worst) return '';
  const same = report.a.element === report.b.element;
  const a = same ? `A ${report.a.element}` : report.a.element;
  const b = same ? `B ${report.b.element}` : report.b.element;
  const effects = outcomes.filter((o) => o.effect);
  const inflict = INFLICTS[worst.id] ? `${INFLICTS[worst.id]} ${b}` : `leaves ${b} ${worst.label}`;
  const own = effects
    .filter((o) => o === worst || chance(report.a, o.id) > 0)
    .map((o) => `${suffers(o)} ${roundPercent(chance(report.a, o.id))}`);
  const theirs = effects
    .filter((o) => o !== worst && chance(report.b, o.id) > 0)
    .map((o) => `${suffers(o)} ${roundPercent(chance(report.b, o.id))}`);
  const first = `${a} ${inflict} ${roundPercent(chance(report.b, worst.id))}, ${list(own)}`;
  return theirs.length > 0 ? `${first}; ${b} ${list(theirs)}` : first;
}

/** Phrases joined with commas, a verb said once for a run ("takes 3 hits 11%, 2 hits 78%"). */
function list(phrases: readonly string[]): string {
  return phrases
    .map((p, i) => {
      const verb = p.split(' ')[0];
      return i > 0 && verb === 'takes' && phrases[i - 1]!.startsWith('takes ') ? p.slice(6) : p;
    })
    .join(', ');
}
