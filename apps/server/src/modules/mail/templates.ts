import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './mailer';

function message(
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
): MailMessage {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', '— GoldRoute'].join('\n');
  const html =
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p>— GoldRoute</p>`;
  return { to, subject, text, html, link: link.url };
}

export const confirmEmailMail = (to: string, url: string) =>
  message(
    to,
    'Confirm your GoldRoute e-mail address',
    [
      'Welcome to GoldRoute!',
      'Please confirm your e-mail address. The link is valid for 24 hours and works once.',
    ],
    { label: 'Confirm my e-mail address', url },
  );

export const resetPasswordMail = (to: string, url: string) =>
  message(
    to,
    'Reset your GoldRoute password',
    [
      'Someone asked to reset the password of your GoldRoute account.',
      'The link is valid for 1 hour and works once. If it was not you, ignore this e-mail.',
    ],
    { label: 'Set a new password', url },
  );

export const unlockLoginMail = (to: string, url: string) =>
  message(
    to,
    'Unlock logins to your GoldRoute account on a new device',
    [
      'There were too many failed logins to your GoldRoute account, so logins from devices it has not seen before are paused for a while. Devices you have logged in with before still log in as usual.',
      'If you are trying to log in on a new device, open this link on that device. The link is valid for 30 minutes and works once.',
      'If it was not you, ignore this e-mail: nobody can log in without your password.',
    ],
    { label: 'Unlock logins on this device', url },
  );

export const alreadyRegisteredMail = (to: string, url: string) =>
  message(
    to,
    'Your GoldRoute account already exists',
    [
      'Someone tried to create a GoldRoute account with this e-mail address, which already has one.',
      'If it was you, log in, or reset your password if you forgot it. Otherwise ignore this e-mail.',
    ],
    { label: 'Forgot your password? Set a new one', url },
  );

export const subscriptionStartedMail = (to: string, plan: string, renewsOn: string, url: string) =>
  message(
    to,
    'Your GoldRoute subscription is active',
    [
      `Thank you for subscribing to GoldRoute ${plan}. Every tool is open to you now.`,
      `Your subscription renews on ${renewsOn}. You can change your plan or cancel at any time.`,
    ],
    { label: 'Open GoldRoute', url },
  );

export const paymentFailedMail = (to: string, plan: string, url: string) =>
  message(
    to,
    'Your GoldRoute payment failed',
    [
      `We could not take the payment for your GoldRoute ${plan} subscription.`,
      'Your card will be tried again over the next days. If every attempt fails, the subscription ends.',
      'Please check your payment details.',
    ],
    { label: 'Review your subscription', url },
  );

export const cancellationConfirmedMail = (to: string, plan: string, endsOn: string, url: string) =>
  message(
    to,
    'Your GoldRoute subscription is cancelled',
    [
      `Your GoldRoute ${plan} subscription is cancelled. You keep access until ${endsOn}, and you will not be charged again.`,
      'Changed your mind? You can resume it before that date.',
    ],
    { label: 'Manage your subscription', url },
  );
