/**
 * Dates and times as the shop shows them, in the shopper's own time zone: "Nov 22, 2026",
 * "Nov 22, 2026, 14:05", and for a deadline the time alone when it is today ("14:35").
 */
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const monthDayTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const formatDay = (iso: string) => day.format(new Date(iso));

export const formatDayAndTime = (iso: string) => dayAndTime.format(new Date(iso));

/** A deadline: its time when it falls today, else its day and time ("Nov 23, 09:10"). */
export function formatDeadline(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? time.format(at) : monthDayTime.format(at);
}
