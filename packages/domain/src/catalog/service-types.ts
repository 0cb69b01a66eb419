/** Service types with their monthly amount in pesos (docs/business-rules.md "Constants and limits"). */
export const SERVICE_TYPES = [
  { value: 1, name: 'Residencial hasta 3 Mbps', monthly: 300 },
  { value: 2, name: 'Oficina hasta 6 Mbps', monthly: 500 },
  { value: 3, name: 'Cybercafe hasta 10 Mbps', monthly: 800 },
  { value: 4, name: 'Extremo hasta 20 Mbps', monthly: 1200 },
  { value: 5, name: 'Residencial simétrico', monthly: 500 },
  { value: 6, name: 'Oficina simétrico', monthly: 1000 },
  { value: 7, name: 'Cybercafe simétrico', monthly: 1700 },
  { value: 8, name: 'Extremo simétrico', monthly: 2300 },
] as const;

export type ServiceTypeValue = (typeof SERVICE_TYPES)[number]['value'];

export function serviceType(value: number) {
  return SERVICE_TYPES.find((t) => t.value === value);
}
