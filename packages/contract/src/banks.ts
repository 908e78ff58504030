/**
 * Banks a salary can be paid into, with the codes the payment rails use (issue 32 item 5).
 *
 * Nigeria — `cbnCode`: the 3-digit CBN bank code of the deposit money banks (the code of the NUBAN check digit and of
 * most banks' bulk-upload templates); `nibssCode`: the 6-digit NIBSS institution code (NIP/NEFT), which is what a
 * NIBSS bulk file and the OFIs (microfinance banks, payment service banks, mobile money operators) are known by.
 * Source: CBN "List of financial institutions" / NUBAN revised standard (2018, 6-digit institution codes) and the NIBSS
 * NIP institution list as published by the payment processors (Paystack/Flutterwave bank lists); as of 2026-11.
 * `isNubanChecked`: the account number carries the NUBAN check digit computed from the code. The mobile-money wallets
 * (Opay, PalmPay, Moniepoint, Kuda) number accounts by phone number or their own series, so only the 10 digits are checked.
 *
 * Ghana — `code`: the 3-digit Bank of Ghana / GhIPSS bank code (the first digits of the bank's 6-digit branch sort
 * codes, e.g. Standard Chartered 020101 High Street). Source: Bank of Ghana list of licensed banks and the GhIPSS
 * sort-code directory; as of 2026-11.
 * Keep the list maintained: a renamed or merged bank keeps its old code as an alias (`aliases`) so stored rows still match.
 */
export type TBankKind = 'commercial' | 'merchant' | 'non-interest' | 'microfinance' | 'mobile-money';
export type TBank = {
  country: 'NG' | 'GH';
  /** The code the pay settings store: the CBN 3-digit code where the bank has one, else the NIBSS 6-digit code (NG); the 3-digit bank code (GH). */
  code: string;
  name: string;
  kind: TBankKind;
  nibssCode?: string;
  isNubanChecked?: boolean;
  /** Other names people type (short names, old names). */
  aliases?: readonly string[];
};

export const BANKS_AS_OF = '2026-11';

const ng = (code: string, name: string, kind: TBankKind, nibssCode: string | undefined, aliases: readonly string[] = [], isNubanChecked = code.length === 3): TBank =>
  ({ country: 'NG', code, name, kind, nibssCode, isNubanChecked, aliases });
const gh = (code: string, name: string, aliases: readonly string[] = []): TBank => ({ country: 'GH', code, name, kind: 'commercial', aliases });

