import { formatDate, formatDateTime } from '../../lib/business-time';

/**
 * A calendar date ('YYYY-MM-DD', shown as is: no time zone can move it a day) or an instant (shown as
 * its date in the business time zone), as dd/mm/aaaa with the domain's `formatDate`. '—' when empty.
 */
export function dayText(value: string | null | undefined): string {
  if (!value) return '—';
  return formatDate(value);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface DateTextProps {
  value: Date | string | number | null | undefined;
  /** Also show the time of day (24 h). */
  withTime?: boolean;
}

/** A date in es-MX in the business time zone, inside a <time> element. */
export function DateText({ value, withTime }: DateTextProps) {
  if (value === null || value === undefined || value === '') return <span>—</span>;
  if (typeof value === 'string' && CALENDAR_DATE.test(value) && !withTime) {
    // A calendar date is that date everywhere: converting it to an instant would show the day before.
    return (
      <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {formatDate(value)}
      </time>
    );
  }
  const d = value instanceof Date ? value : new Date(value);
  const valid = !Number.isNaN(d.getTime());
  const text = withTime ? formatDateTime(d) : formatDate(d);
  return valid ? (
    <time dateTime={d.toISOString()} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </time>
  ) : (
    <span>{text}</span>
  );
}
