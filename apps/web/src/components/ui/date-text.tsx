import { formatDate, formatDateTime } from '@airlink/domain';

export interface DateTextProps {
  value: Date | string | number | null | undefined;
  /** Also show the time of day (24 h). */
  withTime?: boolean;
}

/** A date in es-MX in the business time zone, inside a <time> element. */
export function DateText({ value, withTime }: DateTextProps) {
  if (value === null || value === undefined || value === '') return <span>—</span>;
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
