/**
 * The import check (npm run check:imports, run by npm run check and CI): no import cycle, and
 * imports point one way, down this table. A module may import its own layer's folder and any
 * layer below; never a layer above, nor another folder of its own rank. sandbox/ stands apart:
 * only the commands (and tests) use it, and it uses only the bottom layer.
 */
const LAYERS = [
  { rank: 10, name: 'cli', path: '^src/(cli/|cli\\.ts$|main\\.ts$)' },
  { rank: 9, name: 'console', path: '^src/console/' },
  { rank: 8, name: 'app', path: '^src/(app|deployment)\\.ts$|^src/app/' },
  { rank: 7, name: 'intake', path: '^src/intake/' },
  // Telling people a batch ended: used by the app, the intake and the commands; uses the reports
  // (results.csv, failed.csv), the store's identity and the queue's Redis connection.
  { rank: 6, name: 'notify', path: '^src/notify/' },
  { rank: 5, name: 'sync', path: '^src/sync/' },
  { rank: 4, name: 'report', path: '^src/report/' },
  { rank: 4, name: 'ledger', path: '^src/ledger/' },
  { rank: 3, name: 'sheet', path: '^src/sheet/' },
  { rank: 3, name: 'store', path: '^src/store/' },
  { rank: 2, name: 'xlsx', path: '^src/xlsx/' },
  {
    rank: 1,
    name: 'bottom',
    path: '^src/(outcome|config|stores-file|store-choice|log|api-types|redis)\\.ts$|^src/(config|files|messages)/',
  },
];
const SANDBOX = '^src/sandbox/';

/**
 * Imports allowed to break the rule, each as { from, to, why } naming its reason. None stands
 * today; remove an entry when its import goes, so the check keeps it from coming back.
 */
const EXCEPTIONS = [];

/** Rules forbidding `from` to import `to`, with the exceptions between them carved out by name. */
function forbid(name, comment, from, to) {
  const excepted = EXCEPTIONS.filter((e) => new RegExp(from).test(sample(e.from)) && new RegExp(to).test(sample(e.to)));
  const sources = [...new Set(excepted.map((e) => e.from))];
  return [
    { name, comment, severity: 'error', from: { path: from, pathNot: sources }, to: { path: to } },
    ...sources.map((source) => ({
      name: `${name} (named exceptions)`,
      comment: excepted
        .filter((e) => e.from === source)
        .map((e) => e.why)
        .join('; '),
      severity: 'error',
      from: { path: source },
      to: { path: to, pathNot: excepted.filter((e) => e.from === source).map((e) => e.to) },
    })),
  ];
}

/** A path an exception's pattern matches, to tell which layers it joins (patterns are anchored paths). */
function sample(pattern) {
  return pattern.replace(/^\^/, '').replace(/\$$/, '').replaceAll('\\.', '.');
}

const layerRules = LAYERS.flatMap((layer) => {
  const above = LAYERS.filter((other) => other.rank > layer.rank);
  const beside = LAYERS.filter((other) => other.rank === layer.rank && other !== layer);
  return [
    ...(above.length > 0
      ? forbid(
          `${layer.name}-imports-up`,
          `${layer.name} may not import ${above.map((l) => l.name).join(', ')} (imports point down)`,
          layer.path,
          above.map((l) => `(${l.path})`).join('|'),
        )
      : []),
    ...(beside.length > 0
      ? forbid(
          `${layer.name}-imports-beside`,
          `${layer.name} may not import ${beside.map((l) => l.name).join(', ')} (same rank: neither knows the other)`,
          layer.path,
          beside.map((l) => `(${l.path})`).join('|'),
        )
      : []),
  ];
});

export default {
  forbidden: [
    { name: 'no-circular', comment: 'an import cycle', severity: 'error', from: {}, to: { circular: true } },
    ...layerRules,
    {
      name: 'one-composition-root',
      comment:
        'only the composition root (src/app.ts and its steps in src/app/) builds a store client, a rate gate or a ledger store; every command asks it (types may be imported)',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/app\\.ts$', '^src/app/', '^src/store/', '^src/ledger/'] },
      to: {
        path: [
          '^src/store/(client|index)\\.ts$',
          '^src/store/rate-gate/(memory|redis)\\.ts$',
          '^src/ledger/(open|file-store|redis-store)\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    ...forbid(
      'sandbox-apart',
      'the sandbox is used by the commands and tests only',
      '^src/(?!cli/|cli\\.ts$|main\\.ts$|app\\.ts$|sandbox/)',
      SANDBOX,
    ),
    ...forbid(
      'sandbox-uses-bottom-only',
      'the sandbox stands apart: it uses only the bottom layer',
      SANDBOX,
      LAYERS.filter((l) => l.rank > 1)
        .map((l) => `(${l.path})`)
        .join('|'),
    ),
  ],
  options: {
    includeOnly: '^src/',
    // Type-only imports count: a type from a layer above ties the layers as much as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
