import { describe, expect, it } from 'vitest';
import { snapshotEventId } from './snapshot-event-id';

describe('snapshotEventId', () => {
  const times = { '11': 1_800_000_000, '3': 1_799_999_940 };

  it('is the newest dump time and a 10-character hash, whatever order the realms and late realms come in', () => {
    const id = snapshotEventId(1_800_000_000, times, [3, 11]);
    expect(id).toMatch(/^1800000000-[\w-]{10}$/);
    expect(snapshotEventId(1_800_000_000, { '3': 1_799_999_940, '11': 1_800_000_000 }, [11, 3])).toBe(id);
  });

  it('changes with any realm time and with the late realms', () => {
    const id = snapshotEventId(1_800_000_000, times, []);
    expect(snapshotEventId(1_800_000_000, { ...times, '3': 1_799_999_999 }, [])).not.toBe(id);
    expect(snapshotEventId(1_800_000_000, { ...times, '7': 1_799_000_000 }, [])).not.toBe(id);
    expect(snapshotEventId(1_800_000_000, times, [3])).not.toBe(id);
  });
});
