/**
 * What the page needs from one rule system. The page itself never sees a rule set's situation type: it
 * holds situation-file objects (plain JSON, the format `debellator odds --situation` reads) and hands
 * them to the rule set's module to validate, report and edit. Adding a rule set = one module + one line
 * in rulesets/index.ts.
 */
import type { BoundsOdds } from '../../core/bounds.ts';
import type { OddsReport } from '../../engine/odds.ts';

/** A situation-file object: plain JSON. */
export type SituationInput = Readonly<Record<string, unknown>>;

export interface OutcomeView {
  /** The outcome id used in reports, e.g. "recoil". */
  readonly id: string;
  /** What happens to a side, e.g. "recoils". */
  readonly label: string;
  /** The cumulative view for this outcome and every worse one, e.g. "recoils or worse"; omitted when
   *  the cumulative view adds nothing (the worst outcome, or "no effect"). */
  readonly atLeast?: string;
  /** Bar colour. */
  readonly color: string;
  /** False for the "nothing happens" outcome. */
  readonly effect: boolean;
}

export interface WebRuleSet {
  readonly id: string;
  readonly name: string;
  /** Rule versions; the id is the situation file's `rules` value. */
  readonly versions: readonly { readonly id: string; readonly name: string }[];
  /** Every outcome in the rule set's order, worst first. */
  readonly outcomes: readonly OutcomeView[];
  /**
   * Every element of the rule set's catalogue in its notation, with its troop type, and the types with
   * their names (for one element against many); empty for a system whose sides are units (GBA).
   */
  readonly elements: readonly { readonly notation: string; readonly type: string }[];
  readonly types: readonly { readonly id: string; readonly name: string }[];
  defaultInput(version: string): SituationInput;
  /** The version a situation is written for. */
  versionOf(input: SituationInput): string;
  withVersion(input: SituationInput, version: string): SituationInput;
  /** Validate any object (from a link or an imported file) into this rule set's minimal form.
   *  Throws an Error whose message names the bad field. */
  normalise(input: unknown): SituationInput;
  /**
   * A matchup in words: its version and combat ("DBM 3.2 close combat, A's bound") and the circumstances
   * it sets ("A's general", "B's overlaps (1)"), for the copied line, the what-if lines and file names.
   */
  describe(input: SituationInput): { readonly title: string; readonly circumstances: readonly string[] };
  /** The exact odds, the object `debellator odds --json` prints. Throws like normalise. */
  report(input: SituationInput): OddsReport;
  /** Multi-bound odds (`odds --bounds N`), where the system's engagement model has them. Throws like normalise. */
  readonly bounds?: (input: SituationInput, bounds: number) => BoundsOdds;
  /** What a step of that fight is called ("bound", GBA "round"). */
  readonly boundsUnit?: () => 'bound' | 'round';
  /** Draw the form editing `input` into `host` (replacing its content); `onChange` gets each edit, with a
   *  note when the rule set's parser reset or refused part of it (see settle.ts). */
  renderForm(
    host: HTMLElement,
    input: SituationInput,
    onChange: (next: SituationInput, note?: string) => void,
  ): void;
  /**
   * An edit of `input` into `next`, as the form makes it: settled by the parser (settle.ts), a field it
   * refuses reset with a note in the user's words, or refused (no `input`).
   */
  edit(
    input: SituationInput,
    next: SituationInput,
  ): { readonly input?: SituationInput; readonly note?: string };
  /** Whether the rules allow a combat-wide choice (`mode: shooting`) for this situation. */
  allows(input: SituationInput, key: string, value: string): boolean;
  /**
   * A and B exchanged, with all their inputs and the choices naming a side (bound, shooters), as the
   * parser settles it; `input` is absent when the rules refuse the swapped situation (note says why).
   */
  swap(input: SituationInput): { readonly input?: SituationInput; readonly note?: string };
}
