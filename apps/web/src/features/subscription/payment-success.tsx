import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { AuthPage } from '../../components/auth-page';
import { SUBSCRIPTION_COPY } from './copy';

/** /payment-success (SPEC §2: placeholder text only): the payment went through, access is on its way. */
export function PaymentSuccess() {
  return (
    <AuthPage title={SUBSCRIPTION_COPY.paymentSuccessTitle}>
      <div className="space-y-6">
        <p className="leading-relaxed text-slate-300">{SUBSCRIPTION_COPY.paymentSuccessText}</p>
        <Link to={paths.subscription} className={buttonClass('primary', 'md', 'w-full')}>
          {SUBSCRIPTION_COPY.paymentSuccessLink}
        </Link>
      </div>
    </AuthPage>
  );
}
