import { type Plan } from '@airlink/domain';

const plan = (id: number, nombre: string, monto: number, bajadaMbps: number, subidaMbps: number): Plan => ({
  id,
  nombre,
  monto,
  bajadaMbps,
  subidaMbps,
  rafaga: null,
});

/** The eight plans as the server seeds them (issue 23: 'up to N Mbps'; symmetric N/N, the others 3->1, 6->2, 10->3, 20->5). */
export const PLANS: Plan[] = [
  plan(1, 'Residencial hasta 3 Mbps', 300, 3, 1),
  plan(2, 'Oficina hasta 6 Mbps', 500, 6, 2),
  plan(3, 'Cybercafe hasta 10 Mbps', 800, 10, 3),
  {
    ...plan(4, 'Extremo hasta 20 Mbps', 1200, 20, 5),
    rafaga: { bajadaMbps: 30, subidaMbps: 8, umbralBajadaMbps: 15, umbralSubidaMbps: 4, segundos: 16 },
  },
  plan(5, 'Residencial simétrico', 500, 3, 3),
  plan(6, 'Oficina simétrico', 1000, 6, 6),
  plan(7, 'Cybercafe simétrico', 1700, 10, 10),
  plan(8, 'Extremo simétrico', 2300, 20, 20),
];
