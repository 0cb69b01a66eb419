import { describe, expect, it } from 'vitest';
import { activityLabel } from './activity-dot';

describe('activity label', () => {
  const now = new Date('2026-11-21T18:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it.each([
    [20, 'Activo hace menos de 1 min'],
    [60, 'Activo hace 1 min'],
    [299, 'Activo hace 4 min'],
    [40 * 60, 'Activo hace 40 min'],
  ])('%i s after the last activity reads %s', (seconds, label) => {
    expect(activityLabel(ago(seconds), now)).toBe(label);
  });

  it('says so when the date cannot be read', () => {
    expect(activityLabel('no-es-fecha', now)).toBe('Sin actividad registrada');
  });
});
