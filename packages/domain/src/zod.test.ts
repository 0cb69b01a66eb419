import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { refreshTokenBodySchema, userCreateSchema } from './index';

describe('validation messages are Spanish', () => {
  it('for messages the schemas do not spell out', () => {
    const r = z.object({ a: z.string() }).safeParse({});
    expect(r.error?.issues[0]?.message).toBe('Entrada inválida: se esperaba texto, recibido indefinido');
    expect(z.number().safeParse('x').error?.issues[0]?.message).toMatch(/^Entrada inválida/);
    expect(refreshTokenBodySchema.safeParse({}).error?.issues[0]?.message).toBe('Falta el token');
  });
  it('a level must be a number, not a boolean', () => {
    const r = userCreateSchema.safeParse({ email: 'a@b.mx', nombre: 'A', idPerfilUsuario: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Elige un nivel');
  });
});
