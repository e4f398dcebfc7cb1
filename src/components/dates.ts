// Date formats in one place (dayjs).
import dayjs from 'dayjs';

/** SPEC §9 "MMM d, yyyy h:mm a", e.g. "Nov 22, 2026 1:05 PM". */
export function formatTransactionDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('MMM D, YYYY h:mm A') : '';
}

/** A calendar date such as "December 22, 2026". */
export function formatLongDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('MMMM D, YYYY') : '';
}
