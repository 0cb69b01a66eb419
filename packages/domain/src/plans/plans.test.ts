import { describe, expect, it } from 'vitest';
import {
  classifyInventory,
  DEFAULT_PLANS,
  ipOfTarget,
  parseRate,
  parseRouterSpeed,
  planInputSchema,
  profileNameOf,
  queueLimitsOf,
  queueNameOf,
  rateLimitOf,
  rateText,
  rateLimitMatches,
  queueLimitsMatch,
  type InventoryContract,
  type Plan,
} from './index';
import { routerInputSchema } from '../network/router';

const burstOf = (p: Plan) => ({
  ...p,
  rafaga: {
    bajadaMbps: p.bajadaMbps * 2,
    subidaMbps: p.subidaMbps * 2,
    umbralBajadaMbps: (p.bajadaMbps * 3) / 4,
    umbralSubidaMbps: (p.subidaMbps * 3) / 4,
    segundos: 8,
  },
});

describe('plans (docs/business-rules.md "Plans")', () => {
  it('default speeds come from the spec: up to N down, 3→1, 6→2, 10→3, 20→5 up; symmetric N/N', () => {
    expect(DEFAULT_PLANS.map((p) => [p.id, p.nombre, p.monto, p.bajadaMbps, p.subidaMbps])).toEqual([
      [1, 'Residencial hasta 3 Mbps', 300, 3, 1],
      [2, 'Oficina hasta 6 Mbps', 500, 6, 2],
      [3, 'Cybercafe hasta 10 Mbps', 800, 10, 3],
      [4, 'Extremo hasta 20 Mbps', 1200, 20, 5],
      [5, 'Residencial simétrico', 500, 3, 3],
      [6, 'Oficina simétrico', 1000, 6, 6],
      [7, 'Cybercafe simétrico', 1700, 10, 10],
      [8, 'Extremo simétrico', 2300, 20, 20],
    ]);
    expect(DEFAULT_PLANS.every((p) => p.rafaga === null)).toBe(true);
  });

  // Upload first in both formats (router's rx = customer's upload).
  const table: [number, string, string, string, string][] = [
    [1, '1M/3M', '1M/3M 2M/6M 750k/2250k 8/8', '1M/3M', '2M/6M|750k/2250k|8s/8s'],
    [2, '2M/6M', '2M/6M 4M/12M 1500k/4500k 8/8', '2M/6M', '4M/12M|1500k/4500k|8s/8s'],
    [3, '3M/10M', '3M/10M 6M/20M 2250k/7500k 8/8', '3M/10M', '6M/20M|2250k/7500k|8s/8s'],
    [4, '5M/20M', '5M/20M 10M/40M 3750k/15M 8/8', '5M/20M', '10M/40M|3750k/15M|8s/8s'],
    [5, '3M/3M', '3M/3M 6M/6M 2250k/2250k 8/8', '3M/3M', '6M/6M|2250k/2250k|8s/8s'],
    [6, '6M/6M', '6M/6M 12M/12M 4500k/4500k 8/8', '6M/6M', '12M/12M|4500k/4500k|8s/8s'],
    [7, '10M/10M', '10M/10M 20M/20M 7500k/7500k 8/8', '10M/10M', '20M/20M|7500k/7500k|8s/8s'],
    [8, '20M/20M', '20M/20M 40M/40M 15M/15M 8/8', '20M/20M', '40M/40M|15M/15M|8s/8s'],
  ];
  it.each(table)('plan %i: rate-limit and max-limit, without and with burst', (id, rate, rateBurst, max, burst) => {
    const plan = DEFAULT_PLANS.find((p) => p.id === id)!;
    expect(rateLimitOf(plan)).toBe(rate);
    expect(rateLimitOf(burstOf(plan))).toBe(rateBurst);
    expect(queueLimitsOf(plan)).toEqual({
      maxLimit: max,
      burstLimit: '0/0',
      burstThreshold: '0/0',
      burstTime: '0s/0s',
    });
    const q = queueLimitsOf(burstOf(plan));
    expect([q.burstLimit, q.burstThreshold, q.burstTime].join('|')).toBe(burst);
    expect(q.maxLimit).toBe(max);
  });

  it('rates: M, k or bits; read back as numbers whatever the router prints', () => {
    expect(rateText(0.064)).toBe('64k');
    expect(rateText(10_000)).toBe('10000M');
    expect(rateText(1.5)).toBe('1500k');
    expect(parseRate('5000000')).toBe(5_000_000);
    expect(parseRate('1.5M')).toBe(1_500_000);
    expect(parseRate('x')).toBeNull();
    expect(parseRouterSpeed('5M/20M 10M/40M 4M/16M 16/16')).toEqual({ upBps: 5_000_000, downBps: 20_000_000 });
    expect(parseRouterSpeed('5000000/20000000')).toEqual({ upBps: 5_000_000, downBps: 20_000_000 });
    expect(parseRouterSpeed('128k')).toEqual({ upBps: 128_000, downBps: 128_000 });
    expect(parseRouterSpeed('')).toBeNull();
    expect(parseRouterSpeed('0/0')).toBeNull();
  });

  it('profile and queue names', () => {
    expect(profileNameOf({ id: 5, nombre: 'Residencial simétrico' })).toBe('airlink-5-residencial-simetrico');
    expect(profileNameOf({ id: 1, nombre: '¡¡!!' })).toBe('airlink-1-plan');
    expect(queueNameOf({ id: 9, no: 42 })).toBe('airlink-0042');
    expect(queueNameOf({ id: 9, no: 0 })).toBe('airlink-c9');
    expect(ipOfTarget('10.0.0.5/32')).toBe('10.0.0.5');
    expect(ipOfTarget('ether1')).toBe('');
  });

  const valid = { nombre: 'Residencial', monto: 300, bajadaMbps: 3, subidaMbps: 1, rafaga: null };
  it('validates speeds 0.064 to 10,000 Mbps each way, numbers only', () => {
    expect(planInputSchema.safeParse(valid).success).toBe(true);
    expect(planInputSchema.safeParse({ ...valid, bajadaMbps: 0.064, subidaMbps: 10_000 }).success).toBe(true);
    const low = planInputSchema.safeParse({ ...valid, subidaMbps: 0.063 });
    expect(low.error?.issues[0]?.message).toBe('La subida va de 0.064 a 10,000 Mbps');
    expect(planInputSchema.safeParse({ ...valid, bajadaMbps: 10_001 }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...valid, bajadaMbps: '3' }).error?.issues[0]?.message).toBe(
      'La bajada debe ser un número',
    );
    expect(planInputSchema.safeParse({ ...valid, monto: 0 }).success).toBe(false);
  });

  it('validates the burst shape: above the rate, threshold at most the rate, 1..3600 s', () => {
    const rafaga = { bajadaMbps: 6, subidaMbps: 2, umbralBajadaMbps: 2, umbralSubidaMbps: 1, segundos: 10 };
    expect(planInputSchema.safeParse({ ...valid, rafaga }).success).toBe(true);
    const below = planInputSchema.safeParse({ ...valid, rafaga: { ...rafaga, bajadaMbps: 3 } });
    expect(below.error?.issues.map((i) => i.path.join('.'))).toEqual(['rafaga.bajadaMbps']);
    const threshold = planInputSchema.safeParse({ ...valid, rafaga: { ...rafaga, umbralSubidaMbps: 1.5 } });
    expect(threshold.error?.issues[0]?.message).toBe('El umbral de subida no puede pasar de la subida del plan');
    expect(planInputSchema.safeParse({ ...valid, rafaga: { ...rafaga, segundos: 0 } }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...valid, rafaga: { ...rafaga, extra: 1 } }).success).toBe(false);
  });

  it('a router may leave out its provisioning mode (the server decides: ninguno, or the stored one) and refuses an unknown one', () => {
    const base = { host: '10.0.0.1', username: 'admin' };
    expect(routerInputSchema.parse(base).modoAprovisionamiento).toBeUndefined();
    expect(routerInputSchema.parse({ ...base, modoAprovisionamiento: 'cola' }).modoAprovisionamiento).toBe('cola');
    expect(routerInputSchema.safeParse({ ...base, modoAprovisionamiento: 'x' }).success).toBe(false);
  });
});

