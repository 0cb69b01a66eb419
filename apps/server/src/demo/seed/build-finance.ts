import type * as schema from '../../db/schema';
import { USER_IDS, cents, type DemoContext, type Insert } from './context';
import { addDays, addMonths, daysBetween, localDateTime, monthLabel, monthStart, type IsoDate } from './dates';

export type Gasto = Insert<typeof schema.gastos>;

/** Category ids by name, as stored by seedBase. */
export type CategoryIds = ReadonlyMap<string, number>;

interface Recurring {
  categoria: string;
  descripcion: string;
  nombrePunto: string;
  numeroServicio: string;
  idCuenta: number;
  /** Day of the month it is due. */
  day: number;
  amount: [number, number];
  /** Months between charges (Luz is billed every two months). */
  every?: number;
}

const RECURRING: readonly Recurring[] = [
  {
    categoria: 'Renta',
    descripcion: 'Renta oficina Tizayuca',
    nombrePunto: 'Oficina Tizayuca',
    numeroServicio: '',
    idCuenta: 6,
    day: 1,
    amount: [7500, 7500],
  },
  {
    categoria: 'Renta',
    descripcion: 'Renta oficina Pachuca',
    nombrePunto: 'Oficina Pachuca',
    numeroServicio: '',
    idCuenta: 6,
    day: 5,
    amount: [6000, 6000],
  },
  {
    categoria: 'Renta',
    descripcion: 'Renta de espacio en torre',
    nombrePunto: 'Cerro El Tuzo',
    numeroServicio: '',
    idCuenta: 2,
    day: 10,
    amount: [2500, 2500],
  },
  {
    categoria: 'Luz',
    descripcion: 'Recibo CFE oficina Tizayuca',
    nombrePunto: 'Oficina Tizayuca',
    numeroServicio: '482190357712',
    idCuenta: 4,
    day: 18,
    amount: [950, 1500],
    every: 2,
  },
  {
    categoria: 'Luz',
    descripcion: 'Recibo CFE Torre Tizayuca',
    nombrePunto: 'Torre Tizayuca',
    numeroServicio: '482190811450',
    idCuenta: 6,
    day: 20,
    amount: [1900, 2900],
    every: 2,
  },
  {
    categoria: 'Internet/Enlace',
    descripcion: 'Enlace dedicado 500 Mbps',
    nombrePunto: 'Torre Tizayuca',
    numeroServicio: '7797961220',
    idCuenta: 6,
    day: 8,
    amount: [11500, 11500],
  },
  {
    categoria: 'Internet/Enlace',
    descripcion: 'Enlace dedicado 300 Mbps',
    nombrePunto: 'Torre Pachuca',
    numeroServicio: '7717184530',
    idCuenta: 6,
    day: 8,
    amount: [7900, 7900],
  },
  {
    categoria: 'Nómina',
    descripcion: 'Nómina primera quincena',
    nombrePunto: 'Oficina Tizayuca',
    numeroServicio: '',
    idCuenta: 6,
    day: 15,
    amount: [39000, 41500],
  },
  {
    categoria: 'Nómina',
    descripcion: 'Nómina segunda quincena',
    nombrePunto: 'Oficina Tizayuca',
    numeroServicio: '',
    idCuenta: 6,
    day: 28,
    amount: [39000, 41500],
  },
  {
    categoria: 'Impuestos',
    descripcion: 'Pago provisional ISR e IVA (SAT)',
    nombrePunto: 'Oficina Tizayuca',
    numeroServicio: '',
    idCuenta: 2,
    day: 17,
    amount: [8000, 14000],
  },
];

/** Payroll and taxes are never left unpaid in the demo. */
const NEVER_LATE = new Set(['Nómina', 'Impuestos']);

const FUEL: ReadonlyArray<readonly [string, string, number, number, string]> = [
  ['Combustible', 'Gasolina camioneta de instalaciones', 600, 1400, 'Oficina Tizayuca'],
  ['Combustible', 'Gasolina camioneta Pachuca', 500, 1200, 'Oficina Pachuca'],
];

const OCCASIONAL: ReadonlyArray<readonly [string, string, number, number, string]> = [
  ['Equipo y refacciones', 'Compra de antenas LiteBeam 5AC Gen2 (10 piezas)', 14500, 16800, 'Oficina Tizayuca'],
  ['Equipo y refacciones', 'Bobina de cable UTP exterior y conectores', 2800, 4200, 'Oficina Tizayuca'],
  ['Equipo y refacciones', 'Routers TP-Link para instalaciones (5 piezas)', 2900, 3600, 'Oficina Pachuca'],
  ['Papelería', 'Papel para recibos, tóner y folders', 450, 1300, 'Oficina Tizayuca'],
  ['Papelería', 'Impresión de volantes de promoción', 900, 1800, 'Oficina Pachuca'],
  ['Mantenimiento', 'Mantenimiento de torre: pintura y tensores', 3500, 7800, 'Torre Tizayuca'],
  ['Mantenimiento', 'Servicio de la camioneta (afinación)', 2400, 4200, 'Oficina Tizayuca'],
  ['Otros', 'Garrafones de agua y artículos de limpieza', 250, 600, 'Oficina Tizayuca'],
  ['Otros', 'Comisión bancaria por terminal', 300, 700, 'Oficina Tizayuca'],
];

