import { describe } from 'vitest';
import { startDemoDriver } from '../../test-support/payments';
import { paymentsSuite } from './payments.suite';

describe('payments with the built-in demo provider', () => {
  paymentsSuite(startDemoDriver);
});
