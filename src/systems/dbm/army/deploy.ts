/**
 * Two fitted armies deployed for a battle on the battle-line engine (docs/armies.md "Battles"): each army
 * one line, its commands sections of it from its left wing to its right, each command's front-line
 * troops in files, its second-line and reserve troops in lines behind its section, its general's element
 * in the middle of its front. The kernel then fights the two lines under the DBM rules of command and
 * victory (engagement.ts DBM_COMMANDS, pips, score).
 */
import type { ArmyCommand, ArmyLine, FittedArmy } from '../../../core/army.ts';
import type { ArmyBattleSetting, VariantSpec } from '../../../core/system.ts';
import { remember } from '../../../core/bounded.ts';
import { canonicalKey } from '../../../core/canonical-key.ts';
import {
  DEFAULT_OPTIONS,
  type Battlefield,
  type FileConfig,
  type LineConfig,
  type LinesConfig,
  type RankConfig,
} from '../../../engine/lines/model.ts';
import { usefulDepths } from '../balance.ts';
import { parseElement } from '../notation.ts';
import type { Element, TroopType } from '../troops.ts';
import { versionOfSpec } from '../variant.ts';
import type { DbmVersion } from '../versions.ts';

/** The depth a group stands at in its line: its type's usual depth if that depth gives it something. */
const USUAL: Partial<Record<TroopType, number>> = { Sp: 2, Pk: 4, Wb: 2, Ax: 2, Bw: 2 };

function depthOf(e: Element, version: DbmVersion, inTwoLines: boolean): number {
  // A group written "in two lines" stands one deep in each (DBM 3.2 p.25: lines that step into gaps).
  if (inTwoLines) return 1;
  const usual = e.grade === 'X' && (e.type === 'Pk' || e.type === 'Ax') ? 3 : (USUAL[e.type] ?? 1);
  return Math.max(...usefulDepths(e, version).filter((d) => d <= usual));
}

/** Files of `count` elements at most `depth` deep, deepest first. */
function filesOf(rank: () => RankConfig<Element>, count: number, depth: number): FileConfig<Element>[] {
  const files = Math.ceil(count / depth);
  return Array.from({ length: files }, (_, i) => {
    const n = Math.floor(count / files) + (i < count % files ? 1 : 0);
    return { ranks: Array.from({ length: n }, rank), doubleBased: false };
  });
}

const WINGS = { left: 0, centre: 1, right: 2 } as const;

interface Section {
  readonly command: number;
  readonly front: FileConfig<Element>[];
  readonly behind: Record<Exclude<ArmyLine, 'front'>, FileConfig<Element>[]>;
}

/**
 * Lines deployed on this thread, by army and variant. A study's jobs come with fresh copies of their
 * armies, and each army meets every other: handing its battles the same line object lets the engine
 * lay that line out once (engine/lines prepare.ts sideOf remembers lines by object), not once a job.
 */
const deployed = new Map<string, LineConfig<Element>>();
/**
 * Lines remembered: more than a study's thread meets (the default army study: 20 armies under 2 versions at
 * 2 budgets, and the armies its substitutions make).
 */
const LINE_MEMO = 256;

/**
 * One army as a line of commands (commands in the army file's order, placed by wing). The same army and
 * variant give the same object (plain data, never changed).
 */
export function armyLine(army: FittedArmy, spec: VariantSpec): LineConfig<Element> {
  const key = canonicalKey([army, spec]);
  return deployed.get(key) ?? remember(deployed, key, lineOf(army, spec), LINE_MEMO);
}

