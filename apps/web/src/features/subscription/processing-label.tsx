import { LABELS } from '@goldroute/domain';
import { Spinner } from '../../components/loading-screen';

/** What a button says while its action runs: a small spinner and "Processing...". */
export function ProcessingLabel() {
  return (
    <>
      <Spinner className="size-4 border-2" />
      {LABELS.processing}
    </>
  );
}
