import { describe, expect, it } from 'vitest';
import { foldText } from './index';

describe('foldText', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(foldText('  José   HERNÁNDEZ Ñuñez ')).toBe('jose hernandez nunez');
    expect(foldText('Pachuca de Soto')).toBe('pachuca de soto');
  });
});
