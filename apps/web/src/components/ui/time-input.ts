/**
 * What a person types into a 24 h time field ('HH:mm', or 'HH:mm:ss' `withSeconds`), whatever the browser's
 * locale: digits and colons, a colon put in after each two digits ('0930' → '09:30'), at most 5 (8) characters.
 * The form's schema says whether the result is a valid time.
 */
export function typedTime(raw: string, withSeconds = false): string {
  const parts = withSeconds ? 3 : 2;
  const segments: string[] = [''];
  for (const c of raw.replace(/[^\d:]/g, '')) {
    const last = segments[segments.length - 1]!;
    if (c === ':') {
      // A colon starts the next part once the current one has a digit.
      if (last !== '' && segments.length < parts) segments.push('');
    } else if (last.length < 2) {
      segments[segments.length - 1] = last + c;
    } else if (segments.length < parts) {
      segments.push(c);
    }
  }
  return segments.join(':');
}

/**
 * On leaving the field: '9:5' → '09:05', '9' → '09:00' (with seconds '09:00:00'), '' stays ''; anything else
 * as it is.
 */
export function completeTime(text: string, withSeconds = false): string {
  const m = /^(\d{1,2})(?::(\d{0,2}))?(?::(\d{0,2}))?$/.exec(text);
  if (!m || (m[3] !== undefined && !withSeconds)) return text;
  const hm = `${m[1]!.padStart(2, '0')}:${(m[2] ?? '').padStart(2, '0')}`;
  return withSeconds ? `${hm}:${(m[3] ?? '').padStart(2, '0')}` : hm;
}
