import { SERVICE_TYPES, foldText, searchTextOf } from '@airlink/domain';
import { USER_IDS, nextMac, type ContratoRow, type DemoContext } from './context';
import { addDays, daysBetween, localDateTime, weekday, type IsoDate } from './dates';
import {
  BUSINESS_NAMES,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  MALE_NAMES,
  SECOND_FEMALE_NAMES,
  SECOND_NAMES,
  SURNAMES,
} from './names';
import { COMMUNITIES, type Community } from './places';
import type { Rng } from './prng';

export const CUSTOMER_COUNT = 300;
/** Contracts signed but never authorized (no = 0). */
export const PENDING_COUNT = 15;

/** How a customer behaves in the demo; drives their payments, logs and flags. */
export type Profile = 'pending' | 'ontime' | 'late' | 'suspended' | 'cancelled' | 'ahead' | 'reconnected';

export interface Customer {
  row: ContratoRow;
  community: Community;
  profile: Profile;
  /** For late and suspended customers: how many months (1..3) ago their coverage ran out. */
  lateMonths: number;
  /** How they usually pay. */
  habit: 'cash' | 'bank' | 'card';
  bankAccount: 2 | 6;
  /** A short label for host names ('Hernandez', 'Farmacia'). */
  label: string;
  isBusiness: boolean;
}

const TYPE_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [1, 44],
  [5, 15],
  [2, 12],
  [4, 8],
  [3, 7],
  [6, 6],
  [7, 4],
  [8, 4],
];

const CANCEL_REASONS = [
  'Cambio de domicilio fuera de la zona de cobertura',
  'Contrató otro proveedor de internet',
  'Falta de pago: el cliente ya no desea el servicio',
] as const;

function personName(rng: Rng): { nombre: string; first: string; surname: string } {
  const female = rng.chance(0.5);
  const first: string = female ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
  const given = rng.chance(0.22)
    ? `${first} ${female ? rng.pick(SECOND_FEMALE_NAMES) : rng.pick(SECOND_NAMES)}`
    : first;
  const surname = rng.pick(SURNAMES);
  let second = rng.pick(SURNAMES);
  if (second === surname) second = rng.pick(SURNAMES);
  return { nombre: `${given} ${surname} ${second}`, first, surname };
}

function slug(text: string): string {
  return foldText(text).replace(/[^a-z0-9]+/g, '');
}

/**
 * A contract date on an office day (not Sunday) no later than the 28th, so monthly periods never
 * need day clamping.
 */
function contractDate(today: IsoDate, daysAgo: number): IsoDate {
  let d = addDays(today, -daysAgo);
  while (Number(d.slice(8, 10)) > 28 || weekday(d) === 0) d = addDays(d, -1);
  return d;
}

function address(rng: Rng, c: Community): { calle: string; numero: string } {
  const calle = rng.pick(c.streets);
  if (c.lotes) return { calle, numero: `Mz ${rng.int(1, 45)} Lt ${rng.int(1, 32)}` };
  const r = rng.next();
  if (r < 0.07) return { calle, numero: 'S/N' };
  const n = rng.weighted([
    [rng.int(1, 60), 5],
    [rng.int(61, 250), 4],
    [rng.int(251, 1200), 1],
  ] as const);
  if (r < 0.15) return { calle, numero: `${n}${rng.pick(['A', 'B', '-1', ' Int. 2'])}` };
  return { calle, numero: String(n) };
}

