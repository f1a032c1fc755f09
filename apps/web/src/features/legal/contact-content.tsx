import { Link } from 'react-router';
import { DISCORD_INVITE_URL, SUPPORT_EMAIL, paths } from '../../shared/paths';
import { ProsePage, ProseSection } from '../../components/prose-page';

const cardClass =
  'group flex flex-col gap-2 rounded-2xl border border-white/10 bg-ink-850/70 p-6 transition hover:border-gold-400/40 hover:bg-ink-800';

export function ContactContent() {
  return (
    <ProsePage
      title="Contact Us"
      intro="Questions about a deal, your subscription or your account? We are happy to help."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <a href={`mailto:${SUPPORT_EMAIL}`} className={cardClass}>
          <span className="text-sm font-semibold tracking-wide text-gold-300 uppercase">E-mail</span>
          <span className="text-lg font-semibold break-all text-white">{SUPPORT_EMAIL}</span>
          <span className="text-sm text-slate-400">We reply within two working days.</span>
        </a>
        <a href={DISCORD_INVITE_URL} target="_blank" rel="noopener noreferrer" className={cardClass}>
          <span className="text-sm font-semibold tracking-wide text-gold-300 uppercase">Community</span>
          <span className="text-lg font-semibold text-white">Join us on Discord</span>
          <span className="text-sm text-slate-400">
            Ask other gold makers, share finds and hear about updates.
          </span>
        </a>
      </div>
      <ProseSection title="Before you write">
        <ul>
          <li>Send the e-mail address of your account, so we can find it quickly.</li>
          <li>Tell us your region (US or EU) and, for a deal, the item and the two realms.</li>
          <li>For billing questions, mention the date of the payment.</li>
        </ul>
      </ProseSection>
      <ProseSection title="Policies">
        <p>
          Our <Link to={paths.refundPolicy}>Refund Policy</Link>,{' '}
          <Link to={paths.privacyPolicy}>Privacy Policy</Link> and{' '}
          <Link to={paths.termsAndConditions}>Terms and Conditions</Link> answer the most common questions
          about payments and data.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
