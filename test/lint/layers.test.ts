/**
 * The layering rule of ARCHITECTURE.md "Layers" is enforced: the project's dependency-cruiser
 * configuration, run over a small tree laid out like src/, refuses an upward import, a reach into a rule
 * system's internals and an import cycle, and accepts a tree that keeps the rules.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Lay out `files` (path -> source) in a fresh folder with the project's rules, run depcruise there. */
function cruise(files: Record<string, string>): { code: number; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'debellator-layers-'));
  dirs.push(dir);
  copyFileSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true, noEmit: true },
    }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const out = execFileSync(DEPCRUISE, ['src', '--config', '.dependency-cruiser.cjs'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: `${err.stdout}${err.stderr}` };
  }
}

const LEGAL = {
  'src/core/errors.ts': 'export const E = 1;\n',
  'src/engine/odds.ts': "import { E } from '../core/errors.ts';\nexport const O = E;\n",
  'src/systems/dbm/outcomes.ts': 'export const X = 2;\n',
  'src/systems/dbm/index.ts': "import { X } from './outcomes.ts';\nexport default X;\n",
  'src/systems/registry.ts': "import dbm from './dbm/index.ts';\nexport const all = [dbm];\n",
  'src/pipeline/run.ts':
    "import { all } from '../systems/registry.ts';\nimport { O } from '../engine/odds.ts';\nexport const r = [all, O];\n",
};

describe('layer boundaries (npm run lint:layers)', () => {
  it('accept a tree that imports downward and reaches systems through the registry', () => {
    const r = cruise(LEGAL);
    expect(r.out).toContain('no dependency violations found');
    expect(r.code).toBe(0);
  });

  it('refuse an upward import (core importing the pipeline)', () => {
    const r = cruise({
      ...LEGAL,
      'src/core/errors.ts': "import { r } from '../pipeline/run.ts';\nexport const E = r;\n",
    });
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/layer-core/);
  });

  it("refuse a study reaching into a rule system's internals", () => {
    const r = cruise({
      ...LEGAL,
      'src/studies/odds.ts': "import { X } from '../systems/dbm/outcomes.ts';\nexport const S = X;\n",
    });
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/system-internals/);
  });

  it('refuse an import cycle', () => {
    const r = cruise({
      ...LEGAL,
      'src/engine/a.ts': "import { B } from './b.ts';\nexport const A = () => B;\n",
      'src/engine/b.ts': "import { A } from './a.ts';\nexport const B = () => A;\n",
    });
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/no-cycles/);
  });
});
