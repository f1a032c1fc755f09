// The "never" arrows of ARCHITECTURE.md as lint rules, so an import that points the wrong way fails
// `npm run check` instead of waiting for a reviewer: packages below apps, domain below market and
// simulator, server lib/ below plugins/ below modules/, and in the web app lib/, components/ and shared/
// below the features, the features below the app shell and the screens.
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const OWN_SOURCE = ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'];
const TESTS = ['**/*.test.{ts,tsx}'];
const WEB = 'apps/web/src';

/**
 * Web features, lowest first: a feature may import one listed before it, never one after it, so two
 * features never lean on each other. What both sides of a pair need lives in shared/ instead.
 */
const FEATURE_LAYERS = [
  'market',
  'pricing',
  'auth',
  'settings',
  'subscription',
  'tools',
  'admin',
  'discord',
  'landing',
  'legal',
  'realm-stats',
  'token',
];

const never = (target, from, message) => ({ target, from, message });

const packageZones = [
  never('packages', 'apps', 'Packages never import the apps.'),
  never('packages/domain', ['packages/market', 'packages/simulator'], 'The domain is the bottom package.'),
  never('packages/simulator', 'packages/market', 'The simulator stands beside the market, never on it.'),
];

const serverZones = [
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

const featureZones = FEATURE_LAYERS.map((feature, i) =>
  never(
    `${WEB}/features/${feature}`,
    [
      `${WEB}/app`,
      `${WEB}/screens`,
      ...FEATURE_LAYERS.slice(i + 1).map((above) => `${WEB}/features/${above}`),
    ],
    'Features sit below the app shell and the screens, each on the features before it in FEATURE_LAYERS ' +
      '(eslint.boundaries.js); code two features share goes to shared/.',
  ),
);

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
          ],
        },
      ],
    },
  },
];