/** About 300 customers, ids and contract numbers in contract-date order. */
export function buildCustomers(ctx: DemoContext): Customer[] {
  const rng = ctx.rng.fork('customers');
  const macRng = ctx.rng.fork('customer-macs');
  const communityWeights = COMMUNITIES.map((c) => [c, c.weight] as const);
  const businesses = rng.shuffle(BUSINESS_NAMES);
  const emails = new Set<string>();
  const phones = new Set<string>();

  const tipos = Array.from({ length: CUSTOMER_COUNT }, () => rng.weighted(TYPE_WEIGHTS));
  for (const t of SERVICE_TYPES) {
    if (!tipos.includes(t.value)) tipos[t.value * 11] = t.value;
  }

  interface Draft {
    date: IsoDate;
    pending: boolean;
    seq: number;
  }
  const drafts: Draft[] = [];
  for (let i = 0; i < CUSTOMER_COUNT - PENDING_COUNT; i++) {
    drafts.push({ date: contractDate(ctx.today, rng.int(30, 1095)), pending: false, seq: i });
  }
  for (let i = 0; i < PENDING_COUNT; i++) {
    // Most are waiting for installation; a few were forgotten for weeks.
    const daysAgo = i < 12 ? rng.int(1, 20) : rng.int(25, 80);
    drafts.push({ date: contractDate(ctx.today, daysAgo), pending: true, seq: CUSTOMER_COUNT + i });
  }
  drafts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));

  let no = 0;
  const customers: Customer[] = drafts.map((d, index) => {
    const id = index + 1;
    const community = rng.weighted(communityWeights);
    const tipo = tipos[index] ?? 1;
    const type = SERVICE_TYPES.find((t) => t.value === tipo) ?? SERVICE_TYPES[0];
    const commercial = [2, 3, 6, 7].includes(tipo);
    const isBusiness = commercial && rng.chance(0.55) && businesses.length > 0;
    let nombre: string;
    let label: string;
    let emailLocal: string;
    if (isBusiness) {
      nombre = businesses.pop() ?? 'Negocio';
      label = slug(nombre.split(' ')[0] ?? 'Negocio');
      emailLocal = slug(nombre);
    } else {
      const p = personName(rng);
      nombre = p.nombre;
      label = p.surname;
      emailLocal = `${slug(p.first)}.${slug(p.surname)}`;
    }
    let email = '';
    if (rng.chance(isBusiness ? 0.75 : 0.4)) {
      let candidate = `${emailLocal}@${rng.pick(EMAIL_DOMAINS)}`;
      while (emails.has(candidate)) candidate = `${emailLocal}${rng.int(1, 99)}@${rng.pick(EMAIL_DOMAINS)}`;
      emails.add(candidate);
      email = candidate;
    }
    let telefono = `${community.lada}${rng.digits(7)}`;
    while (phones.has(telefono)) telefono = `${community.lada}${rng.digits(7)}`;
    phones.add(telefono);

    const { calle, numero } = address(rng, community);
    const colonia = rng.pick(community.colonias);
    const facturar = rng.chance(commercial || tipo === 4 || tipo === 8 ? 0.3 : 0.03);
    if (!d.pending) no += 1;
    const createdAt = localDateTime(d.date, rng.int(9, 18), rng.int(0, 59), rng.int(0, 59));
    const createdBy = rng.pick([USER_IDS.cajero, USER_IDS.cajero, USER_IDS.supervisor, USER_IDS.gerente]);
    const base = {
      nombre,
      calle,
      numero,
      colonia,
      comunidad: community.comunidad,
      telefono,
      email,
      no: d.pending ? 0 : no,
      fechaContratacion: d.date,
    };
    const row: ContratoRow = {
      id,
      ...base,
      estado: community.estado,
      cp: community.cp,
      tipo,
      monto: type.monthly,
      costoInstalacion: type.monthly + 1000,
      mac: nextMac(ctx, macRng),
      idGrupo: 0,
      cortado: false,
      facturar,
      fechaAgenda: null,
      activo: true,
      fechaCancelacion: null,
      motivoCancelacion: null,
      // No payments yet: paid until the contract date. buildDemoData moves it to the last period paid.
      pagadoHasta: d.date,
      routerId: null,
      searchText: searchTextOf(base),
      version: 1,
      createdBy,
      createdAt,
      updatedAt: createdAt,
    };
    const habit = rng.weighted([
      ['cash', 78],
      ['bank', 16],
      ['card', 6],
    ] as const);
    return {
      row,
      community,
      profile: d.pending ? 'pending' : 'ontime',
      lateMonths: 0,
      habit,
      bankAccount: rng.chance(0.6) ? 6 : 2,
      label,
      isBusiness,
    };
  });

  assignProfiles(ctx, customers, rng);
  return customers;
}

/** Picks who is late, suspended, cancelled, paid ahead or was reconnected once. */
function assignProfiles(ctx: DemoContext, customers: Customer[], rng: Rng): void {
  const ageDays = (c: Customer) => daysBetween(c.row.fechaContratacion, ctx.today);
  const take = (profile: Profile, count: number, minAge: number) => {
    const eligible = rng.shuffle(customers.filter((c) => c.profile === 'ontime' && ageDays(c) >= minAge));
    return eligible.slice(0, count).map((c) => {
      c.profile = profile;
      return c;
    });
  };
  take('cancelled', 3, 270).forEach((c, i) => {
    c.row.activo = false;
    c.row.motivoCancelacion = CANCEL_REASONS[i % CANCEL_REASONS.length] ?? CANCEL_REASONS[0];
    // fechaCancelacion is set with the payments, after the last covered period.
  });
  take('suspended', 15, 150).forEach((c) => {
    c.lateMonths = rng.int(1, 3);
    c.row.cortado = true;
  });
  take('late', 25, 150).forEach((c) => {
    c.lateMonths = rng.int(1, 3);
  });
  take('reconnected', 14, 500);
  take('ahead', 8, 60);
}
