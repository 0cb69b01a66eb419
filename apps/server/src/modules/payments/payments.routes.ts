import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, paymentInputSchema, paymentResultSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer';
import { currentUser } from '../../plugins/auth';

const tags = ['Pagos'];

/** Only the idempotency header is checked (required: 400 without it); every other header passes through untouched. */
const headers = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.describe(
    'Obligatoria. Clave única del intento de pago (8 a 100 caracteres: letras, números, _ . : -). Un reintento con la misma clave devuelve el primer pago.',
  ),
});

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/Pagos/registrar', {
    config: { access: 'payments.register' },
    schema: {
      tags,
      summary:
        'Registrar un pago con su recibo (201; 200 con repetido=true si la Idempotency-Key ya se usó). Sin Idempotency-Key: 400. ' +
        'Un monto menor a la mensualidad solo como abono; depósito de otro monto: 409 deposit_amount_mismatch sin confirmarDiferencia; ' +
        'cuentas de ajuste (8, 9, 10): nivel 20.',
      headers,
      body: paymentInputSchema,
      response: { 200: paymentResultSchema, 201: paymentResultSchema },
    },
    // A cashier's hottest write: its answer compiled, not encoded by zod (docs/performance.md).
    serializerCompiler: compiledSerializerCompiler,
    handler: async (req, reply) => {
      const { result, created } = await ctx.payments.register(
        currentUser(req),
        req.body,
        req.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  });
};
