import { describe, expect, it } from 'vitest';
import { priorityLabel, supportListQuerySchema, supportTicketInputSchema, supportTicketUpdateSchema } from './ticket';

describe('support tickets', () => {
  it('priority defaults to 4 Baja; labels follow the spec', () => {
    const t = supportTicketInputSchema.parse({ idCliente: 3, titulo: 'Sin señal' });
    expect(t.prioridad).toBe(4);
    expect([1, 2, 3, 4].map(priorityLabel)).toEqual(['Critico', 'Urgente', 'Normal', 'Baja']);
  });

  it('refuses unknown priorities, missing titles and bad phones in Spanish', () => {
    const r = supportTicketInputSchema.safeParse({ idCliente: 3, titulo: ' ', prioridad: 7, telefonoCliente: 'abc' });
    expect(r.success).toBe(false);
    const msgs = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(msgs).toContain('El título es obligatorio');
    expect(msgs.some((m) => m.startsWith('Prioridad desconocida'))).toBe(true);
    expect(msgs).toContain('Teléfono inválido');
  });

  it('an update needs at least one change and a known status', () => {
    expect(supportTicketUpdateSchema.safeParse({}).success).toBe(false);
    expect(supportTicketUpdateSchema.safeParse({ estado: 'Pendiente' }).success).toBe(false);
    expect(supportTicketUpdateSchema.parse({ estado: 'En Progreso' }).estado).toBe('En Progreso');
    expect(supportTicketUpdateSchema.parse({ asignadoA: null }).asignadoA).toBeNull();
  });

  it('list query filters by status and priority', () => {
    expect(supportListQuerySchema.parse({ estado: 'Resuelto', prioridad: '1' })).toMatchObject({
      estado: 'Resuelto',
      prioridad: 1,
    });
  });
});
