/**
 * An army file fitted to a budget under a DBM variant (docs/armies.md "The API"): the file checked
 * (every problem with its path), the generals and troops costed with the variant's costs (p.10 Element
 * Cost, generals' adjustments included), the fill troops counted by the fitting rule (fit.ts), and the
 * result as plain data (core/army.ts).
 */
import type { ArmyCommand, ArmyGeneral, ArmyLine, ArmyTroops, FittedArmy } from '../../../core/army.ts';
import { InputError, throwAll, type FieldPath } from '../../../core/errors.ts';
import { allIssues } from '../../../core/schema-issues.ts';
import type { ArmyBuilder, VariantSpec } from '../../../core/system.ts';
import { baggageElements, generalsProblem } from '../army-size.ts';
import { elementCost, type CostAdjustment } from '../costs.ts';
import { elementEquivalents } from '../equivalents.ts';
import { formatElement, parseElement } from '../notation.ts';
import { commandVictoryPoints } from '../score.ts';
import type { Element } from '../troops.ts';
import { versionOfSpec } from '../variant.ts';
import type { DbmVersion } from '../versions.ts';
import { armyBattle } from './deploy.ts';
import { fillCounts } from './fit.ts';
import { parseGeneral, parseTroops, splitCommand, type GeneralEntry, type TroopsEntry } from './notation.ts';
import {
  armyCommandSchema,
  armyFileSchema,
  armyFileTopSchema,
  type ArmyFile,
  type ArmyFileCommand,
} from './schema.ts';

/** DBM 3.2 p.10 Army Size: "normally between 300 and 500 AP"; the bundled armies are built for 400. */
export const DEFAULT_BUDGET = 400;

/** The baggage every army takes: unfortified (p.8 Baggage: (I) if not protected by fortifications). */
export const BAGGAGE = parseElement('Irr Bg(I)');

interface ParsedCommand {
  readonly file: ArmyFileCommand;
  readonly general: GeneralEntry;
  readonly troops: readonly { readonly entry: TroopsEntry; readonly path: FieldPath }[];
}

const at = (path: FieldPath) => (e: unknown) => {
  if (e instanceof InputError) return e.within(path);
  throw e;
};

/** The notation fields of a command that have the right shape (the schema reports the others). */
function notationFields(item: unknown): Pick<ArmyFileCommand, 'command' | 'general' | 'troops'> {
  const o = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const troops = Array.isArray(o.troops)
    ? o.troops.every((t) => text(t) !== undefined) && o.troops.length > 0
      ? (o.troops as string[])
      : undefined
    : text(o.troops);
  return {
    ...(text(o.command) !== undefined ? { command: text(o.command) } : {}),
    ...(text(o.general) !== undefined ? { general: text(o.general) } : {}),
    ...(troops !== undefined ? { troops } : {}),
  };
}

