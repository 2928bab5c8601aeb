/**
 * `debellator cost ELEMENT [--rules ID] [--adjust OPTION...]`: the points cost of an element under
 * every version of its rule system (the first system whose notation reads it), or under one version.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { parseWithHint } from '../../core/suggest.ts';
import type { AnySystem } from '../../core/system.ts';
import { allSystems, requireSystem } from '../../systems/registry.ts';

/** The systems with points whose notation reads `text`, the default system first. */
function systemsReading(text: string): AnySystem[] {
  return allSystems().filter((s) => {
    if (!s.catalogue || !s.variant({ version: s.versions.at(-1)!.id }).cost) return false;
    try {
      s.catalogue.parse(text);
      return true;
    } catch {
      return false;
    }
  });
}

export function registerCost(program: Command, exit: { code: number }): void {
  program
    .command('cost')
    .description('Points cost (AP) of an element; compares versions unless --rules is given')
    .argument('<element>', 'element, e.g. "Reg Bd(O)" or "Irr HCh(O)"')
    .option('--rules <id>', 'rule set and version, e.g. dbm-3.0 or bnb-0.7')
    .option(
      '--adjust <option...>',
      'cost options, e.g. DBM 3.2 p.10 chariots, doubleBaseRear, cinCOrSubGeneral',
    )
    .option('--json', 'print JSON')
    .action((text: string, opts: { rules?: string; adjust?: string[]; json?: boolean }) => {
      let system: AnySystem;
      if (opts.rules) system = requireSystem(opts.rules, []);
      else {
        const found = systemsReading(text);
        if (found.length === 0) {
          // The default system's notation error says what is wrong with the text, and what was meant.
          const first = allSystems()[0]?.catalogue;
          if (first)
            parseWithHint(
              (t) => first.parse(t),
              text,
              () => first.all().map((e) => first.format(e)),
            );
          throw new InputError(`"${text}" is not an element of a rule system with points`);
        }
        system = found[0]!;
      }
      const catalogue = system.catalogue;
      if (!catalogue) throw new InputError(`${system.name} has no element notation`);
      const e = parseWithHint(
        (t) => catalogue.parse(t),
        text,
        () => catalogue.all().map((x) => catalogue.format(x)),
      );
      const known = (catalogue.costOptions ?? []).map((o) => o.id);
      for (const a of opts.adjust ?? [])
        if (!known.includes(a))
          throw new InputError(
            `--adjust: "${a}" is not a ${system.name} cost option (${known.join(', ') || 'none'})`,
          );
      const versions = opts.rules ? system.versions.filter((v) => v.id === opts.rules) : system.versions;
      const costs = versions.map((v) => {
        const variant = system.variant({ version: v.id });
        if (!variant.cost) throw new InputError(`${v.name} has no points costs`);
        const cost = variant.cost(e, opts.adjust ?? []);
        if (cost === undefined) throw new InputError(`${catalogue.format(e)} has no cost under ${v.name}`);
        return { rules: v.id, name: v.name, cost };
      });
      if (opts.json)
        process.stdout.write(
          `${JSON.stringify({ element: catalogue.format(e), adjustments: opts.adjust ?? [], costs: costs.map(({ rules, cost }) => ({ rules, cost })) })}\n`,
        );
      else if (opts.rules) process.stdout.write(`${costs[0]!.cost}\n`);
      else
        process.stdout.write(
          `${catalogue.format(e)}\n${costs.map((c) => `  ${c.name}: ${c.cost} AP`).join('\n')}\n`,
        );
      exit.code = 0;
    });
}
