import { PrivacyContent } from '../features/legal/privacy-content';

export function PrivacyPolicyScreen() {
  return <PrivacyContent />;
}
