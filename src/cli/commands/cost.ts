/** `debellator cost ELEMENT [--rules dbm-3.0]`: points cost of an element under each DBM version. */
import { Option, type Command } from 'commander';
import { COST_ADJUSTMENTS, elementCost, type CostAdjustment } from '../../systems/dbm/costs.ts';
import { formatElement, parseElement } from '../../systems/dbm/notation.ts';
import { DBM_VERSION_IDS, DBM_VERSIONS, type DbmVersionId } from '../../systems/dbm/versions.ts';

export function registerCost(program: Command, exit: { code: number }): void {
  program
    .command('cost')
    .description('Points cost (AP) of a DBM element; compares versions unless --rules is given')
    .argument('<element>', 'element, e.g. "Reg Bd(O)"')
    .addOption(new Option('--rules <id>', 'DBM version').choices([...DBM_VERSION_IDS]))
    .addOption(
      new Option('--adjust <adjustment...>', 'cost adjustments (DBM 3.2 p.10)').choices(
        Object.keys(COST_ADJUSTMENTS),
      ),
    )
    .option('--json', 'print JSON')
    .action((text: string, opts: { rules?: DbmVersionId; adjust?: CostAdjustment[]; json?: boolean }) => {
      const e = parseElement(text);
      const ids = opts.rules ? [opts.rules] : [...DBM_VERSION_IDS];
      const costs = ids.map((id) => ({
        rules: id,
        cost: elementCost(DBM_VERSIONS[id].costs, e, opts.adjust ?? []),
      }));
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify({ element: formatElement(e), adjustments: opts.adjust ?? [], costs })}\n`,
        );
      } else if (opts.rules) {
        process.stdout.write(`${costs[0]!.cost}\n`);
      } else {
        const lines = costs.map((c) => `  ${DBM_VERSIONS[c.rules].name}: ${c.cost} AP`);
        process.stdout.write(`${formatElement(e)}\n${lines.join('\n')}\n`);
      }
      exit.code = 0;
    });
}
