import { PRODUCT_NAME } from '@goldroute/domain';
import { Link } from 'react-router';
import { SUPPORT_EMAIL, paths } from '../../shared/paths';
import { ProsePage, ProseSection } from '../../components/prose-page';

export function PrivacyContent() {
  return (
    <ProsePage
      title="Privacy Policy"
      intro={`What personal data ${PRODUCT_NAME} keeps, why, and the choices you have.`}
      updated="November 2025"
      summary={
        <p>
          We keep only what the service needs, never sell it, never see your card number, and reply to every
          privacy request within a month.
        </p>
      }
    >
      <ProseSection title="What we collect">
        <ul>
          <li>Account data: your e-mail address and a securely hashed password.</li>
          <li>
            Subscription data: your plan, its status and its dates. Card details go straight to our card
            payment provider; we never see or store your card number.
          </li>
          <li>Settings: your region, realm lists, saved filter defaults and favourite items.</li>
          <li>If you link a Discord account: its account id, so we can recognise you in our community.</li>
          <li>Technical data: server logs with IP address and browser type, kept for security.</li>
        </ul>
      </ProseSection>
      <ProseSection title="Why we use it">
        <p>
          We use this data to run your account and subscription, to show deals for the realms you chose, to
          send service e-mails such as confirmation and password-reset links, and to keep the service secure.
          We do not sell your data and we do not show advertising.
        </p>
      </ProseSection>
      <ProseSection title="Who we share it with">
        <p>
          Only with the processors we need to run the service: our hosting provider, our card payment provider
          and our e-mail delivery provider, each bound by a data processing agreement.
        </p>
      </ProseSection>
      <ProseSection title="Storage in your browser">
        <p>
          We keep your sign-in session in your browser&apos;s local storage so you stay logged in. We use no
          tracking or advertising cookies.
        </p>
      </ProseSection>
      <ProseSection title="How long we keep it">
        <p>
          Account data is kept while your account exists and deleted within 30 days after you ask us to close
          it. Invoices are kept as long as tax law requires.
        </p>
      </ProseSection>
      <ProseSection title="Your rights">
        <p>
          You may ask for a copy of your data, have it corrected or deleted, restrict or object to its use,
          and receive it in a portable format. Send your request to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We answer every request within one month.
        </p>
        <p>
          You can also lodge a complaint with the Dutch Data Protection Authority (Autoriteit
          Persoonsgegevens).
        </p>
      </ProseSection>
      <ProseSection title="Children">
        <p>
          {PRODUCT_NAME} is not directed at children under 13, and we do not knowingly collect personal data
          from children under 13. If you believe a child has given us data, contact us and we will delete it.
        </p>
      </ProseSection>
      <ProseSection title="Changes">
        <p>
          When this policy changes we update the date above, and for significant changes we e-mail you first.
          Questions are welcome on our <Link to={paths.contactUs}>contact page</Link>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
