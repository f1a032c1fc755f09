// Texts of the subscription screens that SPEC.md does not quote (those come from the domain).

export const SUBSCRIPTION_COPY = {
  eyebrow: 'Account',
  title: 'Subscription',
  subtitle:
    'One subscription unlocks every tool. Switch plans or billing period whenever you like; cancelling keeps your access until the end of the period you paid for.',
  loading: 'Loading your subscription...',
  summaryTitle: 'Your subscription',
  noSubscription: 'No active subscription',
  noSubscriptionHint: 'Pick a plan below to unlock the tools.',
  plansTitle: 'Plans',
  accessTools: 'Access tools',
  renewsOn: (date: string) => `Renews on ${date}`,
  accessEndsOn: (date: string) => `Access ends on ${date}`,
  grantedUntil: (date: string) => `Granted time until ${date}`,
  grantedType: { basic: 'Basic', premium: 'Premium' },
  perInterval: { month: 'month', year: 'year' },
  activating: 'Confirming your payment... your access will be ready in a moment.',
  pricesUnavailable: 'Plans could not be loaded, so checkout is unavailable for now.',
  retryPrices: 'Try again',
  /** The current plan's button while the subscription is in cancelation. */
  resumePlan: 'Resume',
  resumeToChangePlan: 'Resume your subscription to change plans.',
  pickPlanAfterEnd: 'You can pick a new plan once this subscription has ended.',
  /** Second button of the cancel dialog (SPEC §2: "Deactivate and Cancel"); closes it. */
  dismiss: 'Cancel',
  cancelDialogText: (end: string | null) =>
    `You keep full access ${end ? `until ${end}` : 'until the end of the period you have paid for'}. After that your access to the tools ends. You will not be charged again, and the time already paid for is not refunded.`,
  cancelDialogResume: 'Changed your mind later? You can resume the subscription any time before it ends.',
  paymentSuccessTitle: 'Payment successful',
  paymentSuccessText:
    'Thank you! Your payment went through and we are activating your access to every GoldRoute tool. This usually takes a few seconds.',
  paymentSuccessLink: 'Go to your subscription',
} as const;
