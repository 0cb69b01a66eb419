import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_GROUP_LABELS,
  accountGroupOf,
  accountIdsOf,
  ACCOUNT_GROUPS,
  CASH_GROUPS,
  INCOME_GROUPS,
  isAdjustmentAccount,
  isBankAccount,
  isIncomeGroup,
} from './accounts';
import { accountGroupSchema } from './accounts-schema';

describe('account groups (docs/business-rules.md "Accounts and payment places")', () => {
  it('groups the spec accounts: Tizayuca cash 4, Pachuca cash 3, bank 2/5/6 (and 11 Mercado Pago), adjustment 8/9/10', () => {
    expect(accountIdsOf('tizayuca')).toEqual([4]);
    expect(accountIdsOf('pachuca')).toEqual([3]);
    expect(accountIdsOf('banco')).toEqual([2, 5, 6, 11]);
    expect(accountIdsOf('ajuste')).toEqual([8, 9, 10]);
    expect(accountGroupOf(6)).toBe('banco');
    expect(accountGroupOf(7)).toBeUndefined();
  });
  it('adjustment accounts are not money: every other group is income', () => {
    expect(ACCOUNT_GROUPS.filter(isIncomeGroup)).toEqual(['tizayuca', 'pachuca', 'banco']);
    expect(INCOME_GROUPS).not.toContain('ajuste');
    expect(CASH_GROUPS).toEqual(['tizayuca', 'pachuca']);
    expect([2, 3, 4, 5, 6, 8, 9, 10].filter(isAdjustmentAccount)).toEqual([8, 9, 10]);
    expect([2, 3, 4, 5, 6, 8, 9, 10].filter(isBankAccount)).toEqual([2, 5, 6]);
  });
  it('names every group in Spanish', () => {
    expect(ACCOUNT_GROUPS.map((g) => ACCOUNT_GROUP_LABELS[g])).toEqual([
      'Efectivo Tizayuca',
      'Efectivo Pachuca',
      'Banco',
      'Ajuste',
    ]);
  });
  it('a group in a schema is one of the four, in Spanish when not', () => {
    expect(accountGroupSchema.parse('ajuste')).toBe('ajuste');
    const bad = accountGroupSchema.safeParse('caja');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Grupo desconocido');
  });
});