function lineOf(army: FittedArmy, spec: VariantSpec): LineConfig<Element> {
  const version = versionOfSpec(spec);
  const sections: Section[] = army.commands.map((cmd, command) => sectionOf(cmd, command, version));
  // Left wing to right wing; the file's order within a wing.
  const placed = [...sections].sort(
    (x, y) =>
      WINGS[army.commands[x.command]!.wing] - WINGS[army.commands[y.command]!.wing] || x.command - y.command,
  );
  const files: FileConfig<Element>[] = [];
  const start = new Map<number, number>();
  for (const s of placed) {
    start.set(s.command, files.length);
    files.push(...s.front);
  }
  const width = files.length;
  const reserves: FileConfig<Element>[][] = [[], []];
  const reserveCommands: number[][] = [[], []];
  (['second', 'reserve'] as const).forEach((line, k) => {
    for (const s of placed) {
      const own = s.behind[line];
      if (own.length === 0) continue;
      // Behind the command's own section, centred on it; a command with no front stands behind the centre.
      const from = s.front.length > 0 ? start.get(s.command)! : Math.floor(width / 2);
      const span = s.front.length > 0 ? s.front.length : 1;
      const shift = Math.floor((span - own.length) / 2);
      own.forEach((f, i) => {
        const behind = Math.max(0, Math.min(width - 1, from + shift + i));
        // Object.assign, not a spread: copies made by a spread at a site that meets files of several
        // shapes each get a hidden class of their own (thousands a worker). Same properties, same order.
        reserves[k]!.push(Object.assign({}, f, { behind }));
        reserveCommands[k]!.push(s.command);
      });
    }
  });
  const lines = reserves.filter((l) => l.length > 0);
  // Each command's general's element, by its place among the line's files (front files, then reserves).
  const all = [...files, ...lines.flat()];
  const commandOf = [
    ...placed.flatMap((s) => s.front.map(() => s.command)),
    ...reserveCommands.filter((l) => l.length > 0).flat(),
  ];
  const generals = army.commands.map((_, cmd) => {
    const file = all.findIndex((f, i) => commandOf[i] === cmd && f.ranks[0]?.extra?.general === true);
    return file < 0 ? null : { file, rank: 0 };
  });
  return {
    name: army.name,
    files,
    ...(lines.length > 0 ? { reserves: lines } : {}),
    going: 'good',
    commands: {
      files: army.commands.map((_, i) => sections[i]!.front.length),
      cInC: army.commands.findIndex((c) => c.general.role === 'c-in-c'),
      reserves: reserveCommands.flat(),
      points: army.commands.map((c) => c.victoryPoints),
      generals,
      roles: army.commands.map((c) => c.general.role),
      regular: army.commands.map((c) => c.general.regular),
    },
  };
}

/** One command's files: front, second line and reserve; its general's element one file of its own. */
function sectionOf(cmd: ArmyCommand, command: number, version: DbmVersion): Section {
  const lines: Record<ArmyLine, FileConfig<Element>[]> = { front: [], second: [], reserve: [] };
  const inTwoLines = new Set(cmd.troops.filter((t) => t.line === 'second').map((t) => t.element));
  for (const t of cmd.troops) {
    const element = parseElement(t.element);
    const rank = (): RankConfig<Element> => ({
      element,
      ap: t.ap,
      ee: t.equivalents,
      losses: [t.equivalents],
      ...(t.options.includes('chariots') ? { extra: { chariots: true } } : {}),
    });
    const twoLines = inTwoLines.has(t.element);
    lines[t.line].push(...filesOf(rank, t.count, depthOf(element, version, twoLines)));
  }
  const g = cmd.general;
  const generalFile: FileConfig<Element> = {
    ranks: [
      {
        element: parseElement(g.element),
        ap: g.ap,
        ee: g.equivalents,
        losses: [g.equivalents],
        extra: { general: true, ...(g.options.includes('chariots') ? { chariots: true } : {}) },
      },
    ],
    doubleBased: false,
  };
  const own = lines[g.line];
  // The general in the middle of its line.
  const index = Math.floor(own.length / 2);
  own.splice(index, 0, generalFile);
  return { command, front: lines.front, behind: { second: lines.second, reserve: lines.reserve } };
}

/** The battle of two fitted armies as the kernel's config (both under one variant). */
export function armyBattle(
  a: FittedArmy,
  b: FittedArmy,
  spec: VariantSpec,
  setting: ArmyBattleSetting = {},
): LinesConfig<Element> {
  return {
    system: 'dbm',
    variant: spec,
    boundLimit: setting.boundLimit ?? 40,
    first: setting.first ?? 'alternate',
    // Armies meet: a competition game is fought to a result (docs/armies.md "Battles": refusing the whole
    // battle is not modelled), so every line closes unless the setting says otherwise.
    options: {
      ...DEFAULT_OPTIONS,
      refusals: 'never',
      ...((setting.options ?? {}) as Partial<LinesConfig['options']>),
    },
    battlefield: (setting.battlefield as Battlefield | undefined) ?? { distance: 600, shooters: 'halt' },
    a: armyLine(a, spec),
    b: armyLine(b, spec),
  };
}