describe('inventory classification (docs/network.md "Inventory and adoption")', () => {
  const plan = { id: 1, nombre: 'Residencial', bajadaMbps: 3, subidaMbps: 1 };
  const contract = (id: number, over: Partial<InventoryContract> = {}): InventoryContract => ({
    id,
    no: id,
    nombre: `Cliente ${id}`,
    usuarioPppoe: '',
    ipCliente: '',
    comentario: `c${id}`,
    plan,
    ...over,
  });
  const queueName = (c: InventoryContract) => queueNameOf(c);

  it('links by PPPoE user, IP or comment; speed differences and leftovers on both sides', () => {
    const contracts = [
      contract(1, { usuarioPppoe: 'ana' }),
      contract(2, { ipCliente: '10.0.0.2' }),
      contract(3),
      contract(4, { usuarioPppoe: 'nadie' }),
      contract(5, { ipCliente: '10.0.0.5' }),
    ];
    const r = classifyInventory(
      contracts,
      {
        profiles: [
          { name: 'airlink-1-residencial', rateLimit: '1M/3M' },
          { name: '10M', rateLimit: '10M/10M' },
        ],
        secrets: [
          { name: 'ana', profile: 'airlink-1-residencial', remoteAddress: '', comment: '', disabled: false },
          { name: 'beto', profile: '10M', remoteAddress: '10.0.0.2', comment: '', disabled: false },
          { name: 'carla', profile: 'airlink-1-residencial', remoteAddress: '', comment: 'c3', disabled: true },
          { name: 'ajeno', profile: 'default', remoteAddress: '10.9.9.9', comment: '', disabled: false },
        ],
        queues: [{ name: 'airlink-0005', target: '10.0.0.5/32', maxLimit: '1000000/3000000', comment: '' }],
        active: ['ana'],
      },
      queueName,
    );
    expect(r.vinculados.map((e) => [e.nombre, e.idContrato, e.vinculadoPor, e.enLinea])).toEqual([
      ['ana', 1, 'usuarioPppoe', true],
      ['carla', 3, 'comentario', false],
      ['airlink-0005', 5, 'ip', false],
    ]);
    expect(r.velocidadDistinta.map((e) => [e.nombre, e.idContrato, e.bajadaMbps, e.planBajadaMbps])).toEqual([
      ['beto', 2, 10, 3],
    ]);
    expect(r.soloEnRouter.map((e) => e.nombre)).toEqual(['ajeno']);
    expect(r.soloEnAirlink.map((c) => c.idContrato)).toEqual([4]);
  });

  it('a contract links to one entry only', () => {
    const r = classifyInventory(
      [contract(1, { usuarioPppoe: 'ana', ipCliente: '10.0.0.1' })],
      {
        profiles: [],
        secrets: [
          { name: 'ana', profile: 'x', remoteAddress: '10.0.0.1', comment: '', disabled: false },
          { name: 'ana2', profile: 'x', remoteAddress: '10.0.0.1', comment: '', disabled: false },
        ],
        queues: [],
        active: [],
      },
      queueName,
    );
    expect(r.velocidadDistinta.map((e) => e.nombre)).toEqual(['ana']);
    expect(r.soloEnRouter.map((e) => e.nombre)).toEqual(['ana2']);
  });
});

