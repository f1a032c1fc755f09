import { ContactContent } from '../features/legal/contact-content';

export function ContactUsScreen() {
  return <ContactContent />;
}
