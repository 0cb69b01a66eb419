import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  canUndo,
  errorText,
  everyText,
  needsConfirmation,
  runSummary,
  taskState,
  reminderRunText,
  taskTitle,
} from './automation-labels';

describe('automation labels', () => {
  it.each([
    [60, 'Cada minuto'],
    [300, 'Cada 5 min'],
    [3600, 'Cada hora'],
    [7200, 'Cada 2 h'],
    [86400, 'Cada día'],
    [172800, 'Cada 2 días'],
    [45, 'Cada 45 s'],
  ])('%i s is %s', (s, text) => expect(everyText(s)).toBe(text));

  it('only a finished run that cut someone can be undone', () => {
    expect(canUndo({ estado: 'terminada', cortados: 2 })).toBe(true);
    expect(canUndo({ estado: 'terminada', cortados: 0 })).toBe(false);
    expect(canUndo({ estado: 'deshecha', cortados: 2 })).toBe(false);
    expect(canUndo({ estado: 'aprobada', cortados: 0 })).toBe(false);
    expect(canUndo({ estado: 'en_curso', cortados: 1 })).toBe(false);
  });

  it('summarises a run in Spanish', () => {
    expect(runSummary({ cortados: 1, errores: 0, omitidos: 0 })).toBe('1 cortado');
    expect(runSummary({ cortados: 3, errores: 2, omitidos: 1 })).toBe('3 cortados, 2 con error, 1 omitido');
  });

  it('knows the share guard and shows server messages, never raw codes', () => {
    const guard = new ApiError(409, 'confirmation_required', 'Se cortarían 9 de 40');
    expect(needsConfirmation(guard)).toBe(true);
    expect(needsConfirmation(new ApiError(409, 'run_exists', 'x'))).toBe(false);
    expect(errorText(guard, 'otro')).toBe('Se cortarían 9 de 40');
    expect(errorText(new ApiError(502, 'http_502', '<html>'), 'No se pudo.')).toBe('No se pudo.');
    expect(errorText(new ApiError(0, 'network', 'x'), 'No se pudo.')).toBe('No se pudo conectar con el servidor.');
    expect(errorText(new Error('boom'), 'No se pudo.')).toBe('No se pudo.');
  });

  it('names tasks and their state', () => {
    expect(taskTitle('cortes-programados')).toBe('Cortes programados');
    expect(taskTitle('recordatorios-pago')).toBe('Recordatorios de pago por WhatsApp');
    expect(taskTitle('reporte-diario')).toBe('Reporte diario al dueño');
    expect(taskTitle('otra')).toBe('otra');
    expect(taskState({ enCurso: true, ultima: null }).text).toBe('En curso');
    expect(taskState({ enCurso: false, ultima: null }).text).toBe('Sin ejecuciones');
    expect(
      taskState({ enCurso: false, ultima: { estado: 'failed', terminada: null, error: 'x', resultado: null } }).text,
    ).toBe('Falló');
    expect(
      taskState({ enCurso: false, ultima: { estado: 'done', terminada: null, error: null, resultado: null } }).text,
    ).toBe('Correcta');
  });
});

describe('reminderRunText', () => {
  it('says what was sent, cancelled and failed, and that outside the hours it only queued', () => {
    const run = { encolados: 0, enviados: 0, fallidos: 0, cancelados: 0, fueraDeHorario: false, error: null };
    expect(reminderRunText({ ...run, enviados: 1, motivo: null })).toBe('1 enviado.');
    expect(reminderRunText({ ...run, encolados: 3, enviados: 2, fallidos: 1, cancelados: 1, motivo: null })).toBe(
      '3 en cola nuevos, 2 enviados, 1 cancelado (ya pagaron), 1 fallido.',
    );
  });

  it('says why a run sent nothing', () => {
    const run = { encolados: 0, enviados: 0, fallidos: 0, cancelados: 0, fueraDeHorario: false, error: null };
    expect(reminderRunText({ ...run, encolados: 2, fueraDeHorario: true, motivo: 'fuera_de_horario' })).toBe(
      '2 en cola nuevos, 0 enviados. Fuera de horario (09:00 a 20:00): se enviarán en horario.',
    );
    expect(reminderRunText({ ...run, motivo: 'ninguno_pendiente' })).toBe(
      '0 enviados. Ningún contrato tiene recordatorio pendiente.',
    );
    expect(reminderRunText({ ...run, motivo: 'sin_instancia' })).toBe(
      '0 enviados. No hay una instancia de WhatsApp elegida para enviarlos.',
    );
    expect(reminderRunText({ ...run, motivo: 'inactivo' })).toBe('0 enviados. Los recordatorios están desactivados.');
    expect(
      reminderRunText({ ...run, motivo: 'whatsapp_no_disponible', error: 'La instancia Cobranza no está conectada.' }),
    ).toBe(
      '0 enviados. WhatsApp no está disponible (La instancia Cobranza no está conectada): quedan en cola para la siguiente ejecución.',
    );
  });
});
