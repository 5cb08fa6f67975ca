/**
 * Dates and times as the shop shows them, in the shopper's own time zone: "Nov 22, 2026",
 * "Nov 22, 2026, 14:05", and for a deadline the time alone when it is today ("14:35").
 */
/**
 * A formatter built on its first use, not when this file loads: building one loads locale data, a
 * long task on a phone, and many pages that load this file show no date at once (or not this kind).
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-US', options);
    return format.format(date);
  };
}

const day = dateFormat({ dateStyle: 'medium' });
const dayAndTime = dateFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const time = dateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const monthDayTime = dateFormat({
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const formatDay = (iso: string) => day(new Date(iso));

export const formatDayAndTime = (iso: string) => dayAndTime(new Date(iso));

/** A deadline: its time when it falls today, else its day and time ("Nov 23, 09:10"). */
export function formatDeadline(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? time(at) : monthDayTime(at);
}
