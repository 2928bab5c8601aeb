/**
 * The layering of src/ (ARCHITECTURE.md "Layers"), checked by `npm run check` (depcruise):
 *   core  <-  engine  <-  report, systems  <-  studies  <-  pipeline  <-  cli, web
 * A folder imports only folders below it; nothing outside a rule system's folder imports its internals
 * (only src/systems/registry.ts and the generated src/systems/index.ts); no import cycles between folders.
 */
const LAYERS = {
  core: '^src/core/',
  engine: '^src/engine/',
  report: '^src/report/',
  systems: '^src/systems/',
  studies: '^src/studies/',
  pipeline: '^src/pipeline/',
  cli: '^src/cli/',
  web: '^src/web/',
};
/** What each layer may import besides itself. */
const ALLOWED = {
  core: [],
  engine: ['core'],
  report: ['core', 'engine'],
  systems: ['core', 'engine'],
  studies: ['core', 'engine', 'report', 'systems'],
  pipeline: ['core', 'engine', 'report', 'systems', 'studies'],
  cli: ['core', 'engine', 'report', 'systems', 'studies', 'pipeline'],
  web: ['core', 'engine', 'report', 'systems'],
};
const forbidden = Object.entries(ALLOWED).map(([from, ok]) => ({
  name: `layer-${from}`,
  comment: `${from} imports only ${ok.length ? ok.join(', ') : 'itself'} (ARCHITECTURE.md "Layers")`,
  severity: 'error',
  from: { path: LAYERS[from] },
  to: {
    path: '^src/',
    pathNot: [LAYERS[from], ...ok.map((l) => LAYERS[l])],
  },
}));
forbidden.push(
  {
    name: 'system-internals',
    comment:
      "only a rule system's own folder imports its internals; others use src/systems/registry.ts (ARCHITECTURE.md)",
    severity: 'error',
    from: { path: '^src/', pathNot: '^src/systems/([^/]+)/' },
    to: { path: '^src/systems/([^/]+)/', pathNot: ['^src/systems/[^/]+/index\\.ts$'] },
  },
  {
    name: 'system-modules-via-registry',
    comment: 'outside src/systems/, rule systems are reached through the registry (src/systems/registry.ts)',
    severity: 'error',
    from: { path: '^src/(?!systems/)' },
    to: { path: '^src/systems/[^/]+/index\\.ts$' },
  },
  {
    name: 'systems-independent',
    comment: 'one rule system does not import another',
    severity: 'error',
    from: { path: '^src/systems/([^/]+)/' },
    to: { path: '^src/systems/([^/]+)/', pathNot: '^src/systems/$1/' },
  },
  {
    name: 'no-cycles',
    comment: 'no import cycles (ARCHITECTURE.md "Layers")',
    severity: 'error',
    from: { path: '^src/' },
    to: { circular: true },
  },
);
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.json$' },
  },
};
