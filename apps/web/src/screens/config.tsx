import { ComingSoon } from '../components/coming-soon';

export function ConfigScreen() {
  return (
    <ComingSoon title={'Realm settings'}>
      Pick your region and the realms you buy from and sell on; the tools use these lists.
    </ComingSoon>
  );
}
