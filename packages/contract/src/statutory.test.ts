import { describe, expect, it } from 'vitest';
import {
  checkEmployeeIdentifier, findPfa, NG_PFAS, normalizeGhanaCard, normalizeGhTin, normalizeNgTin, normalizeRcNumber, normalizeRsaPin, normalizeSsnitNumber, pfaName,
} from './statutory.ts';

describe('identifier formats (issue 31)', () => {
  it('reads the Nigerian TIN forms and refuses others', () => {
    expect(normalizeNgTin('1234567890')).toBe('1234567890');
    expect(normalizeNgTin('12345678-0001')).toBe('12345678-0001');
    expect(normalizeNgTin(' 12345678 0001 ')).toBe('12345678-0001');
    expect(normalizeNgTin('123456780001')).toBe('12345678-0001');
    expect(normalizeNgTin('12345678901')).toBe('12345678901');
    for (const bad of ['12345', '1234567-0001', 'ABCDEFGHIJ', '12345678-001']) expect(normalizeNgTin(bad), bad).toBeNull();
  });

  it('reads RSA PINs, Ghana Cards, SSNIT numbers, Ghanaian TINs and RC/BN numbers', () => {
    expect(normalizeRsaPin('pen 1000 1234 5678')).toBe('PEN100012345678');
    expect(normalizeRsaPin('PEN10001234567')).toBeNull();
    expect(normalizeGhanaCard('gha1234567890')).toBe('GHA-123456789-0');
    expect(normalizeGhanaCard('GHA-12345678-0')).toBeNull();
    expect(normalizeSsnitNumber('c017605040026')).toBe('C017605040026');
    expect(normalizeSsnitNumber('GHA-123456789-0')).toBe('GHA-123456789-0');
    expect(normalizeSsnitNumber('017605040026')).toBeNull();
    expect(normalizeGhTin('p0012345678')).toBe('P0012345678');
    expect(normalizeGhTin('X0012345678')).toBeNull();
    expect(normalizeRcNumber('rc-123456')).toBe('RC123456');
    expect(normalizeRcNumber('BN 2345678')).toBe('BN2345678');
    expect(normalizeRcNumber('123456')).toBeNull();
  });

  it('finds a licensed PFA by code, name or variant, and names a legacy value as stored', () => {
    expect(NG_PFAS).toHaveLength(19);
    expect(new Set(NG_PFAS.map((p) => p.code)).size).toBe(19);
    expect(findPfa('STANBIC')?.name).toBe('Stanbic IBTC Pension Managers Limited');
    expect(findPfa('stanbic ibtc pensions')?.code).toBe('STANBIC');
    expect(findPfa('Leadway Pensure PFA Ltd.')?.code).toBe('LEADWAY');
    expect(findPfa('ARM Pension Managers (PFA) Limited')?.code).toBe('ACCESS-ARM');
    expect(findPfa('Pensions')).toBeNull();
    expect(findPfa('Old Mutual Pensions')).toBeNull();
    expect(pfaName('FCMB')).toBe('FCMB Pensions Limited');
    expect(pfaName('Old Mutual Pensions')).toBe('Old Mutual Pensions');
    // Every name and alias finds its own PFA: no two PFAs share a key.
    for (const pfa of NG_PFAS) for (const text of [pfa.name, ...pfa.aliases]) expect(findPfa(text)?.code, text).toBe(pfa.code);
  });

  it('judges an identifier for the business\'s country', () => {
    expect(checkEmployeeIdentifier('NG', 'stateOfResidence', 'Lagos State')).toEqual({ ok: true, value: 'Lagos' });
    expect(checkEmployeeIdentifier('NG', 'stateOfResidence', 'Lagoss')).toMatchObject({ ok: false, key: 'unknownNgState' });
    expect(checkEmployeeIdentifier('GH', 'rsaPin', 'PEN100012345678')).toMatchObject({ ok: false, key: 'identifierNigeriaOnly' });
    expect(checkEmployeeIdentifier('GH', 'tin', 'GHA-123456789-0')).toEqual({ ok: true, value: 'GHA-123456789-0' });
    expect(checkEmployeeIdentifier('NG', 'tin', 'GHA-123456789-0')).toMatchObject({ ok: false, key: 'ngTinFormat' });
  });
});
