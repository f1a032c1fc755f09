import { TermsContent } from '../features/legal/terms-content';

export function TermsAndConditionsScreen() {
  return <TermsContent />;
}
