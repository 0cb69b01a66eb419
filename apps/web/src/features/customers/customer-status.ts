import { contractNumberText } from '@airlink/domain';
import { dayText } from '../../components/ui/date-text';

export type StatusColor = 'default' | 'success' | 'warning' | 'error';

export interface StatusBadge {
  label: string;
  color: StatusColor;
}

export interface StatusSource {
  activo: boolean;
  cortado: boolean;
  no: number;
  diasRetraso: number;
}

/**
 * The status chips of a customer: 'Cancelado' alone for an ended contract; otherwise 'Suspendido',
 * 'Retraso N días' and 'Sin autorizar' as they apply, or 'Al corriente' when none does.
 */
export function customerStatusBadges(c: StatusSource): StatusBadge[] {
  if (!c.activo) return [{ label: 'Cancelado', color: 'default' }];
  const out: StatusBadge[] = [];
  if (c.cortado) out.push({ label: 'Suspendido', color: 'error' });
  if (c.diasRetraso > 0) {
    out.push({ label: `Retraso ${c.diasRetraso} ${c.diasRetraso === 1 ? 'día' : 'días'}`, color: 'warning' });
  }
  if (c.no === 0) out.push({ label: 'Sin autorizar', color: 'default' });
  if (out.length === 0 || (out.length === 1 && c.no === 0)) out.unshift({ label: 'Al corriente', color: 'success' });
  return out;
}

/** The contract number for people: '0012', or 'Sin autorizar' while it is 0. */
export function contractNumberLabel(no: number): string {
  return no > 0 ? contractNumberText(no) : 'Sin autorizar';
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const longDay = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '15 de marzo de 2026' for a 'YYYY-MM-DD' date. */
export function longDayText(value: string | null | undefined): string {
  if (!value) return '—';
  const m = ISO_DAY.exec(value.slice(0, 10));
  if (!m) return dayText(value);
  return longDay.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}
