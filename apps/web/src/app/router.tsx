import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorScreen } from '../components/error-screen';
import { UnlockLoginScreen } from '../features/auth/unlock-login-screen';
import { ConfirmEmailScreen } from '../screens/confirm-email';
import { ContactUsScreen } from '../screens/contact-us';
import { ForgotPasswordScreen } from '../screens/forgot-password';
import { LandingScreen } from '../screens/landing';
import { LoginScreen } from '../screens/login';
import { PrivacyPolicyScreen } from '../screens/privacy-policy';
import { RefundPolicyScreen } from '../screens/refund-policy';
import { RegisterScreen } from '../screens/register';
import { ResetPasswordScreen } from '../screens/reset-password';
import { TermsAndConditionsScreen } from '../screens/terms-and-conditions';
import { RegionGate, RequireAccess, RequireAdmin, RequireAuth } from './guards';
import { lazyScreen } from './lazy-screen';
import { HomeLayout } from './layouts/home-layout';
import { LogoLayout } from './layouts/logo-layout';
import { RootLayout } from './layouts/root-layout';
import { ToolLayout } from './layouts/tool-layout';
import { paths } from '../shared/paths';
import { TOOL_BY_KEY } from '../shared/tools';

const { flipping, tsm, dropship, stats } = TOOL_BY_KEY;

// Everything behind sign-in loads on first visit: the landing and sign-in pages stay small.
const AdminGoldScreen = lazyScreen(() => import('../screens/admin-gold'), 'AdminGoldScreen');
const AdminStatsScreen = lazyScreen(() => import('../screens/admin-stats'), 'AdminStatsScreen');
const ConfigPersonalScreen = lazyScreen(() => import('../screens/config-personal'), 'ConfigPersonalScreen');
const ConfigScreen = lazyScreen(() => import('../screens/config'), 'ConfigScreen');
const DiscordCallbackScreen = lazyScreen(
  () => import('../screens/discord-callback'),
  'DiscordCallbackScreen',
);
const DropshipToolScreen = lazyScreen(() => import('../screens/dropship-tool'), 'DropshipToolScreen');
const FlippingToolScreen = lazyScreen(() => import('../screens/flipping-tool'), 'FlippingToolScreen');
const PaymentSuccessScreen = lazyScreen(() => import('../screens/payment-success'), 'PaymentSuccessScreen');
const RealmStatsScreen = lazyScreen(() => import('../screens/realm-stats'), 'RealmStatsScreen');
const SubscriptionScreen = lazyScreen(() => import('../screens/subscription'), 'SubscriptionScreen');
const TsmListGeneratorScreen = lazyScreen(
  () => import('../screens/tsm-list-generator'),
  'TsmListGeneratorScreen',
);

// Unit tests render a route and look at it at once, as with one bundle: have every screen fetched before
// the route table is handed out. The build drops this branch.
if (import.meta.env.MODE === 'test') {
  await Promise.all(
    [
      AdminGoldScreen,
      AdminStatsScreen,
      ConfigPersonalScreen,
      ConfigScreen,
      DiscordCallbackScreen,
      DropshipToolScreen,
      FlippingToolScreen,
      PaymentSuccessScreen,
      RealmStatsScreen,
      SubscriptionScreen,
      TsmListGeneratorScreen,
    ].map((screen) => screen.preload()),
  );
}

/** The route table of SPEC §2. Exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <HomeLayout />,
        children: [
          { index: true, element: <LandingScreen /> },
          // Any unknown path shows the landing page.
          { path: '*', element: <LandingScreen /> },
        ],
      },
      {
        element: <LogoLayout />,
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
          {
            element: <ToolLayout />,
            children: [
              {
                element: <RequireAccess />,
                children: [
                  {
                    path: `${flipping.basePath}/:selectedRegion?`,
                    element: (
                      <RegionGate param="selectedRegion" toolPath={flipping.path}>
                        <FlippingToolScreen />
                      </RegionGate>
                    ),
                  },
                  {
                    path: `${tsm.basePath}/:region?`,
                    element: (
                      <RegionGate param="region" toolPath={tsm.path}>
                        <TsmListGeneratorScreen />
                      </RegionGate>
                    ),
                  },
                  {
                    path: `${dropship.basePath}/:region?`,
                    element: (
                      <RegionGate param="region" toolPath={dropship.path}>
                        <DropshipToolScreen />
                      </RegionGate>
                    ),
                  },
                  {
                    path: `${stats.basePath}/:region?`,
                    element: (
                      <RegionGate param="region" toolPath={stats.path}>
                        <RealmStatsScreen />
                      </RegionGate>
                    ),
                  },
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
