import {
  descriptionFromNote,
  expenseCategoryInputSchema,
  expenseCategorySchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseSchema,
  pagedSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Gastos'];

export const expensesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/MovimientoFinancieroCategoria', {
    config: { access: 'finance.expenses' },
    schema: { tags, summary: 'Categorías de gasto', response: { 200: z.array(expenseCategorySchema) } },
    handler: () => ctx.expenses.categories(),
  });

  app.post('/api/MovimientoFinancieroCategoria', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Agregar una categoría de gasto (nombre único sin importar mayúsculas ni acentos)',
      body: expenseCategoryInputSchema,
      response: { 201: expenseCategorySchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.expenses.createCategory(currentUser(req), req.body)),
  });

  app.put('/api/MovimientoFinancieroCategoria/:id', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Cambiar nombre o ícono de una categoría de gasto',
      params: idParams,
      body: expenseCategoryInputSchema,
      response: { 200: expenseCategorySchema },
    },
    handler: (req) => ctx.expenses.updateCategory(currentUser(req), req.params.id, req.body),
  });

  app.delete('/api/MovimientoFinancieroCategoria/:id', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Eliminar una categoría de gasto que ningún gasto usa',
      params: idParams,
    },
    handler: async (req, reply) => {
      await ctx.expenses.deleteCategory(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/api/MovimientoFinancieroGasto', {
    config: { access: 'finance.expenses' },
    schema: {
      tags,
      summary: 'Gastos paginados, del más reciente al más antiguo (por fecha de pago o programada), con filtros',
      querystring: expenseListQuerySchema,
      response: { 200: pagedSchema(expenseSchema) },
    },
    handler: (req) => ctx.expenses.list(req.query),
  });

  app.post('/api/MovimientoFinancieroGasto', {
    config: { access: 'finance.expenses' },
    schema: {
      tags,
      summary:
        'Registrar un gasto (sin descripción, la nota hace de descripción: el formato del spec se acepta tal cual)',
      body: expenseInputSchema,
      response: { 201: expenseSchema },
    },
    // Runs after the body's keys got the schema's spelling (Nota -> nota), before validation.
    preValidation: async (req) => {
      req.body = descriptionFromNote(req.body) as typeof req.body;
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.expenses.create(currentUser(req), req.body)),
  });
};
