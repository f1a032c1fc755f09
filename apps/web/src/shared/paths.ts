import type { Region } from '@goldroute/domain';

/** Every path of SPEC §2 in one place; screens and menus link through these builders. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  confirmEmail: (confirmationToken: string) => `/confirm-email/${encodeURIComponent(confirmationToken)}`,
  forgotPassword: '/forgot-password',
  resetPassword: (resetToken: string) => `/reset-password/${encodeURIComponent(resetToken)}`,
  /** The mailed unlock link of a new device refused by the login throttle. */
  unlockLogin: (unlockToken: string) => `/unlock-login/${encodeURIComponent(unlockToken)}`,
  contactUs: '/contact-us',
  refundPolicy: '/refund-policy',
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  /** How fresh the market data is (public). */
  status: '/status',
  discordCallback: '/auth/discord/callback',
  subscription: '/subscription',
  /** A printable receipt of one of the user's invoices. */
  receipt: (invoiceId: string) => `/subscription/receipts/${encodeURIComponent(invoiceId)}`,
  paymentSuccess: '/payment-success',
  config: '/config',
  configPersonal: '/config-personal',
  /** Target of the "Back to Settings" button (SPEC §2). */
  settings: '/settings',
  flippingTool: (region: Region = 'us') => `/retail-cross-realm-flipping-tool/${region}`,
  tsmListGenerator: (region: Region = 'us') => `/retail-tsm-list-generator/${region}`,
  dropshipTool: (region: Region = 'us') => `/retail-cross-realm-dropship-tool/${region}`,
  realmStats: (region: Region = 'us') => `/retail-cross-realm-stats/${region}`,
  adminStats: '/admin/stats',
  adminGold: '/admin/gold',
} as const;

/** Landing-page anchors (SPEC §2: tools, reviews, pricing). */
export const anchors = {
  tools: 'tools',
  reviews: 'reviews',
  pricing: 'pricing',
  guide: 'guide',
  faq: 'faq',
} as const;

/** Anchors of /config-personal: its route alerts section (the tools link there) and the Discord link card. */
export const settingsAnchors = {
  alerts: 'alerts',
  discord: 'discord-heading',
} as const;

export const DISCORD_INVITE_URL = 'https://discord.gg/goldroute';
export const SUPPORT_EMAIL = 'support@goldroute.example';
