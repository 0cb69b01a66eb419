/**
 * A small PDF writer for one-page text documents (receipts): PDF 1.4, the standard Helvetica fonts with
 * WinAnsi encoding (Spanish letters, ¿¡ and the peso sign print as they are), no dependencies.
 */

export interface PdfLine {
  text: string;
  /** Points from the left edge. */
  x: number;
  /** Points from the top edge. */
  y: number;
  size?: number;
  bold?: boolean;
  /** Right-aligned at `x` (approximate width: Helvetica's average glyph). */
  alignRight?: boolean;
}

export interface PdfRule {
  x1: number;
  x2: number;
  /** Points from the top edge. */
  y: number;
}

/** WinAnsi code points of the characters outside Latin-1 that receipts may carry. */
const WIN_ANSI: Record<string, number> = {
  '–': 0x96,
  '—': 0x97,
  '•': 0x95,
  '“': 0x93,
  '”': 0x94,
  '‘': 0x91,
  '’': 0x92,
  '€': 0x80,
};

/** A PDF string literal: escaped, each character as its WinAnsi byte (others as '?'). */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0)!;
    if (code > 0xff) out += '?';
    else if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out})`;
}

/** Approximate width of a Helvetica text by glyph class (em), for right alignment. */
function widthOf(text: string, size: number, bold: boolean): number {
  let em = 0;
  for (const ch of text) {
    if (ch === ' ') em += 0.278;
    else if (/[0-9$.,]/.test(ch)) em += /[.,]/.test(ch) ? 0.278 : 0.556;
    else if (/[A-ZÁÉÍÓÚÑ]/.test(ch)) em += bold ? 0.722 : 0.667;
    else if (/[iljtf()/]/.test(ch)) em += bold ? 0.333 : 0.278;
    else if (/[mwMW]/.test(ch)) em += 0.833;
    else em += bold ? 0.611 : 0.556;
  }
  return em * size;
}

/** One page (Letter portrait by default) with the given lines and horizontal rules. */
export function textPdf(
  lines: readonly PdfLine[],
  rules: readonly PdfRule[] = [],
  page = { width: 612, height: 792 },
  title = '',
): Buffer {
  const ops: string[] = [];
  for (const r of rules) ops.push(`0.6 w ${r.x1} ${page.height - r.y} m ${r.x2} ${page.height - r.y} l S`);
  for (const l of lines) {
    const size = l.size ?? 10;
    const x = l.alignRight ? l.x - widthOf(l.text, size, l.bold ?? false) : l.x;
    ops.push(
      `BT /${l.bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${(page.height - l.y).toFixed(2)} Td ${pdfString(l.text)} Tj ET`,
    );
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (AirLink) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
