import { describe, expect, it } from 'vitest';
import { formatDay, formatDayAndTime, formatDeadline } from './format-date';

// Local times, as the shopper's browser shows them.
const at = (hours: number, minutes: number, day = 22) =>
  new Date(2026, 10, day, hours, minutes).toISOString();

describe('dates', () => {
  it('shows a day and a day with its time on a 24-hour clock', () => {
    expect(formatDay(at(14, 5))).toBe('Nov 22, 2026');
    expect(formatDayAndTime(at(14, 5))).toBe('Nov 22, 2026, 14:05');
  });

  it('shows a deadline today as its time, on another day with the day', () => {
    const now = new Date(2026, 10, 22, 14, 5);
    expect(formatDeadline(at(14, 35), now)).toBe('14:35');
    expect(formatDeadline(at(0, 10, 23), now)).toBe('Nov 23, 00:10');
  });
});