/** The file's content checked: every problem, each at its path. */
export function parseArmyFile(content: unknown): { file: ArmyFile; commands: ParsedCommand[] } {
  const errors: InputError[] = [...allIssues(armyFileTopSchema, content)];
  const raw = (content as { commands?: unknown } | null)?.commands;
  const commands: ParsedCommand[] = [];
  (Array.isArray(raw) ? raw : []).forEach((item, i) => {
    const path: FieldPath = ['commands', i];
    const issues = allIssues(armyCommandSchema, item);
    errors.push(...issues.map((e) => e.within(path)));
    // The notation is read even when another field of the command is wrong, so every problem is found.
    const c = notationFields(item);
    let generalText: string | undefined;
    let troopTexts: { text: string; path: FieldPath }[] = [];
    if (c.command !== undefined) {
      if (c.general !== undefined || c.troops !== undefined) {
        errors.push(
          new InputError('give either "command" or "general" with "troops", not both', {
            path: [...path, 'command'],
          }),
        );
        return;
      }
      try {
        const split = splitCommand(c.command);
        generalText = split.general;
        troopTexts = split.troops.map((text) => ({ text, path: [...path, 'command'] }));
      } catch (e) {
        errors.push(at([...path, 'command'])(e));
        return;
      }
    } else {
      const given = (key: string) => (item as Record<string, unknown> | null)?.[key] !== undefined;
      if (!given('general'))
        errors.push(
          new InputError('missing: the general, e.g. "C-in-C Reg Cv(O)" (or the whole "command")', {
            path: [...path, 'general'],
          }),
        );
      if (!given('troops'))
        errors.push(
          new InputError('missing: the troops, e.g. "12 Reg Bd(O) in two lines, fill"', {
            path: [...path, 'troops'],
          }),
        );
      if (c.general === undefined || c.troops === undefined) return;
      generalText = c.general;
      troopTexts =
        typeof c.troops === 'string'
          ? c.troops
              .split(';')
              .map((t) => t.trim())
              .filter((t) => t !== '')
              .map((text) => ({ text, path: [...path, 'troops'] }))
          : c.troops.map((text, j) => ({ text, path: [...path, 'troops', j] }));
      if (troopTexts.length === 0) {
        errors.push(
          new InputError('a command has troops besides its general', { path: [...path, 'troops'] }),
        );
        return;
      }
    }
    let general: GeneralEntry | undefined;
    try {
      general = parseGeneral(generalText);
    } catch (e) {
      errors.push(at(c.command !== undefined ? [...path, 'command'] : [...path, 'general'])(e));
    }
    const troops: ParsedCommand['troops'][number][] = [];
    for (const t of troopTexts) {
      try {
        troops.push({ entry: parseTroops(t.text), path: t.path });
      } catch (e) {
        errors.push(at(t.path)(e));
      }
    }
    if (general && issues.length === 0)
      commands.push({ file: armyCommandSchema.parse(item), general, troops });
  });
  throwAll(errors);
  const file = armyFileSchema.parse(content);
  const problem = generalsProblem(commands.map((c) => c.general.role));
  if (problem) throw new InputError(problem, { path: ['commands'] });
  return { file, commands };
}

const roleOption = (g: GeneralEntry): CostAdjustment =>
  g.role === 'ally' ? 'allyGeneral' : 'cinCOrSubGeneral';

/** AP in sums kept to a millionth (costs are halves; a house rule's 6.1 must not print as 6.1000000001). */
const tidy = (x: number) => Math.round(x * 1e6) / 1e6;

function cost(version: DbmVersion, e: Element, options: readonly CostAdjustment[], path: FieldPath): number {
  try {
    return elementCost(version.costs, e, options);
  } catch {
    throw new InputError(`${formatElement(e)} has no cost under ${version.name}`, { path });
  }
}

const roleName = {
  'c-in-c': "C-in-C's command",
  'sub-general': "sub-general's command",
  ally: 'allied command',
} as const;

