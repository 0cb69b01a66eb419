import { describe, expect, it } from 'vitest';
import { normalizeRfc, rfcCheckDigit, rfcPersonType, rfcProblem } from './rfc';

describe('RFC', () => {
  it.each([
    ['EKU9003173C9', 'moral'],
    ['TCA0407219T6', 'moral'],
    ['WHI150301AB8', 'moral'],
    ['FASJ960709N19', 'fisica'],
    ['PEGJ800101AB6', 'fisica'],
    ['LOMA850615K23', 'fisica'],
  ] as const)('%s is valid (persona %s)', (rfc, person) => {
    expect(rfcProblem(rfc)).toBeNull();
    expect(rfcPersonType(rfc)).toBe(person);
  });

  it('the check digit follows the SAT algorithm, 10 written A and 11 written 0', () => {
    expect(rfcCheckDigit('EKU9003173C')).toBe('9');
    expect(rfcCheckDigit('FASJ960709N1')).toBe('9');
    expect(rfcCheckDigit('PEGJ800101AB')).toBe('6');
  });

  it.each([
    ['PEGJ800101AB7', 'digito'],
    ['EKU9003173C8', 'digito'],
    ['PEGJ801301AB6', 'fecha'],
    ['PEGJ800230AB6', 'fecha'],
    ['PEGJ80010AB6', 'formato'],
    ['PE1J800101AB6', 'formato'],
    ['PEGJ800101AB', 'formato'],
    ['', 'formato'],
  ] as const)('%s is refused: %s', (rfc, problem) => {
    expect(rfcProblem(rfc)).toBe(problem);
  });

  it('the generic RFCs are accepted as they are (their digit does not check)', () => {
    expect(rfcCheckDigit('XAXX01010100')).not.toBe('0');
    expect(rfcProblem('XAXX010101000')).toBeNull();
    expect(rfcProblem('XEXX010101000')).toBeNull();
  });

  it('29 February only in a leap year; people copy RFCs with spaces, dashes and lower case', () => {
    expect(rfcProblem(normalizeRfc('pegj-000229-ab6'))).not.toBe('fecha');
    expect(rfcProblem('PEGJ010229AB6')).toBe('fecha');
    expect(normalizeRfc(' pegj 800101-ab6 ')).toBe('PEGJ800101AB6');
  });
});
