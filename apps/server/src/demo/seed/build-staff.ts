import type * as schema from '../../db/schema';
import { USER_IDS, type DemoContext, type Insert } from './context';
import { addDays, daysBetween, localDateTime, weekday, type IsoDate } from './dates';

export interface DemoUser {
  email: string;
  userName: string;
  nombre: string;
  apellidos: string;
  idPerfilUsuario: number;
}

/** The demo sign-in users, one per access level that changes what the app shows. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'soporte@airlink.mx',
    userName: 'soporte',
    nombre: 'Mariana',
    apellidos: 'Hernández Ortiz',
    idPerfilUsuario: 5,
  },
  {
    email: 'tecnico@airlink.mx',
    userName: 'tecnico',
    nombre: 'Luis Alberto',
    apellidos: 'Ramírez Soto',
    idPerfilUsuario: 10,
  },
  {
    email: 'cajero@airlink.mx',
    userName: 'cajero',
    nombre: 'Guadalupe',
    apellidos: 'Mendoza Cruz',
    idPerfilUsuario: 16,
  },
  {
    email: 'supervisor@airlink.mx',
    userName: 'supervisor',
    nombre: 'Jorge',
    apellidos: 'Castillo Vargas',
    idPerfilUsuario: 17,
  },
  {
    email: 'gerente@airlink.mx',
    userName: 'gerente',
    nombre: 'Patricia',
    apellidos: 'Morales Reyes',
    idPerfilUsuario: 18,
  },
  { email: 'admin@airlink.mx', userName: 'admin', nombre: 'Ricardo', apellidos: 'Sánchez Olvera', idPerfilUsuario: 20 },
];

/** A former cashier whose account was deactivated. */
export const INACTIVE_DEMO_USER: DemoUser = {
  email: 'daniel.aguilar@airlink.mx',
  userName: 'daniel.aguilar',
  nombre: 'Daniel',
  apellidos: 'Aguilar Ríos',
  idPerfilUsuario: 16,
};

export interface StaffResult {
  users: Array<Insert<typeof schema.users> & { id: number }>;
  employees: Array<Insert<typeof schema.employees> & { id: number }>;
  attendance: Array<Insert<typeof schema.attendance>>;
  vacations: Array<Insert<typeof schema.vacations>>;
}

interface EmployeeSeed {
  nombre: string;
  apellido: string;
  departamento: string;
  puesto: string;
  /** Years and days before today. */
  since: number;
  salario: number;
  estado?: 'activo' | 'inactivo' | 'vacaciones';
  direccion: string;
  emergencia: string;
  email?: string;
}

