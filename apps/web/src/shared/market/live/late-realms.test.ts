import { describe, expect, it } from 'vitest';
import { formatAge, lateRealmsText } from './late-realms';

describe('late realms line', () => {
  const now = 1_800_004_320;
  const realm = (label: string, ageSeconds: number) => ({
    id: label.length,
    label,
    lastModified: now - ageSeconds,
  });

  it('names the late realms, the oldest first, with the age of their data', () => {
    expect(lateRealmsText([realm('Draenor', 4320), realm('Kazzak', 4330)], now)).toBe(
      '2 realms have not updated with the last batch: Kazzak (1 h 12 min), Draenor (1 h 12 min)',
    );
    expect(lateRealmsText([realm('Kazzak', 2700)], now)).toBe(
      '1 realm has not updated with the last batch: Kazzak (45 min)',
    );
    expect(lateRealmsText([], now)).toBeNull();
  });

  it('lists three and counts the rest, to stay short on a phone', () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map((label, i) => realm(label, 7200 - i * 60));
    expect(lateRealmsText(five, now)).toBe(
      '5 realms have not updated with the last batch: A (2 h), B (1 h 59 min), C (1 h 58 min) and 2 more',
    );
  });

  it('formats ages in hours and minutes', () => {
    expect(formatAge(59)).toBe('0 min');
    expect(formatAge(3600)).toBe('1 h');
    expect(formatAge(3660)).toBe('1 h 1 min');
    expect(formatAge(-5)).toBe('0 min');
  });
});
