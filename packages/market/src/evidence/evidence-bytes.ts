// A realm's evidence to and from the bytes the server stores (the format: storage/evidence-codec.ts).
import { RealmEvidence } from './realm-evidence';
import { evidenceDaysFromBytes } from './storage';

export { evidenceToBytes } from './storage';

export function evidenceFromBytes(bytes: Uint8Array): RealmEvidence {
  const { buckets, lastHourMs } = evidenceDaysFromBytes(bytes);
  return RealmEvidence.fromDays(buckets, lastHourMs);
}
