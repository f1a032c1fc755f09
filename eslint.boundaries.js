// The "never" arrows of ARCHITECTURE.md as lint rules, so an import that points the wrong way fails
// `npm run check` instead of waiting for a reviewer: packages below apps, domain below market and
// simulator, server lib/ below plugins/ below modules/, and in the web app lib/, components/ and shared/
// below the features, each feature walled off from the others, the features below the app shell and the
// screens.
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const OWN_SOURCE = ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'];
const TESTS = ['**/*.test.{ts,tsx}'];
const WEB = 'apps/web/src';

/**
 * The web features, read from the folder so a new one is walled in from its first file. A feature never
 * imports another: what two of them share lives in shared/ (or components/, lib/), or a screen composes them.
 */
const WEB_FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const never = (target, from, message) => ({ target, from, message });

const packageZones = [
  never('packages', 'apps', 'Packages never import the apps.'),
  never('packages/domain', ['packages/market', 'packages/simulator'], 'The domain is the bottom package.'),
  never('packages/simulator', 'packages/market', 'The simulator stands beside the market, never on it.'),
  never(
    'packages/stripe-fake',
    ['packages/domain', 'packages/market', 'packages/simulator'],
    'The Stripe fake speaks only Stripe: it knows none of our packages.',
  ),
  never(
    ['packages/domain/src/*.ts', 'packages/domain/src/!(wire)/**'],
    'packages/domain/src/wire',
    'The domain rules never import the wire (domain/src/wire): the wire carries their figures, not the other way.',
  ),
];

const serverZones = [
  never(
    'apps/server/src/!(test-support)/**',
    'packages/stripe-fake',
    'The Stripe fake is for tests: only test-support and tests use it.',
  ),
  never('apps/server/src/lib', ['apps/server/src/plugins', 'apps/server/src/modules'], 'lib/ is the floor.'),
  never('apps/server/src/plugins', 'apps/server/src/modules', 'Plugins never import a module.'),
];

const webFloors = ['lib', 'components', 'shared'].map((floor) =>
  never(
    `${WEB}/${floor}`,
    [`${WEB}/features`, `${WEB}/app`, `${WEB}/screens`],
    `${floor}/ sits below the features and the app shell.`,
  ),
);

const otherFeatures = (feature) =>
  WEB_FEATURES.filter((other) => other !== feature).map((other) => `${WEB}/features/${other}`);
const FEATURE_WALL =
  'A feature never imports another feature: what two share goes to shared/, or a screen composes them.';

const featureZones = WEB_FEATURES.map((feature) =>
  never(
    `${WEB}/features/${feature}`,
    [`${WEB}/app`, `${WEB}/screens`, ...otherFeatures(feature)],
    `Features sit below the app shell and the screens. ${FEATURE_WALL}`,
  ),
);

/**
 * The market engine's stages (packages/market/src), each a folder entered only through its index.ts:
 * code outside a stage folder, in the package or its tests, never imports the stage's inner files.
 */
const MARKET = 'packages/market/src';
const MARKET_STAGES = [
  'ingest',
  'variants',
  'evidence',
  'evidence/storage',
  'snapshot',
  'deals',
  'serialize',
];

/** Globs of the market files outside `stage` (a folder path below MARKET, one or more segments). */
function outsideMarketStage(stage) {
  const outside = [];
  let base = MARKET;
  for (const segment of stage.split('/')) {
    outside.push(`${base}/*.ts`, `${base}/!(${segment})/**`);
    base = `${base}/${segment}`;
  }
  return outside;
}

const marketStageZones = MARKET_STAGES.map((stage) => ({
  target: outsideMarketStage(stage),
  from: `${MARKET}/${stage}`,
  except: ['./index.ts'],
  message: `Outside ${stage}/, import the stage through its index.ts only.`,
}));

export default [
  {
    files: OWN_SOURCE,
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files and follows no TypeScript import.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: OWN_SOURCE,
    ignores: TESTS,
    // Tests assemble the pieces (the whole app, a market simulator), so only the code they test is held.
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...packageZones, ...serverZones, ...webFloors, ...featureZones] },
      ],
    },
  },
  {
    // A feature's tests may mount the app shell or a screen around it, but lean on no other feature either.
    files: [`${WEB}/features/**/*.test.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: WEB_FEATURES.map((feature) =>
            never(`${WEB}/features/${feature}`, otherFeatures(feature), FEATURE_WALL),
          ),
        },
      ],
    },
  },
  {
    // The market runs on the simulator only in its tests.
    files: ['packages/market/src/**/*.ts'],
    ignores: [...TESTS, 'packages/market/src/test-support/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...packageZones,
            never('packages/market', 'packages/simulator', 'The market uses the simulator in tests only.'),
            ...marketStageZones,
          ],
        },
      ],
    },
  },
  {
    // The market's tests and test support may run on the simulator, but enter the stages like any other code.
    files: [`${MARKET}/**/*.test.ts`, `${MARKET}/test-support/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: marketStageZones }] },
  },
];