const EMPLOYEES: readonly EmployeeSeed[] = [
  {
    nombre: 'Ricardo',
    apellido: 'Sánchez Olvera',
    departamento: 'Administración',
    puesto: 'Gerente administrativo',
    since: 2400,
    salario: 26000,
    direccion: 'Calle Morelos 21, Centro, Tizayuca, Hgo.',
    emergencia: 'Laura Olvera Islas',
    email: 'admin@airlink.mx',
  },
  {
    nombre: 'Patricia',
    apellido: 'Morales Reyes',
    departamento: 'Finanzas',
    puesto: 'Contador',
    since: 1900,
    salario: 18000,
    direccion: 'Av. Revolución 410, Periodistas, Pachuca, Hgo.',
    emergencia: 'Arturo Reyes Luna',
    email: 'gerente@airlink.mx',
  },
  {
    nombre: 'Jorge',
    apellido: 'Castillo Vargas',
    departamento: 'Operaciones',
    puesto: 'Jefe de operaciones',
    since: 1650,
    salario: 16000,
    direccion: 'Villa del Real Mz 4 Lt 9, Villas de Pachuca, Hgo.',
    emergencia: 'Rosa Vargas Téllez',
    email: 'supervisor@airlink.mx',
  },
  {
    nombre: 'Guadalupe',
    apellido: 'Mendoza Cruz',
    departamento: 'Administración',
    puesto: 'Cajero',
    since: 700,
    salario: 9800,
    direccion: 'Calle Azucenas 8, El Carmen, Tizayuca, Hgo.',
    emergencia: 'Martín Cruz Ramos',
    email: 'cajero@airlink.mx',
  },
  {
    nombre: 'Luis Alberto',
    apellido: 'Ramírez Soto',
    departamento: 'Operaciones',
    puesto: 'Técnico instalador',
    since: 1100,
    salario: 11000,
    direccion: 'Calle Principal 140, Huitzila, Tizayuca, Hgo.',
    emergencia: 'Norma Soto García',
    email: 'tecnico@airlink.mx',
  },
  {
    nombre: 'Mariana',
    apellido: 'Hernández Ortiz',
    departamento: 'Soporte',
    puesto: 'Agente de soporte',
    since: 520,
    salario: 9600,
    direccion: 'Hacienda Tepa Mz 12 Lt 3, Haciendas de Tizayuca, Hgo.',
    emergencia: 'Verónica Ortiz Luna',
    email: 'soporte@airlink.mx',
  },
  {
    nombre: 'Daniel',
    apellido: 'Aguilar Ríos',
    departamento: 'Administración',
    puesto: 'Cajero',
    since: 1400,
    salario: 9600,
    estado: 'inactivo',
    direccion: 'Calle Fresnos 33, Olmos, Tizayuca, Hgo.',
    emergencia: 'Irma Ríos Monroy',
    email: 'daniel.aguilar@airlink.mx',
  },
  {
    nombre: 'Érika',
    apellido: 'Islas Trejo',
    departamento: 'Ventas',
    puesto: 'Ejecutivo de ventas',
    since: 820,
    salario: 9600,
    direccion: 'Calle Acueducto 15, Centro, Zempoala, Hgo.',
    emergencia: 'Hugo Islas Barrera',
  },
  {
    nombre: 'Omar',
    apellido: 'Escamilla Monroy',
    departamento: 'Operaciones',
    puesto: 'Técnico de torres',
    since: 990,
    salario: 11500,
    direccion: 'Camino a Tizayuca 77, Tepojaco, Hgo.',
    emergencia: 'Alma Monroy Zúñiga',
  },
  {
    nombre: 'Karen',
    apellido: 'Velázquez Luna',
    departamento: 'Recursos Humanos',
    puesto: 'Analista de nómina',
    since: 450,
    salario: 10500,
    direccion: 'Calle Ocampo 210, Centro, Pachuca, Hgo.',
    emergencia: 'Gerardo Velázquez Cruz',
  },
  {
    nombre: 'Brenda',
    apellido: 'Téllez Zamora',
    departamento: 'Marketing',
    puesto: 'Community manager',
    since: 300,
    salario: 9600,
    direccion: 'Calle San Javier 5, Tolcayuca, Hgo.',
    emergencia: 'Josefina Zamora Olvera',
  },
  {
    nombre: 'Iván',
    apellido: 'Cervantes Bautista',
    departamento: 'Soporte',
    puesto: 'Técnico de soporte',
    since: 1250,
    salario: 10500,
    estado: 'vacaciones',
    direccion: 'Privada Las Palmas 19, Rancho Don Antonio, Tizayuca, Hgo.',
    emergencia: 'Diana Bautista Ortega',
  },
  {
    nombre: 'Fernanda',
    apellido: 'Olvera Guzmán',
    departamento: 'Ventas',
    puesto: 'Promotor',
    since: 160,
    salario: 9600,
    direccion: 'Villa Coral Mz 7 Lt 21, Villas de Pachuca, Hgo.',
    emergencia: 'Sergio Olvera Medina',
  },
];

/** Vacation days by completed years of service (Ley Federal del Trabajo, 2023 reform). */
function vacationDaysFor(years: number): number {
  if (years < 1) return 12;
  if (years <= 5) return 12 + (years - 1) * 2;
  return 22 + Math.floor((years - 6) / 5) * 2;
}

function slugName(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .split(' ')[0] ?? ''
  );
}

function weekdays(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (weekday(d) !== 0 && weekday(d) !== 6) out.push(d);
  return out;
}

