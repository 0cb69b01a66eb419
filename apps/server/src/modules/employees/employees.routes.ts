import {
  attendanceInputSchema,
  attendanceSchema,
  dateInput,
  employeeInputSchema,
  employeeListQuerySchema,
  employeeSchema,
  idParamSchema,
  pagedSchema,
  vacationInputSchema,
  vacationSchema,
  vacationUpdateSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Empleados'];
const access = 'employees.manage' as const;
const attendanceParams = z.object({ id: idParamSchema, aid: idParamSchema });
const vacationParams = z.object({ id: idParamSchema, vid: idParamSchema });
const rangeQuery = z.object({
  desde: dateInput('Fecha inicial inválida').optional(),
  hasta: dateInput('Fecha final inválida').optional(),
});

export const employeesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/empleados', {
    config: { access },
    schema: {
      tags,
      summary:
        'Empleados paginados por nombre; búsqueda sin acentos y filtro por estado (activo, inactivo, vacaciones)',
      querystring: employeeListQuerySchema,
      response: { 200: pagedSchema(employeeSchema) },
    },
    handler: (req) => ctx.employees.list(req.query),
  });

  app.post('/api/empleados', {
    config: { access },
    schema: { tags, summary: 'Agregar un empleado', body: employeeInputSchema, response: { 201: employeeSchema } },
    handler: async (req, reply) => reply.status(201).send(await ctx.employees.create(currentUser(req), req.body)),
  });

  app.get('/api/empleados/:id', {
    config: { access },
    schema: { tags, summary: 'Un empleado con sus contadores', params: idParams, response: { 200: employeeSchema } },
    handler: (req) => ctx.employees.get(req.params.id),
  });

  app.put('/api/empleados/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Cambiar los datos de un empleado (los contadores los mueven asistencias y vacaciones)',
      params: idParams,
      body: employeeInputSchema,
      response: { 200: employeeSchema },
    },
    handler: (req) => ctx.employees.update(currentUser(req), req.params.id, req.body),
  });

  app.delete('/api/empleados/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Eliminar un empleado sin historial (con asistencias o vacaciones: 409, márcalo inactivo)',
      params: idParams,
    },
    handler: async (req, reply) => {
      await ctx.employees.delete(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/api/empleados/:id/asistencias', {
    config: { access },
    schema: {
      tags,
      summary: 'Asistencias del empleado (falta, permiso, vacacion, incapacidad), del día más reciente al más antiguo',
      params: idParams,
      querystring: rangeQuery,
      response: { 200: z.array(attendanceSchema) },
    },
    handler: (req) => ctx.employees.attendance(req.params.id, req.query),
  });

  app.post('/api/empleados/:id/asistencias', {
    config: { access },
    schema: {
      tags,
      summary: 'Registrar un día: falta suma a faltas, vacacion a diasUsados (un registro por día)',
      params: idParams,
      body: attendanceInputSchema,
      response: { 201: attendanceSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.employees.addAttendance(currentUser(req), req.params.id, req.body)),
  });

  app.delete('/api/empleados/:id/asistencias/:aid', {
    config: { access },
    schema: {
      tags,
      summary: 'Eliminar un día y revertir su contador (nunca por debajo de 0)',
      params: attendanceParams,
    },
    handler: async (req, reply) => {
      await ctx.employees.deleteAttendance(currentUser(req), req.params.id, req.params.aid);
      return reply.status(204).send();
    },
  });

  app.get('/api/empleados/:id/vacaciones', {
    config: { access },
    schema: {
      tags,
      summary: 'Periodos de vacaciones, permiso o incapacidad del empleado',
      params: idParams,
      response: { 200: z.array(vacationSchema) },
    },
    handler: (req) => ctx.employees.vacations(req.params.id),
  });

  app.post('/api/empleados/:id/vacaciones', {
    config: { access },
    schema: {
      tags,
      summary: 'Solicitar (pendiente) o registrar aprobado un periodo; sin cruces, sin exceder los días disponibles',
      params: idParams,
      body: vacationInputSchema,
      response: { 201: vacationSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.employees.addVacation(currentUser(req), req.params.id, req.body)),
  });

  app.put('/api/empleados/:id/vacaciones/:vid', {
    config: { access },
    schema: {
      tags,
      summary: 'Cambiar fechas, tipo o estado (aprobar, rechazar) de un periodo',
      params: vacationParams,
      body: vacationUpdateSchema,
      response: { 200: vacationSchema },
    },
    handler: (req) => ctx.employees.updateVacation(currentUser(req), req.params.id, req.params.vid, req.body),
  });

  app.delete('/api/empleados/:id/vacaciones/:vid', {
    config: { access },
    schema: {
      tags,
      summary: 'Eliminar un periodo (si estaba aprobado, devuelve sus días)',
      params: vacationParams,
    },
    handler: async (req, reply) => {
      await ctx.employees.deleteVacation(currentUser(req), req.params.id, req.params.vid);
      return reply.status(204).send();
    },
  });
};
