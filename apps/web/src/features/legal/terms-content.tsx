import { PRODUCT_NAME } from '@goldroute/domain';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { ProsePage, ProseSection } from '../../components/prose-page';

export function TermsContent() {
  return (
    <ProsePage
      title="Terms and Conditions"
      intro={`The agreement between you and ${PRODUCT_NAME} when you create an account or subscribe.`}
      updated="November 2025"
      summary={
        <p>
          Deal figures are estimates, not promises. Subscriptions renew until you cancel, payments are not
          refunded, and Dutch law applies.
        </p>
      }
    >
      <ProseSection title="1. The service">
        <p>
          {PRODUCT_NAME} analyses public auction house data of World of Warcraft retail realms in the US and
          EU regions and shows items that can be bought on one realm and resold on another, together with
          tools to export shopping lists. The figures are estimates based on data that can be up to an hour
          old; prices in the game change constantly and we do not guarantee any profit.
        </p>
      </ProseSection>
      <ProseSection title="2. Your account">
        <ul>
          <li>You need a confirmed e-mail address and a password to use the tools.</li>
          <li>Keep your password to yourself; you are responsible for what happens in your account.</li>
          <li>One subscription is for one person. Sharing or reselling access is not allowed.</li>
        </ul>
      </ProseSection>
      <ProseSection title="3. Subscriptions and billing">
        <p>
          Plans are billed monthly or yearly in advance by our card payment provider and renew automatically
          until you cancel. The price you see before checkout is the price you pay for that period.
        </p>
      </ProseSection>
      <ProseSection title="4. Cancellation and refunds">
        <p>
          You may cancel at any time. Access continues until the end of the paid period and no further charges
          are made. Payments are not refunded; see the <Link to={paths.refundPolicy}>Refund Policy</Link>.
        </p>
      </ProseSection>
      <ProseSection title="5. Fair use">
        <ul>
          <li>Do not scrape, overload or try to break into the service or its API.</li>
          <li>Do not use the service to break the rules of the game or of Blizzard Entertainment.</li>
          <li>We may suspend accounts that abuse the service, after warning you where possible.</li>
        </ul>
      </ProseSection>
      <ProseSection title="6. The game and third parties">
        <p>
          {PRODUCT_NAME} is an independent product and is not affiliated with or endorsed by Blizzard
          Entertainment. World of Warcraft and related names are trademarks of Blizzard Entertainment, Inc.
          You trade in the game at your own risk and under the game&apos;s own terms.
        </p>
      </ProseSection>
      <ProseSection title="7. Liability">
        <p>
          The service is provided as is. To the extent the law allows, our liability is limited to the amount
          you paid us in the twelve months before the claim. Nothing in these terms limits rights you have as
          a consumer that cannot be waived.
        </p>
      </ProseSection>
      <ProseSection title="8. Changes to these terms">
        <p>
          We may update these terms. For significant changes we e-mail subscribers at least 30 days before
          they take effect; continuing to use the service afterwards means you accept them.
        </p>
      </ProseSection>
      <ProseSection title="9. Governing law">
        <p>These terms are governed by the laws of the Netherlands.</p>
        <p>
          Disputes are submitted to the competent court in the Netherlands, unless mandatory consumer law
          gives you the right to go to the courts of the country where you live.
        </p>
      </ProseSection>
      <ProseSection title="10. Contact">
        <p>
          Questions about these terms? Reach us through the <Link to={paths.contactUs}>contact page</Link>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
