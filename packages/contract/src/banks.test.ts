import { describe, expect, it } from 'vitest';
import { checkBankAccount, findBank, GH_BANKS, isValidNubanFor, NG_BANKS } from './banks.ts';

describe('bank list', () => {
  it('has one entry per code, 3-digit CBN or 6-digit NIBSS codes in Nigeria and 3-digit codes in Ghana', () => {
    for (const list of [NG_BANKS, GH_BANKS]) expect(new Set(list.map((b) => b.code)).size).toBe(list.length);
    for (const b of NG_BANKS) {
      expect(b.code, b.name).toMatch(/^(\d{3}|\d{6})$/);
      if (b.nibssCode) expect(b.nibssCode, b.name).toMatch(/^\d{6}$/);
    }
    for (const b of GH_BANKS) expect(b.code, b.name).toMatch(/^\d{3}$/);
    expect(new Set(NG_BANKS.filter((b) => b.nibssCode).map((b) => b.nibssCode)).size).toBe(NG_BANKS.filter((b) => b.nibssCode).length);
  });

  it('finds a bank by code, NIBSS code, name, short name or old code, case- and punctuation-blind', () => {
    expect(findBank('NG', '058')?.name).toBe('Guaranty Trust Bank');
    expect(findBank('NG', '000013')?.code).toBe('058');
    expect(findBank('NG', 'GTBank')?.code).toBe('058');
    expect(findBank('NG', 'guaranty trust bank plc')?.code).toBe('058');
    expect(findBank('NG', 'Diamond Bank')?.code).toBe('044');
    expect(findBank('NG', 'opay')?.nibssCode).toBe('100004');
    expect(findBank('NG', 'Moniepoint MFB')?.code).toBe('090405');
    expect(findBank('GH', 'GCB')?.code).toBe('040');
    expect(findBank('GH', '058')).toBeUndefined();
    expect(findBank('NG', 'Bank of Nowhere')).toBeUndefined();
    expect(findBank('NG', '  ')).toBeUndefined();
  });

  it('checks the NUBAN for banks with a CBN code, 10 digits for wallets, 7 to 16 digits in Ghana', () => {
    expect(isValidNubanFor(findBank('NG', '058')!, '0123456785')).toBe(true);
    expect(isValidNubanFor(findBank('NG', '058')!, '0123456789')).toBe(false);
    expect(isValidNubanFor(findBank('NG', 'Opay')!, '8031234567')).toBe(true);
    expect(isValidNubanFor(findBank('NG', 'Opay')!, '803123456')).toBe(false);
    expect(checkBankAccount('NG', 'Zenith', '1000000019')).toMatchObject({ ok: false, field: 'accountNumber', key: 'invalidNuban' });
    expect(checkBankAccount('NG', '999', null)).toMatchObject({ ok: false, field: 'bankCode', key: 'bankNotListed' });
    expect(checkBankAccount('GH', 'Ecobank', '12')).toMatchObject({ ok: false, field: 'accountNumber', key: 'invalidGhAccount' });
    expect(checkBankAccount('GH', 'Ecobank', '1441000123456')).toMatchObject({ ok: true });
  });
});
