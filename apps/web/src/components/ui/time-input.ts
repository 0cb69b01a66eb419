/**
 * What a person types into a 24 h time field ('HH:mm'), whatever the browser's locale: digits and one colon,
 * the colon put in after two digits ('0930' → '09:30'), at most 5 characters. The form's schema says whether
 * the result is a valid time.
 */
export function typedTime(raw: string): string {
  const kept = raw.replace(/[^\d:]/g, '');
  if (kept.includes(':')) {
    const [h = '', m = ''] = kept.split(':');
    return `${h.slice(0, 2)}:${m.replace(/:/g, '').slice(0, 2)}`;
  }
  return kept.length <= 2 ? kept : `${kept.slice(0, 2)}:${kept.slice(2, 4)}`;
}

/** On leaving the field: '9:5' → '09:05', '9' → '09:00', '' stays ''; anything else as it is. */
export function completeTime(text: string): string {
  const m = /^(\d{1,2})(?::(\d{0,2}))?$/.exec(text);
  if (!m) return text;
  const minutes = m[2] ?? '';
  return `${m[1]!.padStart(2, '0')}:${minutes.padStart(2, '0')}`;
}
