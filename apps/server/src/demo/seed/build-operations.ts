import { priorityLabel, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from '@airlink/domain';
import type * as schema from '../../db/schema';
import type { Customer } from './build-customers';
import type { CustomerEvent } from './build-payments';
import { USER_IDS, type DemoContext, type Insert } from './context';
import { addDays, daysBetween, localDateTime, weekday, type IsoDate } from './dates';
import { DEMO_USERS } from './build-staff';

export interface OperationsResult {
  soporte: Array<Insert<typeof schema.soporte> & { id: number }>;
  soporteHistorial: Array<Insert<typeof schema.soporteHistorial>>;
  registros: Array<Insert<typeof schema.registros>>;
  agenda: Array<Insert<typeof schema.agenda>>;
  notifications: Array<Insert<typeof schema.notifications>>;
}

export const SUPPORT_TICKETS = 60;
export const FREE_LOGS = 170;
export const AGENDA_VISITS = 40;

/** [title, observations, usual priorities (1 Critico .. 4 Baja)] */
const TICKETS: ReadonlyArray<readonly [string, string, readonly number[]]> = [
  [
    'Sin servicio',
    'El cliente reporta que no tiene internet desde la mañana; la antena enciende pero no navega.',
    [1, 2],
  ],
  ['Intermitencia por las tardes', 'Se cae la conexión entre 19:00 y 22:00; reinició el módem sin mejora.', [3, 2]],
  ['Velocidad baja', 'La prueba de velocidad marca menos de la mitad del plan contratado.', [3]],
  ['Cambio de contraseña WiFi', 'Solicita cambiar el nombre de la red y la contraseña del módem.', [4]],
  ['Antena desalineada', 'Después del viento de ayer la señal bajó a -78 dBm.', [2, 3]],
  ['Cable dañado', 'El cable de la antena fue mordido por un perro; requiere cambio de cable y conectores.', [2]],
  ['Módem no enciende', 'El eliminador del módem dejó de funcionar después de un apagón.', [2, 1]],
  ['Solicita cambio de plan', 'Quiere subir a un plan simétrico para trabajar desde casa.', [4]],
  ['Reubicación de equipo', 'Se cambia de cuarto la oficina; pide mover el router y el cableado.', [4, 3]],
  ['No cargan páginas', 'Navega en el celular pero la computadora no abre páginas; posible DNS.', [3]],
  ['Corte de luz en la zona', 'Varios clientes de la colonia sin servicio por falla de CFE.', [1]],
  ['Factura del mes', 'Solicita su factura con los datos fiscales actualizados.', [4]],
];

const LOG_TEXTS = [
  'Cliente reporta intermitencia por las tardes',
  'Se llamó al cliente para recordarle su fecha de pago',
  'Se reinició la antena de forma remota; el cliente confirma que ya navega',
  'Cliente solicita información del plan simétrico',
  'Se actualizó el número de teléfono del cliente',
  'Cliente pide que se le envíen los recibos por WhatsApp',
  'Se revisó la señal: -62 dBm, CCQ 95 %, sin problemas',
  'Cliente comenta que su vecino también quiere contratar',
  'Se cambió la contraseña del WiFi a petición del cliente',
  'Técnico reporta antena con óxido en la base; programar cambio de soporte',
  'Cliente avisa que pagará el viernes',
  'Se envió la ubicación de la oficina por WhatsApp',
  'Cliente reporta lentitud al ver videos por la noche',
  'Se realineó la antena hacia la torre; la señal mejoró de -74 a -61 dBm',
  'Cliente pregunta por descuentos por pago anual',
  'Se dejó recado con su esposa: llamar para agendar revisión',
  'El cliente no contesta; se intentará de nuevo mañana',
  'Se actualizaron los datos fiscales para la factura',
  'Cliente reporta que el router se reinicia solo',
  'Se cambió el eliminador del módem; quedó funcionando',
] as const;

const VISITS: ReadonlyArray<readonly [string, string, string]> = [
  ['Revisión', 'Revisión por intermitencia', 'Revisar alineación y conectores; medir señal y CCQ.'],
  ['Alineación', 'Realineación de antena', 'La señal bajó después del viento; realinear hacia la torre.'],
  ['Cambio de equipo', 'Cambio de antena', 'Sustituir antena M5 por LiteBeam 5AC Gen2.'],
  ['Cableado', 'Cambio de cable', 'Cambiar cable exterior y conectores RJ45 blindados.'],
  ['Revisión', 'Velocidad baja', 'Hacer prueba de velocidad en sitio y revisar el router del cliente.'],
  ['Reubicación', 'Reubicación de equipo', 'Mover router y antena a la nueva habitación.'],
  ['Retiro de equipo', 'Retiro de antena', 'Recoger antena y router; el cliente canceló el servicio.'],
];

const OFFICE_SLOTS = Array.from({ length: 22 }, (_, i) => [9 + Math.floor(i / 2), (i % 2) * 30] as const);

export function buildOperations(
  ctx: DemoContext,
  customers: readonly Customer[],
  events: readonly CustomerEvent[],
): OperationsResult {
  const rng = ctx.rng.fork('operations');
  const active = customers.filter((c) => c.profile !== 'pending' && c.profile !== 'cancelled');
  const byId = new Map(customers.map((c) => [c.row.id, c]));
  const nowMs = ctx.now.getTime();
  /** A moment in the last `days` days during office hours, never in the future nor before the contract. */
  const pastMoment = (days: number, c: Customer): Date => {
    const earliest = Math.max(0, Math.min(days, daysBetween(c.row.fechaContratacion, ctx.today)));
    for (let tries = 0; tries < 10; tries++) {
      const at = localDateTime(
        addDays(ctx.today, -rng.int(0, earliest)),
        rng.int(9, 19),
        rng.int(0, 59),
        rng.int(0, 59),
      );
      if (at.getTime() <= nowMs) return at;
    }
    return new Date(nowMs - rng.int(5, 60) * 60_000);
  };

  // Support tickets: recent ones open or in progress, older ones resolved or closed.
  const soporte: OperationsResult['soporte'] = [];
  const soporteHistorial: OperationsResult['soporteHistorial'] = [];
  const priorities = SUPPORT_PRIORITIES.map((p) => p.value);
  for (let i = 0; i < SUPPORT_TICKETS; i++) {
    const c = rng.pick(active);
    const createdAt = pastMoment(90, c);
    const ageDays = (nowMs - createdAt.getTime()) / 86_400_000;
    const estado =
      i < SUPPORT_STATUSES.length
        ? SUPPORT_STATUSES[i]
        : ageDays < 7
          ? rng.weighted([
              ['Abierto', 5],
              ['En Progreso', 4],
              ['Resuelto', 1],
            ] as const)
          : rng.weighted([
              ['Resuelto', 4],
              ['Cerrado', 5],
              ['En Progreso', 1],
            ] as const);
    // The first tickets cover every priority; the others take their kind's usual one.
    const forced = i < priorities.length ? priorities[i] : undefined;
    const kinds = forced === undefined ? TICKETS : TICKETS.filter(([, , p]) => p.includes(forced));
    const [titulo, observaciones, usual] = rng.pick(kinds);
    const prioridad = forced ?? rng.pick(usual);
    const asignadoA =
      estado === 'Abierto' && rng.chance(0.6)
        ? null
        : rng.pick([USER_IDS.tecnico, USER_IDS.tecnico, USER_IDS.soporte, USER_IDS.supervisor]);
    const worked = estado === 'En Progreso' ? rng.int(1, 24) : rng.int(4, 96);
    const updatedAt =
      estado === 'Abierto' ? createdAt : new Date(Math.min(nowMs, createdAt.getTime() + worked * 3_600_000));
    const id = i + 1;
    const createdBy = rng.pick([USER_IDS.soporte, USER_IDS.soporte, USER_IDS.cajero, USER_IDS.supervisor]);
    soporteHistorial.push({
      soporteId: id,
      userId: createdBy,
      at: createdAt,
      campo: 'creado',
      antes: null,
      despues: `Abierto, prioridad ${priorityLabel(prioridad)}`,
    });
    soporte.push({
      id,
      contratoId: c.row.id,
      titulo,
      observaciones,
      telefonoCliente: c.row.telefono ?? '',
      prioridad,
      estado: estado ?? 'Abierto',
      asignadoA,
      createdBy,
      createdAt,
      updatedAt,
    });
    if (estado !== 'Abierto' && rng.chance(0.35)) {
      // Changes spread over the ticket's life, the last one at its updatedAt.
      const span = updatedAt.getTime() - createdAt.getTime();
      const step = (campo: string, antes: string | null, despues: string | null, fraction: number) =>
        soporteHistorial.push({
          soporteId: id,
          userId: campo === 'asignadoA' ? USER_IDS.supervisor : (asignadoA ?? USER_IDS.supervisor),
          at: new Date(createdAt.getTime() + Math.round(span * fraction)),
          campo,
          antes,
          despues,
        });
      const assignee = DEMO_USERS[(asignadoA ?? USER_IDS.tecnico) - 1];
      if (prioridad <= 2) step('prioridad', priorityLabel(3), priorityLabel(prioridad), 0.02);
      step('asignadoA', 'Sin asignar', assignee ? `${assignee.nombre} ${assignee.apellidos}` : 'Sin asignar', 0.05);
      step('estado', 'Abierto', 'En Progreso', estado === 'En Progreso' ? 1 : 0.1);
      if (estado === 'Resuelto' || estado === 'Cerrado')
        step('estado', 'En Progreso', 'Resuelto', estado === 'Resuelto' ? 1 : 0.6);
      if (estado === 'Cerrado') step('estado', 'Resuelto', 'Cerrado', 1);
    }
  }

  // Log entries: what happened to the account (cuts, reconnections, cancellations) and free notes.
  const registros: OperationsResult['registros'] = [];
  for (const e of events) {
    if (e.at.getTime() > nowMs || e.at.getTime() < nowMs - 200 * 86_400_000) continue;
    const c = byId.get(e.contratoId);
    const log1 =
      e.kind === 'corte'
        ? 'Servicio suspendido por falta de pago'
        : e.kind === 'reconexion'
          ? 'Servicio reconectado después del pago de reconexión'
          : `Contrato cancelado. Motivo: ${c?.row.motivoCancelacion ?? 'sin motivo'}`;
    registros.push({ contratoId: e.contratoId, log1, userId: e.userId, fechaCreacion: e.at });
  }
  for (let i = 0; i < FREE_LOGS; i++) {
    const c = rng.pick(active);
    registros.push({
      contratoId: c.row.id,
      log1: rng.pick(LOG_TEXTS),
      userId: rng.pick([USER_IDS.soporte, USER_IDS.tecnico, USER_IDS.cajero, USER_IDS.supervisor, USER_IDS.gerente]),
      fechaCreacion: pastMoment(180, c),
    });
  }
  registros.sort((a, b) => (a.fechaCreacion?.getTime() ?? 0) - (b.fechaCreacion?.getTime() ?? 0));

  // Agenda: 30-minute slots from 09:00 to 19:30 local time, Monday to Saturday, one visit per slot.
  const agenda: OperationsResult['agenda'] = [];
  const taken = new Set<string>();
  const freeSlot = (from: IsoDate, to: IsoDate): Date => {
    for (;;) {
      const day = addDays(from, rng.int(0, daysBetween(from, to)));
      if (weekday(day) === 0) continue;
      const [h, m] = rng.pick(OFFICE_SLOTS);
      const key = `${day} ${h}:${m}`;
      if (taken.has(key)) continue;
      taken.add(key);
      return localDateTime(day, h, m);
    }
  };
  // Installations of the contracts waiting for authorization.
  for (const c of customers.filter((x) => x.profile === 'pending')) {
    const from = addDays(c.row.fechaContratacion, 1);
    const lower = from < addDays(ctx.today, -14) ? addDays(ctx.today, -14) : from;
    const at = freeSlot(lower, addDays(lower, 6));
    c.row.fechaAgenda = at;
    agenda.push({
      contratoId: c.row.id,
      fechaEvento: at,
      accionRealizar: 'Instalación',
      titulo: `Instalación ${c.row.nombre}`,
      descripcion: `Instalar antena y router en ${c.row.calle} ${c.row.numero}, ${c.row.colonia}, ${c.row.comunidad}.`,
      userId: USER_IDS.tecnico,
      fechaCreacion: new Date(Math.min(nowMs, (c.row.createdAt ?? ctx.now).getTime() + 600_000)),
    });
  }
  while (agenda.length < AGENDA_VISITS) {
    const c = rng.pick(active);
    const fechaEvento = freeSlot(addDays(ctx.today, -14), addDays(ctx.today, 14));
    const [accionRealizar, titulo, descripcion] = rng.pick(VISITS.slice(0, -1));
    const createdMs = Math.min(nowMs, fechaEvento.getTime() - rng.int(1, 5) * 86_400_000);
    agenda.push({
      contratoId: c.row.id,
      fechaEvento,
      accionRealizar,
      titulo: `${titulo} - ${c.row.nombre}`,
      descripcion,
      userId: rng.pick([USER_IDS.soporte, USER_IDS.supervisor, USER_IDS.tecnico]),
      fechaCreacion: new Date(createdMs),
    });
  }
  const cancelled = customers.find((c) => c.profile === 'cancelled');
  if (cancelled) {
    const [accionRealizar, titulo, descripcion] = VISITS[VISITS.length - 1] ?? ['Retiro de equipo', 'Retiro', ''];
    const fechaEvento = freeSlot(addDays(ctx.today, 1), addDays(ctx.today, 10));
    agenda.push({
      contratoId: cancelled.row.id,
      fechaEvento,
      accionRealizar,
      titulo: `${titulo} - ${cancelled.row.nombre}`,
      descripcion,
      userId: USER_IDS.supervisor,
      fechaCreacion: new Date(nowMs - 2 * 86_400_000),
    });
  }
  agenda.sort((a, b) => a.fechaEvento.getTime() - b.fechaEvento.getTime());

  // Notifications for the administrator.
  const notifications: OperationsResult['notifications'] = [];
  const pendingOne = customers.find((c) => c.profile === 'pending');
  const suspended = customers.filter((c) => c.profile === 'suspended');
  const payer = rng.pick(active);
  const openTicket = soporte.find((t) => t.estado === 'Abierto' && t.prioridad === 1) ?? soporte[0];
  const ticketCustomer = openTicket ? byId.get(openTicket.contratoId) : undefined;
  const items: Array<Omit<Insert<typeof schema.notifications>, 'userId' | 'id'>> = [
    {
      title: 'Guadalupe Mendoza',
      message: `Pago registrado de ${payer.row.nombre} por $${payer.row.monto}`,
      url: `/dashboard/profile?id=${payer.row.id}`,
      customerId: payer.row.id,
      customerName: payer.row.nombre,
      color: '#2e7d32',
      bgColor: '#e8f5e9',
      icon: 'Payments',
      senderId: USER_IDS.cajero,
    },
    {
      title: 'Soporte',
      message: `Ticket crítico: ${openTicket?.titulo ?? 'Sin servicio'}`,
      url: ticketCustomer ? `/dashboard/profile?id=${ticketCustomer.row.id}` : null,
      customerId: ticketCustomer?.row.id ?? null,
      customerName: ticketCustomer?.row.nombre ?? null,
      color: '#c62828',
      bgColor: '#ffebee',
      icon: 'SupportAgent',
      senderId: USER_IDS.soporte,
    },
    {
      title: 'Contrato por autorizar',
      message: `${pendingOne?.row.nombre ?? 'Un cliente'} firmó contrato y espera autorización`,
      url: pendingOne ? `/dashboard/profile?id=${pendingOne.row.id}` : null,
      customerId: pendingOne?.row.id ?? null,
      customerName: pendingOne?.row.nombre ?? null,
      color: '#1565c0',
      bgColor: '#e3f2fd',
      icon: 'Assignment',
      senderId: USER_IDS.gerente,
    },
    {
      title: 'Router sin conexión',
      message: 'RB-Zempoala dejó de responder durante 10 minutos',
      url: '/dashboard/routers',
      color: '#ef6c00',
      bgColor: '#fff3e0',
      icon: 'Router',
      senderId: null,
    },
    {
      title: 'Jorge Castillo',
      message: `Se suspendieron ${suspended.length} servicios por falta de pago`,
      url: '/dashboard/clientes',
      color: '#6a1b9a',
      bgColor: '#f3e5f5',
      icon: 'WifiOff',
      senderId: USER_IDS.supervisor,
    },
    {
      title: 'Movimientos bancarios',
      message: 'Se importó el estado de cuenta de Banamex Airlink',
      url: '/dashboard/finanzas',
      color: '#00695c',
      bgColor: '#e0f2f1',
      icon: 'AccountBalance',
      senderId: USER_IDS.gerente,
    },
    {
      title: 'Agenda',
      message: 'Mañana hay 3 instalaciones programadas en Tizayuca',
      url: '/dashboard/agenda',
      color: '#1565c0',
      bgColor: '#e3f2fd',
      icon: 'Event',
      senderId: USER_IDS.supervisor,
    },
    {
      title: 'Mariana Hernández',
      message: 'Cliente de Huitzila pide visita urgente por falta de servicio',
      url: '/dashboard/soporte',
      color: '#c62828',
      bgColor: '#ffebee',
      icon: 'SupportAgent',
      senderId: USER_IDS.soporte,
    },
    {
      title: 'Gastos',
      message: 'El pago de renta de la oficina Pachuca vence en 3 días',
      url: '/dashboard/gastos',
      color: '#ef6c00',
      bgColor: '#fff3e0',
      icon: 'ReceiptLong',
      senderId: USER_IDS.gerente,
    },
    {
      title: 'Sistema',
      message: 'Bienvenido al nuevo sistema de AirLink',
      url: null,
      color: '#37474f',
      bgColor: '#eceff1',
      icon: 'Info',
      senderId: null,
    },
  ];
  items.forEach((n, i) => {
    const createdAt = new Date(nowMs - (i * 7 + rng.int(1, 6)) * 3_600_000 - rng.int(0, 3599) * 1000);
    const read = i >= 4;
    notifications.push({
      id: rng.uuid(),
      userId: USER_IDS.admin,
      ...n,
      createdAt,
      receivedAt: new Date(createdAt.getTime() + rng.int(1, 5) * 1000),
      read,
      readAt: read ? new Date(createdAt.getTime() + rng.int(10, 120) * 60_000) : null,
    });
  });

  return { soporte, soporteHistorial, registros, agenda, notifications };
}
