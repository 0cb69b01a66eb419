import { describe, expect, it } from 'vitest';
import { describeChanges, SECRET_CHANGED } from './describe-changes';

interface Thing {
  host: string;
  port: number;
  tls: boolean;
  lat: number | null;
  passwordEnc: string | null;
  note: string;
}

const fields = {
  host: 'Host',
  port: 'Puerto',
  tls: 'TLS',
  lat: 'Latitud',
  passwordEnc: { label: 'Contraseña', secret: true },
} as const;

const base: Thing = { host: '10.0.0.1', port: 8728, tls: false, lat: null, passwordEnc: '$sb1$a', note: 'x' };

describe('describeChanges', () => {
  it('an edit: one "field: old -> new" line per changed field, in the order given; a secret only as changed', () => {
    const after = { ...base, host: '10.0.0.2', tls: true, lat: 20.1, passwordEnc: '$sb1$b', note: 'y' };
    expect(describeChanges(base, after, fields)).toEqual([
      'Host: 10.0.0.1 -> 10.0.0.2',
      'TLS: no -> sí',
      'Latitud: (vacío) -> 20.1',
      SECRET_CHANGED,
    ]);
    expect(SECRET_CHANGED).toBe('contraseña cambiada');
    // Neither the old nor the new sealed value is ever written.
    expect(describeChanges(base, after, fields).join('\n')).not.toContain('$sb1$');
  });

  it('an edit that changes nothing listed gives no lines', () => {
    expect(describeChanges(base, { ...base, note: 'otra' }, fields)).toEqual([]);
  });

  it('a create lists the fields with a value (a secret as set); a delete what the thing had', () => {
    expect(describeChanges(null, base, fields)).toEqual(['Host: 10.0.0.1', 'Puerto: 8728', SECRET_CHANGED]);
    expect(describeChanges(base, null, fields)).toEqual(['Host: 10.0.0.1', 'Puerto: 8728']);
  });

  it('a field can bring its own format and its own secret text', () => {
    expect(
      describeChanges(
        { ...base },
        { ...base, port: 8729, passwordEnc: null },
        {
          port: { label: 'Puerto', format: (p) => `:${p}` },
          passwordEnc: { label: 'Clave', secret: true, changedText: 'clave de API cambiada' },
        },
      ),
    ).toEqual(['Puerto: :8728 -> :8729', 'clave de API cambiada']);
  });
});