/** Fit an army file's content to a budget under a variant (ArmyBuilder.fit). */
export function fitArmy(content: unknown, spec: VariantSpec, budget?: number): FittedArmy {
  const version = versionOfSpec(spec);
  const { file, commands } = parseArmyFile(content);
  const limit = budget ?? file.budget ?? DEFAULT_BUDGET;
  if (!(limit > 0)) throw new InputError(`the budget must be more than 0 AP (found ${limit})`);

  // Every group's AP per element; fill groups in file order, for the fitting rule.
  const generalAp = commands.map((c, i) =>
    cost(version, c.general.element, [...c.general.options, roleOption(c.general)], ['commands', i]),
  );
  const troopAp = commands.map((c) =>
    c.troops.map((t) => cost(version, t.entry.element, t.entry.options, t.path)),
  );
  const fixed =
    generalAp.reduce((s, x) => s + x, 0) +
    commands.reduce(
      (s, c, i) =>
        s + c.troops.reduce((s2, t, j) => s2 + (t.entry.fill ? 0 : t.entry.count * troopAp[i]![j]!), 0),
      0,
    );
  const fills = commands.flatMap((c, i) =>
    c.troops.flatMap((t, j) =>
      t.entry.fill
        ? [
            {
              i,
              j,
              group: {
                weight: t.entry.count,
                cost: troopAp[i]![j]!,
                ...(t.entry.fill.max !== undefined ? { max: t.entry.fill.max } : {}),
              },
            },
          ]
        : [],
    ),
  );
  if (fixed > limit + 1e-9) {
    const what = fills.length > 0 ? 'the generals and the troops that are not fill cost' : 'the army costs';
    const hint =
      fills.length > 0
        ? ''
        : '; mark troops "fill" to let their numbers fit the budget (docs/armies.md "Fitting an army to a budget")';
    throw new InputError(
      `${what} ${tidy(fixed)} AP under ${version.name}, more than the ${limit} AP budget${hint}`,
      {
        path: budget === undefined && file.budget !== undefined ? ['budget'] : ['commands'],
      },
    );
  }
  const counts = fillCounts(
    fills.map((f) => f.group),
    limit - fixed,
  );
  const fitted = new Map<string, number>(fills.map((f, k) => [`${f.i}/${f.j}`, counts[k] as number]));

  const vps = commandVictoryPoints(commands.map((c) => c.general.role));
  const out: ArmyCommand[] = commands.map((c, i) => {
    const defaultLine: ArmyLine = c.file.line ?? 'front';
    const g = c.general;
    const general: ArmyGeneral = {
      role: g.role,
      element: formatElement(g.element),
      line: g.placement ?? defaultLine,
      ap: generalAp[i] as number,
      equivalents: elementEquivalents(g.element, version),
      options: [...g.options, roleOption(g)],
      regular: g.element.reg === 'Reg',
    };
    const troops: ArmyTroops[] = c.troops.flatMap((t, j) => {
      const n = fitted.get(`${i}/${j}`) ?? t.entry.count;
      const base = {
        element: formatElement(t.entry.element),
        ap: troopAp[i]![j]!,
        equivalents: elementEquivalents(t.entry.element, version),
        options: [...t.entry.options],
        fill: t.entry.fill !== undefined,
      };
      const p = t.entry.placement;
      const lines: [ArmyLine, number][] =
        p === 'two-lines'
          ? [
              ['front', Math.ceil(n / 2)],
              ['second', Math.floor(n / 2)],
            ]
          : [[p ?? defaultLine, n]];
      return lines.filter(([, k]) => k > 0).map(([line, count]) => ({ ...base, count, line }));
    });
    const elements = 1 + troops.reduce((s, t) => s + t.count, 0);
    return {
      name: c.file.name ?? roleName[g.role],
      general,
      wing: c.file.wing,
      troops,
      elements,
      equivalents: general.equivalents + troops.reduce((s, t) => s + t.count * t.equivalents, 0),
      ap: tidy(general.ap + troops.reduce((s, t) => s + t.count * t.ap, 0)),
      victoryPoints: vps[i] as number,
    };
  });
  const ap = tidy(out.reduce((s, c) => s + c.ap, 0));
  return {
    name: file.name,
    list: file.list,
    rules: version.id,
    rulesName: version.name,
    budget: limit,
    ap,
    elements: out.reduce((s, c) => s + c.elements, 0),
    equivalents: out.reduce((s, c) => s + c.equivalents, 0),
    commands: out,
    baggage: {
      element: formatElement(BAGGAGE),
      count: baggageElements(ap, out.length, version),
      command: commands.findIndex((c) => c.general.role === 'c-in-c'),
    },
  };
}

/** DBM's army files (SystemModule.army). */
export const dbmArmy: ArmyBuilder = { defaultBudget: DEFAULT_BUDGET, fit: fitArmy, battle: armyBattle };
