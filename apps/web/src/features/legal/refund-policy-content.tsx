import { PRODUCT_NAME } from '@goldroute/domain';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { ProsePage, ProseSection } from '../../components/prose-page';

export function RefundPolicyContent() {
  return (
    <ProsePage
      title="Refund Policy"
      intro={`How payments, cancellations and refunds work for a ${PRODUCT_NAME} subscription.`}
      updated="November 2025"
      summary={
        <p>
          No refunds. Cancel whenever you like: you keep every tool until your paid period ends, and no
          further payment is taken.
        </p>
      }
    >
      <ProseSection title="No refunds">
        <p>All payments are final: we do not offer refunds.</p>
        <p>
          This applies to monthly and yearly plans alike, to the first payment and to every renewal, and also
          to periods in which you did not use the tools. Prices and what each plan includes are shown before
          you pay, so please read them carefully before you subscribe.
        </p>
      </ProseSection>
      <ProseSection title="Cancelling your subscription">
        <p>
          You can cancel at any time from the Subscription page. When you cancel, your access continues until
          the end of the paid period, and you will not be charged again.
        </p>
        <p>
          Until that date you keep every tool, your realm settings, your saved filters and your favourites. If
          you change your mind before the period ends, you can resume the subscription from the same page and
          nothing is lost.
        </p>
      </ProseSection>
      <ProseSection title="Changing plans">
        <p>
          Switching between Basic and Advanced, or between monthly and yearly billing, is handled by our card
          payment provider, which settles the difference on your next invoice. A change of plan is not a
          refund.
        </p>
      </ProseSection>
      <ProseSection title="Failed payments">
        <p>
          If a renewal payment fails, the subscription moves into cancellation and access ends when the paid
          period is over. You can subscribe again whenever you like.
        </p>
      </ProseSection>
      <ProseSection title="Questions">
        <p>
          Billing questions are welcome on our <Link to={paths.contactUs}>contact page</Link>. The{' '}
          <Link to={paths.termsAndConditions}>Terms and Conditions</Link> describe the full agreement.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
