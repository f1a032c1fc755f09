import { ComingSoon } from '../components/coming-soon';

export function DiscordCallbackScreen() {
  return (
    <ComingSoon title={'Linking your Discord account'}>
      This page finishes linking your Discord account and then returns you to your settings.
    </ComingSoon>
  );
}
