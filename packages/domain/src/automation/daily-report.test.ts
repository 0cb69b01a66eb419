import { describe, expect, it } from 'vitest';
import { dailyReportSettingsInputSchema, dailyReportText, REPORT_LIST_LIMIT, type DailyReport } from './daily-report';

const REPORT: DailyReport = {
  fecha: '2026-10-15',
  ingresos: {
    tizayuca: 300,
    pachuca: 450,
    banco: 500,
    total: 1250,
    cantidadPagos: 3,
    porCuenta: [
      { cuenta: 'Oficina Aurrera', grupo: 'tizayuca', monto: 300, cantidadPagos: 1 },
      { cuenta: 'Banamex Crispin', grupo: 'banco', monto: 500, cantidadPagos: 1 },
      { cuenta: 'Tarjeta', grupo: 'banco', monto: 0, cantidadPagos: 0 },
    ],
  },
  cortesCaja: [
    {
      cuenta: 'Oficina Aurrera',
      esperado: 300,
      contado: 280,
      diferencia: -20,
      cerradoPor: 'Caja Uno',
      cerradoEn: '2026-10-16T01:05:00Z',
    },
  ],
  cortes: Array.from({ length: REPORT_LIST_LIMIT + 2 }, (_, i) => ({
    idContrato: i,
    nombre: `Cliente ${i + 1}`,
    hora: '',
  })),
  reconexiones: [],
  deshechas: [],
  radiosCaidos: [{ id: 1, nombre: 'Radio Cerro', ip: '10.5.0.2', ultimaVez: null, error: 'No responde' }],
  routersCaidos: [],
};

describe('daily report text', () => {
  it('reads on a phone: totals per office and bank, banks with money, closes, lists cut after five', () => {
    expect(dailyReportText(REPORT, 'America/Mexico_City')).toBe(
      [
        '*AirLink · Reporte del 15/10/2026*',
        '',
        '*Ingresos: $1,250.00* (3 pagos)',
        '• Efectivo Tizayuca: $300.00',
        '• Efectivo Pachuca: $450.00',
        '• Bancos: $500.00',
        '   – Banamex Crispin: $500.00',
        '',
        '*Cortes de caja*',
        '• Oficina Aurrera: contado $280.00, diferencia -$20.00 (Caja Uno, 19:05)',
        '',
        '*Servicio*',
        '• Cortes: 7 (Cliente 1, Cliente 2, Cliente 3, Cliente 4, Cliente 5 y 2 más)',
        '• Reconexiones: 0',
        '',
        '*Red*',
        '• Radios caídos: 1 (Radio Cerro)',
        '• Routers caídos: 0',
      ].join('\n'),
    );
  });

  it('tells reconnections by payment and undone scheduled runs apart from the reconnections', () => {
    const text = dailyReportText({
      ...REPORT,
      reconexiones: [
        { idContrato: 1, nombre: 'Ana', hora: '', porPago: false },
        { idContrato: 2, nombre: 'Beto', hora: '', porPago: true },
      ],
      deshechas: [{ idEjecucion: 4, fecha: '2026-10-14', hora: '', reconectados: 3 }],
    });
    expect(text).toContain(
      [
        '• Reconexiones: 2 (Ana, Beto)',
        '   – por pago de reconexión: 1',
        '• Corte programado del 14/10/2026 deshecho: 3 reconectados',
      ].join('\n'),
    );
  });
});

describe('daily report settings', () => {
  const base = { activo: true, telefono: '771 123 0000', hora: '20:30', instancia: 'Direccion' };
  it('normalises the owner phone and refuses a bad one or a bad time', () => {
    expect(dailyReportSettingsInputSchema.parse(base).telefono).toBe('527711230000');
    expect(dailyReportSettingsInputSchema.safeParse({ ...base, telefono: '123' }).success).toBe(false);
    expect(dailyReportSettingsInputSchema.safeParse({ ...base, hora: '24:00' }).success).toBe(false);
  });
  it('switched on, needs the phone and the instance; switched off, neither', () => {
    const noPhone = dailyReportSettingsInputSchema.safeParse({ ...base, telefono: '' });
    expect(noPhone.error?.issues[0]).toMatchObject({
      path: ['telefono'],
      message: 'Escribe el WhatsApp del dueño para activar el reporte',
    });
    expect(dailyReportSettingsInputSchema.safeParse({ ...base, instancia: '' }).success).toBe(false);
    expect(
      dailyReportSettingsInputSchema.safeParse({ ...base, activo: false, telefono: '', instancia: '' }).success,
    ).toBe(true);
  });
});
