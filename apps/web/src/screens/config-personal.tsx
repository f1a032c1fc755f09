import { ComingSoon } from '../components/coming-soon';

export function ConfigPersonalScreen() {
  return (
    <ComingSoon title={'Personal filters'}>
      Save your favourite filter values as defaults so every tool opens the way you like it.
    </ComingSoon>
  );
}
