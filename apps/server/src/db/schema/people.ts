import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './_common';

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    email: text('email').notNull(),
    telefono: text('telefono').notNull(),
    puesto: text('puesto').notNull(),
    departamento: text('departamento').notNull(),
    fechaIngreso: date('fecha_ingreso', { mode: 'string' }).notNull(),
    salario: money('salario').notNull(),
    diasVacaciones: integer('dias_vacaciones').notNull().default(12),
    diasUsados: integer('dias_usados').notNull().default(0),
    faltas: integer('faltas').notNull().default(0),
    /** activo | inactivo | vacaciones */
    estado: text('estado').notNull().default('activo'),
    direccion: text('direccion').notNull().default(''),
    emergenciaContacto: text('emergencia_contacto').notNull().default(''),
    emergenciaTelefono: text('emergencia_telefono').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('employees_email_uq').on(sql`lower(${t.email})`)],
);

/** falta | permiso | vacacion | incapacidad */
export const attendance = pgTable(
  'attendance',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    date: date('date', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    approved: boolean('approved').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('attendance_employee_idx').on(t.employeeId, t.date)],
);

/** status: aprobado | pendiente | rechazado */
export const vacations = pgTable(
  'vacations',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    type: text('type').notNull().default('vacaciones'),
    status: text('status').notNull().default('pendiente'),
    createdAt: createdAt(),
  },
  (t) => [index('vacations_employee_idx').on(t.employeeId, t.startDate)],
);
