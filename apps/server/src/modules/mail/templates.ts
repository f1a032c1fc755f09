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