export const NG_BANKS: readonly TBank[] = [
  ng('044', 'Access Bank', 'commercial', '000014', ['Access', 'Access Bank Plc', 'Diamond Bank', '063']),
  ng('023', 'Citibank Nigeria', 'commercial', '000009', ['Citibank']),
  ng('050', 'Ecobank Nigeria', 'commercial', '000010', ['Ecobank']),
  ng('070', 'Fidelity Bank', 'commercial', '000007', ['Fidelity']),
  ng('011', 'First Bank of Nigeria', 'commercial', '000016', ['First Bank', 'FirstBank', 'FBN']),
  ng('214', 'First City Monument Bank', 'commercial', '000003', ['FCMB']),
  ng('103', 'Globus Bank', 'commercial', '000027', ['Globus']),
  ng('058', 'Guaranty Trust Bank', 'commercial', '000013', ['GTBank', 'GTB', 'GTCO', 'Guaranty Trust']),
  ng('030', 'Heritage Bank', 'commercial', '000020', ['Heritage']),
  ng('082', 'Keystone Bank', 'commercial', '000002', ['Keystone']),
  ng('076', 'Polaris Bank', 'commercial', '000008', ['Polaris', 'Skye Bank']),
  ng('101', 'Providus Bank', 'commercial', '000023', ['Providus']),
  ng('221', 'Stanbic IBTC Bank', 'commercial', '000012', ['Stanbic', 'Stanbic IBTC', '039']),
  ng('068', 'Standard Chartered Bank Nigeria', 'commercial', '000021', ['Standard Chartered', 'StanChart']),
  ng('232', 'Sterling Bank', 'commercial', '000001', ['Sterling']),
  ng('100', 'SunTrust Bank', 'commercial', '000022', ['SunTrust']),
  ng('102', 'Titan Trust Bank', 'commercial', '000025', ['Titan Trust', 'Titan']),
  ng('032', 'Union Bank of Nigeria', 'commercial', '000018', ['Union Bank']),
  ng('033', 'United Bank for Africa', 'commercial', '000004', ['UBA']),
  ng('215', 'Unity Bank', 'commercial', '000011', ['Unity']),
  ng('035', 'Wema Bank', 'commercial', '000017', ['Wema', 'ALAT']),
  ng('057', 'Zenith Bank', 'commercial', '000015', ['Zenith']),
  ng('105', 'PremiumTrust Bank', 'commercial', '000031', ['PremiumTrust', 'Premium Trust']),
  ng('104', 'Parallex Bank', 'commercial', '000030', ['Parallex']),
  ng('107', 'Optimus Bank', 'commercial', '000036', ['Optimus']),
  ng('106', 'Signature Bank', 'commercial', '000034', ['Signature']),
  ng('301', 'Jaiz Bank', 'non-interest', '000006', ['Jaiz']),
  ng('302', 'TAJBank', 'non-interest', '000026', ['TAJ Bank', 'TAJ']),
  ng('303', 'Lotus Bank', 'non-interest', '000029', ['Lotus']),
  ng('559', 'Coronation Merchant Bank', 'merchant', '060001', ['Coronation']),
  ng('501', 'FSDH Merchant Bank', 'merchant', '400001', ['FSDH']),
  ng('060002', 'FBNQuest Merchant Bank', 'merchant', '060002', ['FBNQuest'], false),
  ng('060003', 'Nova Merchant Bank', 'merchant', '060003', ['Nova', 'Nova Bank'], false),
  ng('502', 'Rand Merchant Bank', 'merchant', '000024', ['RMB', 'Rand Merchant']),
  ng('100004', 'OPay', 'mobile-money', '100004', ['Opay', 'OPay Digital Services', 'Paycom'], false),
  ng('100033', 'PalmPay', 'mobile-money', '100033', ['Palmpay'], false),
  ng('090405', 'Moniepoint Microfinance Bank', 'microfinance', '090405', ['Moniepoint', 'Moniepoint MFB', 'TeamApt'], false),
  ng('090267', 'Kuda Microfinance Bank', 'microfinance', '090267', ['Kuda', 'Kuda Bank', 'Kuda MFB'], false),
  ng('120001', '9 Payment Service Bank', 'mobile-money', '120001', ['9PSB'], false),
  ng('100002', 'Paga', 'mobile-money', '100002', [], false),
  ng('090110', 'VFD Microfinance Bank', 'microfinance', '090110', ['VFD', 'VBank'], false),
  ng('090286', 'Safe Haven Microfinance Bank', 'microfinance', '090286', ['Safe Haven'], false),
  ng('090177', 'LAPO Microfinance Bank', 'microfinance', '090177', ['LAPO'], false),
  ng('090134', 'Accion Microfinance Bank', 'microfinance', '090134', ['Accion'], false),
  ng('090175', 'Rubies Microfinance Bank', 'microfinance', '090175', ['Rubies'], false),
];

