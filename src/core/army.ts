/**
 * Armies as plain data (docs/armies.md "The API"): what a rule system with army files gives a battle
 * engine. An army file (YAML or JSON, parsed by the caller) is fitted to a points budget under a variant;
 * the result names every element in the system's canonical notation with its cost and element
 * equivalents, and where each command deploys. Everything here is JSON-serialisable; the builder is
 * `ArmyBuilder` in system.ts.
 */
/** Where a command stands across the table (p.12 deployment: its own sector of the line). */
export type ArmyWing = 'left' | 'centre' | 'right';
/** Which line troops stand in within their command: the front line, a second line, or a reserve. */
export type ArmyLine = 'front' | 'second' | 'reserve';
/** A general's standing: the C-in-C, a sub-general, or an allied general. */
export type ArmyGeneralRole = 'c-in-c' | 'sub-general' | 'ally';

/** Cost options an element of an army may carry (the system's catalogue.costOptions ids). */
export type ArmyCostOptions = readonly string[];

/** One group of like elements of a command in one line. */
export interface ArmyTroops {
  /** Canonical notation, e.g. "Reg Bd(O)". */
  readonly element: string;
  readonly count: number;
  readonly line: ArmyLine;
  /** AP of one element, cost options included. */
  readonly ap: number;
  /** Element equivalents of one element (for demoralisation). */
  readonly equivalents: number;
  /** Cost options applied, e.g. ["chariots"]. */
  readonly options: ArmyCostOptions;
  /** Whether the file let this group's count grow or shrink to fit the budget. */
  readonly fill: boolean;
}

/** A command's general: one element, paid for with the general's cost option. */
export interface ArmyGeneral {
  readonly role: ArmyGeneralRole;
  readonly element: string;
  readonly line: ArmyLine;
  readonly ap: number;
  readonly equivalents: number;
  /** Cost options applied, the general's own included (e.g. ["cinCOrSubGeneral"]). */
  readonly options: ArmyCostOptions;
  /** The general's element is regular (PIP dice, p.16). */
  readonly regular: boolean;
}

export interface ArmyCommand {
  /** The file's name for the command, or one made from its general ("C-in-C's command"). */
  readonly name: string;
  readonly general: ArmyGeneral;
  readonly wing: ArmyWing;
  /** Troops other than the general, in the file's order (a group "in two lines" is two entries). */
  readonly troops: readonly ArmyTroops[];
  /** Elements, the general's included. */
  readonly elements: number;
  /** Original element equivalents, the general's included, baggage not. */
  readonly equivalents: number;
  readonly ap: number;
  /** Competition victory points this command is worth. */
  readonly victoryPoints: number;
}

export interface ArmyBaggage {
  readonly element: string;
  readonly count: number;
  /** Index of the command the baggage is assigned to. */
  readonly command: number;
}

export interface FittedArmy {
  readonly name: string;
  /** The army list the file imitates, as the file names it. */
  readonly list: string;
  /** The rules id fitted under (e.g. "dbm-3.2") and its printed name (house rules included). */
  readonly rules: string;
  readonly rulesName: string;
  readonly budget: number;
  /** Total AP: generals and troops (baggage is free). */
  readonly ap: number;
  readonly elements: number;
  readonly equivalents: number;
  readonly commands: readonly ArmyCommand[];
  readonly baggage: ArmyBaggage;
}
