import {
  accountSchema,
  accountUpdateSchema,
  pendingMovementSchema,
  pendingMovementsQuerySchema,
  statementImportResultSchema,
  statementImportSchema,
  statementPreviewSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Cuentas y movimientos bancarios'];

export const bankRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/cuentas', {
    config: { access: 'finance.accounts' },
    schema: { tags, summary: 'Cuentas y lugares de pago, con su grupo', response: { 200: z.array(accountSchema) } },
    handler: () => ctx.bank.accounts(),
  });

  app.put('/api/cuentas/:id', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Cambiar nombre, estado activo y orden de una cuenta (Administración; el grupo de cada id es fijo)',
      params: idParams,
      body: accountUpdateSchema,
      response: { 200: accountSchema },
    },
    handler: (req) => ctx.bank.updateAccount(currentUser(req), req.params.id, req.body),
  });

  app.get('/api/Cuentas/pagospendientes', {
    config: { access: 'finance.bank' },
    schema: {
      tags,
      summary: 'Movimientos bancarios que ningún pago usa todavía, del más reciente al más antiguo',
      querystring: pendingMovementsQuerySchema,
      response: { 200: z.array(pendingMovementSchema) },
    },
    handler: (req) => ctx.bank.pending(req.query),
  });

  app.post('/api/Cuentas/movimientos/vista-previa', {
    config: { access: 'finance.bank' },
    schema: {
      tags,
      summary: 'Vista previa de un estado de cuenta (CSV): columnas, mapeo sugerido y cada fila como se importaría',
      body: statementImportSchema,
      response: { 200: statementPreviewSchema },
    },
    handler: (req) => ctx.bank.preview(req.body),
  });

  app.post('/api/Cuentas/movimientos/importar', {
    config: { access: 'finance.bank' },
    schema: {
      tags,
      summary: 'Importar los depósitos de un estado de cuenta (todo o nada; los ya importados no se repiten)',
      body: statementImportSchema,
      response: { 200: statementImportResultSchema },
    },
    handler: (req) => ctx.bank.import(currentUser(req), req.body),
  });
};