export const GH_BANKS: readonly TBank[] = [
  gh('020', 'Standard Chartered Bank Ghana', ['Standard Chartered', 'StanChart']),
  gh('030', 'Absa Bank Ghana', ['Absa', 'Barclays Bank Ghana']),
  gh('040', 'GCB Bank', ['GCB', 'Ghana Commercial Bank']),
  gh('050', 'National Investment Bank', ['NIB']),
  gh('060', 'United Bank for Africa Ghana', ['UBA', 'UBA Ghana']),
  gh('070', 'ARB Apex Bank', ['ARB Apex']),
  gh('080', 'Agricultural Development Bank', ['ADB']),
  gh('090', 'Societe Generale Ghana', ['SG Ghana', 'Societe Generale']),
  gh('100', 'Universal Merchant Bank', ['UMB']),
  gh('110', 'Republic Bank Ghana', ['Republic Bank', 'HFC Bank']),
  gh('120', 'Zenith Bank Ghana', ['Zenith', 'Zenith Ghana']),
  gh('130', 'Ecobank Ghana', ['Ecobank']),
  gh('140', 'CalBank', ['Cal Bank', 'CAL']),
  gh('170', 'First Atlantic Bank', ['First Atlantic']),
  gh('180', 'Prudential Bank', ['Prudential']),
  gh('190', 'Stanbic Bank Ghana', ['Stanbic']),
  gh('200', 'First Bank Ghana', ['FBN Ghana', 'FBNBank Ghana']),
  gh('210', 'Bank of Africa Ghana', ['Bank of Africa', 'BOA']),
  gh('230', 'Guaranty Trust Bank Ghana', ['GTBank', 'GTBank Ghana', 'GTB']),
  gh('240', 'Fidelity Bank Ghana', ['Fidelity']),
  gh('260', 'OmniBSIC Bank', ['OmniBSIC']),
  gh('280', 'Access Bank Ghana', ['Access', 'Access Bank']),
  gh('330', 'First National Bank Ghana', ['FNB', 'FNB Ghana']),
  gh('340', 'Consolidated Bank Ghana', ['CBG']),
];

export const banksOf = (country: string): readonly TBank[] => (country === 'GH' ? GH_BANKS : country === 'NG' ? NG_BANKS : []);

const squash = (s: string) => s.toLowerCase().replace(/\b(plc|ltd|limited|nigeria|ghana)\b/g, '').replace(/[^a-z0-9]/g, '');

/** The bank of `country` named by code (CBN, NIBSS or an old code) or by name/short name, case- and punctuation-blind; undefined when not on the list. */
export const findBank = (country: string, codeOrName: string | null | undefined): TBank | undefined => {
  if (!codeOrName?.trim()) return undefined;
  const text = codeOrName.trim();
  const list = banksOf(country);
  if (/^\d+$/.test(text)) return list.find((b) => b.code === text || b.nibssCode === text || b.aliases?.includes(text));
  const key = squash(text);
  if (!key) return undefined;
  return list.find((b) => squash(b.name) === key) ?? list.find((b) => b.aliases?.some((a) => squash(a) === key));
};

/** 10 digits, with the NUBAN check digit where the bank's numbers carry it (weights 3,7,3 over the 6-digit institution code and the 9-digit serial). */
export const isValidNubanFor = (bank: TBank, accountNumber: string) => {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  if (!bank.isNubanChecked) return true;
  const digits = `${bank.code.padStart(6, '0')}${accountNumber.slice(0, 9)}`;
  const weights = [3, 7, 3];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % 3];
  return (10 - (sum % 10)) % 10 === Number(accountNumber[9]);
};

export type TBankCheck = { ok: true; bank: TBank } | { ok: false; field: 'bankCode' | 'bankName' | 'accountNumber'; key: string; reason: string; params?: Record<string, string> };

/**
 * The bank (by code or name) and account number of a Nigerian or Ghanaian employee, checked against the list: the
 * bank must be on it; in Nigeria the account must be a NUBAN of that bank; in Ghana 7 to 16 digits (banks' own lengths).
 */
export const checkBankAccount = (country: string, bank: string, accountNumber: string | null | undefined): TBankCheck => {
  const found = findBank(country, bank);
  const field = /^\d+$/.test(bank.trim()) ? 'bankCode' : 'bankName';
  if (!found) return { ok: false, field, key: 'bankNotListed', reason: `${bank.trim()} is not a bank on the list of ${country === 'GH' ? 'Ghanaian' : 'Nigerian'} banks; choose one from the list`, params: { bank: bank.trim() } };
  if (accountNumber) {
    if (country === 'NG' && !isValidNubanFor(found, accountNumber)) {
      return { ok: false, field: 'accountNumber', key: 'invalidNuban', reason: `${accountNumber} is not a valid NUBAN for bank code ${found.code} (10 digits whose last is the check digit)`, params: { account: accountNumber, bankCode: found.code } };
    }
    if (country === 'GH' && !/^\d{7,16}$/.test(accountNumber)) return { ok: false, field: 'accountNumber', key: 'invalidGhAccount', reason: `${accountNumber} is not a Ghanaian account number (7 to 16 digits)`, params: { account: accountNumber } };
  }
  return { ok: true, bank: found };
};
