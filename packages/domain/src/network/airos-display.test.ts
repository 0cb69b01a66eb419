import { describe, expect, it } from 'vitest';
import { bitsToMbps } from './bandwidth';
import { lanSpeedLabel, radioIdentityText, signalForDisplay } from './airos-display';

describe('lanSpeedLabel', () => {
  it.each([
    [38, '1000 Mbps Full'],
    [36, '100 Mbps Full'],
    [35, '100 Mbps Half'],
    [34, '10 Mbps Full'],
    [32, '10 Mbps Half'],
    [30, '10 Mbps Half'],
    [28, '10 Mbps Half'],
    [1, 'Desconectado'],
    [0, 'Desconocido'],
    [99, 'Desconocido'],
    [null, 'Desconocido'],
  ])('%s → %s', (code, label) => {
    expect(lanSpeedLabel(code)).toBe(label);
  });
});

describe('signalForDisplay', () => {
  it('shows the signal negated', () => {
    expect(signalForDisplay(-62)).toBe(62);
    expect(signalForDisplay(0)).toBe(0);
    expect(signalForDisplay(null)).toBeNull();
    expect(signalForDisplay(Number.NaN)).toBeNull();
  });
});

describe('bitsToMbps', () => {
  it('divides by 1024 twice (the spec rule, not 10^6)', () => {
    expect(bitsToMbps(1_048_576)).toBe(1);
    expect(bitsToMbps(5_000_000)).toBeCloseTo(4.768, 3);
  });
});

describe('radioIdentityText', () => {
  it('joins what the radio says of itself, leaving out what it did not give', () => {
    expect(radioIdentityText({ hostname: 'CPE-Ana', model: 'LiteBeam 5AC', firmware: 'v8.7.17' })).toBe(
      'CPE-Ana · LiteBeam 5AC · firmware v8.7.17',
    );
    expect(radioIdentityText({ hostname: null, model: 'NanoStation M5', firmware: null })).toBe('NanoStation M5');
    expect(radioIdentityText({ hostname: null, model: null, firmware: null })).toBeNull();
  });
});