describe('comparing what the router holds with a plan', () => {
  it.each(DEFAULT_PLANS.map((p) => [p.id, p] as const))(
    'plan %i matches its own strings as the router prints them',
    (_, p) => {
      expect(rateLimitMatches(rateLimitOf(p), p)).toBe(true);
      expect(rateLimitMatches(rateLimitOf(burstOf(p)), burstOf(p))).toBe(true);
      expect(rateLimitMatches(rateLimitOf(p), burstOf(p))).toBe(false);
      expect(rateLimitMatches(rateLimitOf(burstOf(p)), p)).toBe(false);
      const asPrinted = (t: string) => t.replace(/(\d+)M/g, '$1000000').replace(/(\d+)k/g, '$1000');
      const q = queueLimitsOf(burstOf(p));
      expect(
        queueLimitsMatch(
          {
            ...q,
            maxLimit: asPrinted(q.maxLimit),
            burstLimit: asPrinted(q.burstLimit),
            burstThreshold: asPrinted(q.burstThreshold),
          },
          burstOf(p),
        ),
      ).toBe(true);
      expect(queueLimitsMatch(queueLimitsOf(p), p)).toBe(true);
      expect(queueLimitsMatch({ ...queueLimitsOf(p), maxLimit: '1M/1M' }, p)).toBe(false);
    },
  );
});