export function buildStaff(ctx: DemoContext): StaffResult {
  const rng = ctx.rng.fork('staff');
  const longAgo = localDateTime(addDays(ctx.today, -1100), 9, 30);
  const users: StaffResult['users'] = [...DEMO_USERS, INACTIVE_DEMO_USER].map((u, i) => ({
    id: i + 1,
    email: u.email,
    nombre: u.nombre,
    apellidos: u.apellidos,
    userName: u.userName,
    idPerfilUsuario: u.idPerfilUsuario,
    activo: u !== INACTIVE_DEMO_USER,
    picture: null,
    createdAt: longAgo,
    updatedAt: u === INACTIVE_DEMO_USER ? localDateTime(addDays(ctx.today, -200), 18, 5) : longAgo,
  }));
  if (users[USER_IDS.exCajero - 1]?.email !== INACTIVE_DEMO_USER.email)
    throw new Error('USER_IDS no coincide con DEMO_USERS');

  const employees: StaffResult['employees'] = [];
  const attendance: StaffResult['attendance'] = [];
  const vacations: StaffResult['vacations'] = [];

  EMPLOYEES.forEach((e, i) => {
    const id = i + 1;
    const fechaIngreso = addDays(ctx.today, -e.since);
    const years = Math.floor(daysBetween(fechaIngreso, ctx.today) / 365);
    const created = localDateTime(fechaIngreso, 10);
    const email = e.email ?? `${slugName(e.nombre)}.${slugName(e.apellido)}@airlink.mx`;
    const records: Array<Insert<typeof schema.attendance>> = [];
    const add = (date: IsoDate, type: string, reason: string, approved: boolean) =>
      records.push({
        employeeId: id,
        date,
        type,
        reason,
        approved,
        // Planned days (an approved vacation) were recorded before today.
        createdAt: new Date(Math.min(localDateTime(date, 9, rng.int(0, 59)).getTime(), ctx.now.getTime() - 86_400_000)),
      });

    if (e.estado !== 'inactivo') {
      // Absences, permissions and sick leave over the last months, never before joining.
      const daysAgo = (min: number, max: number) => rng.int(Math.min(min, e.since - 7), Math.min(max, e.since - 7));
      if (rng.chance(0.45))
        add(
          officeWeekday(addDays(ctx.today, -daysAgo(10, 150))),
          'falta',
          rng.pick(['Sin aviso', 'No se presentó; no contestó el teléfono', 'Llegó después de las 11:00']),
          false,
        );
      if (rng.chance(0.5))
        add(
          officeWeekday(addDays(ctx.today, -daysAgo(5, 120))),
          'permiso',
          rng.pick(['Cita médica del IMSS', 'Trámite en el SAT', 'Junta escolar de su hijo', 'Asunto familiar']),
          true,
        );
      if (rng.chance(0.15))
        add(
          officeWeekday(addDays(ctx.today, -daysAgo(20, 160))),
          'incapacidad',
          'Incapacidad por enfermedad general (IMSS)',
          true,
        );

      // An approved vacation in the past (after the first year); its days are 'vacacion' records.
      if (e.since > 365 + 200 && rng.chance(0.55)) {
        const start = officeWeekday(addDays(ctx.today, -rng.int(40, 200)));
        const end = addDays(start, rng.int(2, 6));
        vacations.push({
          employeeId: id,
          startDate: start,
          endDate: end,
          type: 'vacaciones',
          status: 'aprobado',
          createdAt: localDateTime(addDays(start, -20), 12),
        });
        for (const d of weekdays(start, end)) add(d, 'vacacion', 'Vacaciones aprobadas', true);
      }
    }
    if (e.estado === 'vacaciones') {
      const start = addDays(ctx.today, -rng.int(1, 3));
      const end = addDays(ctx.today, rng.int(4, 8));
      vacations.push({
        employeeId: id,
        startDate: start,
        endDate: end,
        type: 'vacaciones',
        status: 'aprobado',
        createdAt: localDateTime(addDays(start, -15), 12),
      });
      for (const d of weekdays(start, end)) add(d, 'vacacion', 'Vacaciones aprobadas', true);
    }
    if (e.estado === undefined && rng.chance(0.3)) {
      const start = officeWeekday(addDays(ctx.today, rng.int(15, 60)));
      vacations.push({
        employeeId: id,
        startDate: start,
        endDate: addDays(start, rng.int(2, 5)),
        type: 'vacaciones',
        status: rng.chance(0.75) ? 'pendiente' : 'rechazado',
        createdAt: new Date(ctx.now.getTime() - rng.int(1, 10) * 86_400_000),
      });
    }

    attendance.push(...records);
    employees.push({
      id,
      nombre: e.nombre,
      apellido: e.apellido,
      email,
      telefono: `${rng.pick(['771', '779'])}${rng.digits(7)}`,
      puesto: e.puesto,
      departamento: e.departamento,
      fechaIngreso,
      salario: e.salario,
      diasVacaciones: vacationDaysFor(years),
      diasUsados: records.filter((r) => r.type === 'vacacion').length,
      faltas: records.filter((r) => r.type === 'falta').length,
      estado: e.estado ?? 'activo',
      direccion: e.direccion,
      emergenciaContacto: e.emergencia,
      emergenciaTelefono: `${rng.pick(['771', '779'])}${rng.digits(7)}`,
      createdAt: created,
      updatedAt: created,
    });
  });

  return { users, employees, attendance, vacations };
}

/** Moves a weekend date to the next Monday. */
function officeWeekday(d: IsoDate): IsoDate {
  const w = weekday(d);
  return w === 6 ? addDays(d, 2) : w === 0 ? addDays(d, 1) : d;
}
