import { describe } from 'vitest';
import { startStripeDriver } from '../../test-support/payments';
import { paymentsSuite } from './payments.suite';

describe('payments through the Stripe SDK against a loopback Stripe', () => {
  paymentsSuite(startStripeDriver);
});