/** About 80 expenses over the last six months, plus the ones due in the coming weeks. */
export function buildExpenses(ctx: DemoContext, categories: CategoryIds): Gasto[] {
  const rng = ctx.rng.fork('expenses');
  const fallback = categories.get('Otros') ?? [...categories.values()][0];
  if (fallback === undefined) throw new Error('No hay categorías de gasto: ejecute seedBase primero');
  const categoryId = (name: string) => categories.get(name) ?? fallback;
  // Bills already scheduled for the coming month (the app's default due date is today + 30 days).
  const horizon = addDays(ctx.today, 30);
  const out: Gasto[] = [];

  const push = (
    r: Omit<Recurring, 'day' | 'amount' | 'every'>,
    due: IsoDate,
    monto: number,
    tipoGasto: string,
    periodo: string,
  ) => {
    let estadoPago: 'Pendiente' | 'Pagado' | 'Atrasado';
    let fechaRealizacion: IsoDate | null = null;
    const overdue = daysBetween(due, ctx.today);
    if (overdue < 0) estadoPago = 'Pendiente';
    else if (overdue <= 25 && !NEVER_LATE.has(r.categoria) && rng.chance(0.15)) estadoPago = 'Atrasado';
    else if (overdue <= 2 && rng.chance(0.5)) estadoPago = 'Pendiente';
    else {
      estadoPago = 'Pagado';
      const paid = addDays(due, rng.int(-3, 2));
      fechaRealizacion = paid > ctx.today ? ctx.today : paid;
    }
    const createdDay = addDays(due, -rng.int(3, 15));
    const createdAt = localDateTime(createdDay <= ctx.today ? createdDay : ctx.today, rng.int(9, 13), rng.int(0, 59));
    out.push({
      idGasto: categoryId(r.categoria),
      idCuenta: r.idCuenta,
      monto: cents(monto),
      descripcion: r.descripcion,
      tipoGasto: tipoGasto,
      numeroServicio: r.numeroServicio,
      nombrePunto: r.nombrePunto,
      periodo,
      fechaPagoProgramada: due,
      fechaRealizacion,
      estadoPago,
      nota: estadoPago === 'Atrasado' ? 'Falta confirmar el pago con el proveedor' : '',
      esGasto: true,
      createdBy: rng.pick([USER_IDS.gerente, USER_IDS.admin]),
      createdAt: createdAt.getTime() < ctx.now.getTime() ? createdAt : new Date(ctx.now.getTime() - 3_600_000),
    });
  };

  const first = monthStart(addMonths(ctx.today, -6));
  for (let m = 0; m <= 7; m++) {
    const month = addMonths(first, m);
    for (const r of RECURRING) {
      if ((r.every ?? 1) > 1 && m % (r.every ?? 1) !== 0) continue;
      const due = addDays(month, r.day - 1);
      if (due < addMonths(ctx.today, -6) || due > horizon) continue;
      const monto =
        r.amount[0] === r.amount[1] ? r.amount[0] : rng.int(r.amount[0], r.amount[1]) + rng.pick([0, 0.5, 0.9]);
      push(r, due, monto, 'Fijo', monthLabel(month));
    }
    for (let k = 0; k < 4; k++) {
      const [categoria, descripcion, min, max, nombrePunto] =
        k < 2 ? (FUEL[k] ?? rng.pick(FUEL)) : rng.pick(OCCASIONAL);
      const due = addDays(month, rng.int(0, 27));
      if (due > ctx.today || due < addMonths(ctx.today, -6)) continue;
      const idCuenta =
        categoria === 'Equipo y refacciones' ? rng.pick([2, 5]) : nombrePunto === 'Oficina Pachuca' ? 3 : 4;
      push(
        { categoria, descripcion, nombrePunto, numeroServicio: '', idCuenta },
        due,
        rng.int(min, max),
        'Variable',
        monthLabel(month),
      );
    }
  }
  out.sort((a, b) => (a.fechaPagoProgramada ?? '').localeCompare(b.fechaPagoProgramada ?? ''));
  // Always show one overdue bill: the latest paid one that may be late.
  if (!out.some((g) => g.estadoPago === 'Atrasado')) {
    const candidate = out
      .filter(
        (g) => g.estadoPago === 'Pagado' && g.idGasto !== categoryId('Nómina') && g.idGasto !== categoryId('Impuestos'),
      )
      .at(-1);
    if (candidate) {
      candidate.estadoPago = 'Atrasado';
      candidate.fechaRealizacion = null;
      candidate.nota = 'Falta confirmar el pago con el proveedor';
    }
  }
  return out;
}
