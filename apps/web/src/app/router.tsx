import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorScreen } from '../components/error-screen';
import { LandingScreen } from '../screens/landing';
import { RegionGate, RequireAccess, RequireAdmin, RequireAuth } from './guards';
import { loadAppQueryClient } from '../lib/app-query-client';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { HomeHeader } from './headers/home-header';
import { LogoOnlyHeader } from './headers/logo-only-header';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { paths } from '../shared/paths';
import { TOOL_BY_KEY, type ToolDefinition } from '../shared/tools';

const { flipping, tsm, dropship, stats } = TOOL_BY_KEY;

// Only the landing page is in the main bundle: every other page, the sign-in forms included, loads on
// first visit, so a visitor's first page carries neither the forms' wire schemas nor the tools.
const lazyScreens: LazyScreen[] = [];
function onFirstVisit<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyScreen {
  // A screen may query the server from its first render: the app's query client comes with its code.
  const screen = lazyScreen(
    () => Promise.all([load(), loadAppQueryClient()]).then(([module]) => module),
    name,
  );
  lazyScreens.push(screen);
  return screen;
}

const AdminGoldScreen = onFirstVisit(() => import('../screens/admin-gold'), 'AdminGoldScreen');
const AdminStatsScreen = onFirstVisit(() => import('../screens/admin-stats'), 'AdminStatsScreen');
const ConfigPersonalScreen = onFirstVisit(() => import('../screens/config-personal'), 'ConfigPersonalScreen');
const ConfigScreen = onFirstVisit(() => import('../screens/config'), 'ConfigScreen');
const ConfirmEmailScreen = onFirstVisit(() => import('../screens/confirm-email'), 'ConfirmEmailScreen');
const ContactUsScreen = onFirstVisit(() => import('../screens/contact-us'), 'ContactUsScreen');
const DiscordCallbackScreen = onFirstVisit(
  () => import('../screens/discord-callback'),
  'DiscordCallbackScreen',
);
const DropshipToolScreen = onFirstVisit(() => import('../screens/dropship-tool'), 'DropshipToolScreen');
const FlippingToolScreen = onFirstVisit(() => import('../screens/flipping-tool'), 'FlippingToolScreen');
const ForgotPasswordScreen = onFirstVisit(() => import('../screens/forgot-password'), 'ForgotPasswordScreen');
const LoginScreen = onFirstVisit(() => import('../screens/login'), 'LoginScreen');
const PaymentSuccessScreen = onFirstVisit(() => import('../screens/payment-success'), 'PaymentSuccessScreen');
const PrivacyPolicyScreen = onFirstVisit(() => import('../screens/privacy-policy'), 'PrivacyPolicyScreen');
const RealmStatsScreen = onFirstVisit(() => import('../screens/realm-stats'), 'RealmStatsScreen');
const RefundPolicyScreen = onFirstVisit(() => import('../screens/refund-policy'), 'RefundPolicyScreen');
const ReceiptScreen = onFirstVisit(() => import('../screens/receipt'), 'ReceiptScreen');
const RegisterScreen = onFirstVisit(() => import('../screens/register'), 'RegisterScreen');
const ResetPasswordScreen = onFirstVisit(() => import('../screens/reset-password'), 'ResetPasswordScreen');
const StatusScreen = onFirstVisit(() => import('../features/status/status-screen'), 'StatusScreen');
const SubscriptionScreen = onFirstVisit(() => import('../screens/subscription'), 'SubscriptionScreen');
const TermsAndConditionsScreen = onFirstVisit(
  () => import('../screens/terms-and-conditions'),
  'TermsAndConditionsScreen',
);
const TsmListGeneratorScreen = onFirstVisit(
  () => import('../screens/tsm-list-generator'),
  'TsmListGeneratorScreen',
);
const UnlockLoginScreen = onFirstVisit(
  () => import('../features/auth/unlock-login-screen'),
  'UnlockLoginScreen',
);
// The tools' header (token price, account menu) is signed-in only: a visitor is redirected before it loads.
const ToolLayout = onFirstVisit(() => import('./layouts/tool-layout'), 'ToolLayout');

// Unit tests render a route and look at it at once, as with one bundle: have every screen fetched before
// the route table is handed out. The build drops this branch.
if (import.meta.env.MODE === 'test') {
  await Promise.all(lazyScreens.map((screen) => screen.preload()));
}

/** The route table of SPEC §2. Exported so tests can mount it in a memory router. */
/** A tool's route: its base path with an optional region, the region checked before the screen shows. */
function toolRoute(
  tool: ToolDefinition,
  param: 'selectedRegion' | 'region',
  Screen: ComponentType,
): RouteObject {
  return {
    path: `${tool.basePath}/:${param}?`,
    element: (
      <RegionGate param={param} toolPath={tool.path}>
        <Screen />
      </RegionGate>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <SiteLayout header={<HomeHeader />} />,
        children: [
          { index: true, element: <LandingScreen /> },
          // Any unknown path shows the landing page.
          { path: '*', element: <LandingScreen /> },
        ],
      },
      {
        element: <SiteLayout header={<LogoOnlyHeader />} />,
        children: [
          { path: paths.login, element: <LoginScreen /> },
          { path: paths.register, element: <RegisterScreen /> },
          { path: '/confirm-email/:confirmationToken', element: <ConfirmEmailScreen /> },
          { path: paths.forgotPassword, element: <ForgotPasswordScreen /> },
          { path: '/reset-password/:resetToken', element: <ResetPasswordScreen /> },
          { path: '/unlock-login/:unlockToken', element: <UnlockLoginScreen /> },
          { path: paths.contactUs, element: <ContactUsScreen /> },
          { path: paths.refundPolicy, element: <RefundPolicyScreen /> },
          { path: paths.termsAndConditions, element: <TermsAndConditionsScreen /> },
          { path: paths.privacyPolicy, element: <PrivacyPolicyScreen /> },
          { path: paths.status, element: <StatusScreen /> },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.discordCallback, element: <DiscordCallbackScreen /> },
              { path: paths.subscription, element: <SubscriptionScreen /> },
              { path: paths.paymentSuccess, element: <PaymentSuccessScreen /> },
              { path: paths.config, element: <ConfigScreen /> },
              { path: paths.configPersonal, element: <ConfigPersonalScreen /> },
              // "Back to Settings" of the Discord callback: the personal settings hold the Discord link.
              { path: paths.settings, element: <Navigate to={paths.configPersonal} replace /> },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          // A printable page: no site header or footer around the receipt.
          { path: '/subscription/receipts/:invoiceId', element: <ReceiptScreen /> },
          {
            element: <ToolLayout />,
            children: [
              {
                element: <RequireAccess />,
                children: [
                  toolRoute(flipping, 'selectedRegion', FlippingToolScreen),
                  toolRoute(tsm, 'region', TsmListGeneratorScreen),
                  toolRoute(dropship, 'region', DropshipToolScreen),
                  toolRoute(stats, 'region', RealmStatsScreen),
                ],
              },
              {
                element: <RequireAdmin />,
                children: [
                  { path: paths.adminStats, element: <AdminStatsScreen /> },
                  { path: paths.adminGold, element: <AdminGoldScreen /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
