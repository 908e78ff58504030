import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  banksOf, checkEmployeeIdentifier, findBank, findPfa, GH_REGIONS, NG_PFAS, NG_STATES, PENSION_BASES, type TBank, type TEmployeeIdentifier, type TNgPfa, type TPaySettings,
} from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatMinor, majorTextToMinor, parseMoneyInput } from '../../../shared/format/money.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { thisMonth, useAddItem, useAddLoan, useSaveSettings } from '../api.ts';
import { useBulkSettings, type TBulkTarget } from '../paySetupApi.ts';
import { checkSplit, countrySplit, SPLIT_PARTS, splitForm, type TSplitError, type TSplitPart } from '../split.ts';

export { minorToInput } from '../../../shared/format/money.ts';
import { minorToInput } from '../../../shared/format/money.ts';

type TMoneyResult = { value: string | null; error: string | null };
/** A typed amount in the user's language → the API's text; empty gives null. */
const useMoney = () => {
  const { t, i18n } = useTranslation('pay');
  return (typed: string): TMoneyResult => {
    if (!typed.trim()) return { value: null, error: null };
    const value = parseMoneyInput(typed, i18n.language);
    return value === null ? { value: null, error: t('wages.invalidAmount') } : { value, error: null };
  };
};

const MONEY_FIELDS = ['grossIncome', 'nhis', 'lifeAssurance', 'rent', 'mortgageInterest'] as const;
const TEXT_FIELDS = ['bankName', 'bankCode', 'accountNumber', 'accountName'] as const;
/** Statutory identifiers (issue 31), per country; the PFA and the state or region are chosen from closed lists. */
type TIdField = TEmployeeIdentifier;
/** Identifiers that belong to one person: not offered when several employees are edited at once. */
const PERSONAL_IDS: readonly TEmployeeIdentifier[] = ['tin', 'rsaPin', 'nhfNumber', 'ghanaCardNumber', 'ssnitNumber'];
const PERCENT_FIELDS = ['tier3Employee', 'tier3Employer'] as const;
const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type TForm = Record<(typeof MONEY_FIELDS)[number] | (typeof TEXT_FIELDS)[number] | TIdField | (typeof PERCENT_FIELDS)[number] | 'payDay' | 'pensionRate' | 'pensionBase', string>
  & { nhf: boolean; split: Record<TSplitPart, string> };

/** The identifiers this business's country files with, in the order the form shows them. */
export const countryIdentifiers = (country: string): readonly TEmployeeIdentifier[] => (country === 'GH'
  ? ['ghanaCardNumber', 'ssnitNumber', 'tin', 'region']
  : ['tin', 'rsaPin', 'pensionFundAdministrator', 'nhfNumber', 'stateOfResidence']);

const formOf = (s: TPaySettings | null): TForm => ({
  grossIncome: minorToInput(s?.grossIncomeMinor), nhis: minorToInput(s?.nhisMinor || null), lifeAssurance: minorToInput(s?.lifeAssuranceMinor || null),
  rent: minorToInput(s?.rentMinor || null), mortgageInterest: minorToInput(s?.mortgageInterestMinor || null),
  bankName: s?.bankName ?? '', bankCode: s?.bankCode ?? '', accountNumber: s?.accountNumber ?? '', accountName: s?.accountName ?? '',
  pensionFundAdministrator: s?.pensionFundAdministrator ?? '', stateOfResidence: s?.stateOfResidence ?? '',
  tin: s?.tin ?? '', rsaPin: s?.rsaPin ?? '', nhfNumber: s?.nhfNumber ?? '', ghanaCardNumber: s?.ghanaCardNumber ?? '', ssnitNumber: s?.ssnitNumber ?? '', region: s?.region ?? '',
  tier3Employee: s?.tier3Employee ? String(s.tier3Employee) : '', tier3Employer: s?.tier3Employer ? String(s.tier3Employer) : '',
  payDay: s?.payDay ? String(s.payDay) : '', pensionRate: s?.pensionRate === null || s?.pensionRate === undefined ? '' : String(s.pensionRate), pensionBase: s?.pensionBase ?? '', nhf: s?.nhf ?? false,
  split: splitForm(s?.split),
});

const sameSplit = (a: TForm['split'], b: TForm['split']) => SPLIT_PARTS.every((p) => a[p].trim() === b[p].trim());

/**
 * The split override: basic, housing and transport as percentages of gross; all three empty = the country's split
 * (shown as the placeholder and in the hint, from the engine's own rules).
 */
const SplitFields = ({ form, errors, onChange }: { form: TForm['split']; errors: Record<string, string>; onChange: (part: TSplitPart, value: string) => void }) => {
  const { t } = useTranslation('pay');
  const user = useCurrentUser();
  const rules = countrySplit(user.country);
  const others = rules.others.map((o) => (o.rate === null ? t('wages.split.residualPart', { name: t(`wages.split.parts.${o.code}`) }) : t('wages.split.fixedPart', { name: t(`wages.split.parts.${o.code}`), rate: o.rate })));
  const hint = t('wages.split.hint', { basic: rules.defaults.basic, housing: rules.defaults.housing, transport: rules.defaults.transport, max: rules.maxTotal })
    + (others.length ? ` ${t('wages.split.others', { others: others.join(', ') })}` : '');
  return (
    <Grid size={12} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby="pay-split-hint">
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>{t('wages.split.title')}</Typography>
      <Typography id="pay-split-hint" variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>{hint}</Typography>
      <Grid container spacing={2}>
        {SPLIT_PARTS.map((part) => (
          <Grid key={part} size={{ xs: 12, sm: 4 }}>
            <TextField
              label={t(`wages.split.fields.${part}`)} value={form[part]} onChange={(e) => onChange(part, e.target.value)} fullWidth size="small" autoComplete="off" inputMode="decimal"
              placeholder={String(rules.defaults[part])} error={Boolean(errors[`split.${part}`] || errors.split)} helperText={errors[`split.${part}`]}
              slotProps={{ htmlInput: { 'data-testid': `pay-split-${part}` } }}
            />
          </Grid>
        ))}
      </Grid>
      {errors.split ? <Typography role="alert" variant="caption" sx={{ color: 'error.main', display: 'block', mt: 0.5 }} data-testid="pay-split-error">{errors.split}</Typography> : null}
    </Grid>
  );
};

/**
 * The statutory identifiers of the business's country: Nigeria's TIN, RSA PIN, PFA (from PenCom's licensed list),
 * NHF number and state; Ghana's Ghana Card, SSNIT number, TIN, region and voluntary tier 3 rates. A stored value that
 * is not on a list (typed before the lists existed) stays shown and is flagged until someone chooses from the list.
 */
const IdentifierFields = ({ form, errors, settings, isBulk, onChange }: {
  form: TForm; errors: Record<string, string>; settings: TPaySettings | null; isBulk: boolean; onChange: (k: keyof TForm, value: string) => void;
}) => {
  const { t } = useTranslation('pay');
  const user = useCurrentUser();
  const isGh = user.country === 'GH';
  const unlisted = new Set(settings?.unlisted ?? []);
  const legacyHelp = (k: 'pensionFundAdministrator' | 'stateOfResidence' | 'region') => (unlisted.has(k) && form[k] === settings?.[k] ? t('identifiers.unlisted', { value: form[k] }) : undefined);
  const text = (k: TIdField | (typeof PERCENT_FIELDS)[number], help?: string) => (
    <TextField
      label={t(`identifiers.fields.${k}`)} value={form[k]} onChange={(e) => onChange(k, e.target.value)} fullWidth size="small" autoComplete="off"
      error={Boolean(errors[k])} helperText={errors[k] ?? help} inputMode={k.startsWith('tier3') ? 'decimal' : undefined}
      slotProps={{ htmlInput: { 'data-testid': `pay-${k}` } }}
    />
  );
  const listSelect = (k: 'stateOfResidence' | 'region', options: readonly string[]) => {
    const legacy = form[k] && !options.includes(form[k]) ? form[k] : null;
    return (
      <TextField
        select label={t(`identifiers.fields.${k}`)} value={form[k]} onChange={(e) => onChange(k, e.target.value)} fullWidth size="small"
        error={Boolean(errors[k] || legacyHelp(k))} helperText={errors[k] ?? legacyHelp(k)} slotProps={{ htmlInput: { 'data-testid': `pay-${k}` } }}
      >
        <MenuItem value="">{t('wages.notSet')}</MenuItem>
        {legacy ? <MenuItem value={legacy}>{t('identifiers.notOnList', { value: legacy })}</MenuItem> : null}
        {options.map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
      </TextField>
    );
  };
  const pfa = findPfa(form.pensionFundAdministrator);
  return (
    <Grid size={12} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby="pay-identifiers-hint">
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>{t('identifiers.title')}</Typography>
      <Typography id="pay-identifiers-hint" variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>{t(isGh ? 'identifiers.hintGh' : 'identifiers.hintNg')}</Typography>
      <Grid container spacing={2}>
        {isGh ? (
          <>
            {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{text('ghanaCardNumber', t('identifiers.formats.ghanaCardNumber'))}</Grid>}
            {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{text('ssnitNumber', t('identifiers.formats.ssnitNumber'))}</Grid>}
            {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{text('tin', t('identifiers.formats.ghTin'))}</Grid>}
            <Grid size={{ xs: 12, sm: 6 }}>{listSelect('region', GH_REGIONS)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('tier3Employee', t('identifiers.tier3Help'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('tier3Employer', t('identifiers.tier3Help'))}</Grid>
          </>
        ) : (
          <>
            {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{text('tin', t('identifiers.formats.ngTin'))}</Grid>}
            {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{text('rsaPin', t('identifiers.formats.rsaPin'))}</Grid>}
            <Grid size={{ xs: 12, sm: 6 }}>
              <Autocomplete<TNgPfa>
                options={NG_PFAS} value={pfa} getOptionLabel={(o) => o.name} isOptionEqualToValue={(a, b) => a.code === b.code}
                onChange={(_e, v) => onChange('pensionFundAdministrator', v?.code ?? '')}
                renderInput={(params) => (
                  <TextField
                    {...params} label={t('identifiers.fields.pensionFundAdministrator')} size="small"
                    error={Boolean(errors.pensionFundAdministrator || legacyHelp('pensionFundAdministrator'))}
                    helperText={errors.pensionFundAdministrator ?? legacyHelp('pensionFundAdministrator') ?? t('identifiers.pfaHelp')}
                    slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'pay-pensionFundAdministrator' } }}
                  />
                )}
              />
            </Grid>
            {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{text('nhfNumber', t('identifiers.formats.nhfNumber'))}</Grid>}
            <Grid size={{ xs: 12, sm: 6 }}>{listSelect('stateOfResidence', NG_STATES)}</Grid>
          </>
        )}
      </Grid>
    </Grid>
  );
};

/** The form's identifiers as the API takes them (changed ones only), or the messages of those that are not of their format. */
const identifierBody = (t: (key: string, opts?: Record<string, unknown>) => string, country: string, form: TForm, initial: TForm, isBulk: boolean) => {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const k of countryIdentifiers(country)) {
    if (form[k] === initial[k] || (isBulk && (PERSONAL_IDS.includes(k) || !form[k].trim()))) continue;
    if (!form[k].trim()) {
      body[k] = null;
      continue;
    }
    const checked = checkEmployeeIdentifier(country, k, form[k]);
    if (checked.ok) body[k] = checked.value;
    else errors[k] = t(`identifiers.errors.${checked.key}`, { value: form[k].trim() });
  }
  if (country === 'GH') {
    for (const k of PERCENT_FIELDS) {
      if (form[k] === initial[k] || (isBulk && !form[k].trim())) continue;
      const typed = form[k].trim().replace(',', '.');
      if (!typed) body[k] = null;
      else if (PERCENT.test(typed) && Number(typed) <= 100) body[k] = typed;
      else errors[k] = t('wages.split.invalid');
    }
  }
  return { body, errors };
};

/**
 * The bank, chosen from the list of the country's banks (name, short names and codes are searched); choosing one fills
 * the bank code. A stored name that is not on the list stays shown as typed until someone chooses.
 */
const BankPicker = ({ form, country, errors, onChange }: { form: TForm; country: string; errors: Record<string, string>; onChange: (bankName: string, bankCode: string) => void }) => {
  const { t } = useTranslation('pay');
  const banks = banksOf(country);
  const value = findBank(country, form.bankCode) ?? findBank(country, form.bankName) ?? null;
  if (banks.length === 0) {
    return (
      <TextField label={t('fields.bankName')} value={form.bankName} onChange={(e) => onChange(e.target.value, form.bankCode)} fullWidth size="small" autoComplete="off"
        error={Boolean(errors.bankName)} helperText={errors.bankName} slotProps={{ htmlInput: { 'data-testid': 'pay-bankName' } }} />
    );
  }
  return (
    <Autocomplete<TBank>
      options={banks} value={value} getOptionLabel={(o) => o.name} isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(options, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        return q ? options.filter((o) => [o.name, o.code, o.nibssCode ?? '', ...(o.aliases ?? [])].some((x) => x.toLowerCase().includes(q))) : [...options];
      }}
      onChange={(_e, v) => onChange(v?.name ?? '', v?.code ?? '')}
      renderInput={(params) => (
        <TextField
          {...params} label={t('fields.bankName')} size="small"
          error={Boolean(errors.bankName)}
          helperText={errors.bankName ?? (form.bankName && !value ? t('setup.bankNotListed', { bank: form.bankName }) : t('setup.bankHelp'))}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'pay-bankName' } }}
        />
      )}
    />
  );
};

/**
 * Pay settings of one employee (settings given) or of several (bulk: only filled fields are sent).
 * Money is typed in the user's language and sent as text in major units.
 */
export const PaySettingsDialog = ({ open, title, description, settings, employeeIds, bulkTarget, currency, onClose }: {
  open: boolean; title: string; description?: string; settings: TPaySettings | null; employeeIds: string[]; currency: string; onClose: () => void;
  /** Bulk: who the change is for (the ticked rows or the whole list); saved in one request with one summary toast. */
  bulkTarget?: TBulkTarget;
}) => {
  const { t } = useTranslation('pay');
  const user = useCurrentUser();
  const money = useMoney();
  const save = useSaveSettings();
  const bulkSave = useBulkSettings();
  const isBulk = settings === null;
  const splitMessage = (e: TSplitError) => t(`wages.split.${e.key}`, { total: e.total, max: e.max });
  const [form, setForm] = useState<TForm>(() => formOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof TForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  // Issue 32: the month a new gross takes effect (default this month); an earlier, already-paid month gives arrears.
  const [effectiveMonth, setEffectiveMonth] = useState(thisMonth);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    const fieldErrors: Record<string, string> = {};
    const initial = formOf(settings);
    for (const k of MONEY_FIELDS) {
      if (form[k] === initial[k]) continue;
      const m = money(form[k]);
      if (m.error) fieldErrors[k] = m.error;
      else if (m.value !== null || !isBulk) body[k] = m.value;
    }
    if (typeof body.grossIncome === 'string') {
      if (!MONTH.test(effectiveMonth)) fieldErrors.grossEffectiveMonth = t('detail.monthInvalid');
      else body.grossEffectiveMonth = effectiveMonth;
    }
    for (const k of TEXT_FIELDS) if (form[k] !== initial[k] && (form[k].trim() || !isBulk)) body[k] = form[k].trim() || null;
    const ids = identifierBody(t, user.country, form, initial, isBulk);
    Object.assign(body, ids.body);
    Object.assign(fieldErrors, ids.errors);
    if (form.payDay !== initial.payDay && form.payDay) body.payDay = Number(form.payDay);
    if (form.pensionRate !== initial.pensionRate && (form.pensionRate || !isBulk)) body.pensionRate = form.pensionRate ? form.pensionRate : null;
    if (form.pensionBase !== initial.pensionBase && form.pensionBase) body.pensionBase = form.pensionBase;
    if (form.nhf !== initial.nhf) body.nhf = form.nhf;
    if (!sameSplit(form.split, initial.split)) {
      const split = checkSplit(form.split, countrySplit(user.country));
      for (const [k, e] of Object.entries(split.errors)) fieldErrors[k === 'split' ? 'split' : `split.${k}`] = splitMessage(e);
      // All three emptied: back to the country's split (in bulk, empty means "leave each as it is").
      if (!Object.keys(split.errors).length && (split.value || !isBulk)) body.split = split.value;
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) return;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setError(null);
    try {
      if (isBulk) {
        const saved = await bulkSave.mutateAsync({ target: bulkTarget ?? { employeeIds }, settings: body });
        flash(t('wages.bulkDone', { count: saved.updated }), 'success');
      } else {
        for (const id of employeeIds) await save.mutateAsync({ id, body });
      }
      onClose();
    } catch (err) {
      setError(displayError(t, err));
    }
  };

  const field = (k: keyof TForm, opts: { money?: boolean; type?: string } = {}) => (
    <TextField
      label={t(`fields.${k}`)} value={form[k] as string} onChange={set(k)} fullWidth size="small" autoComplete="off"
      inputMode={opts.money ? 'decimal' : undefined} type={opts.type}
      error={Boolean(errors[k])} helperText={errors[k] ?? (opts.money ? t('wages.amountHelp', { currency }) : undefined)}
      slotProps={{ htmlInput: { 'data-testid': `pay-${k}` } }}
    />
  );

  return (
    <FormDialog open={open} title={title} description={description} submitLabel={t('common.save')} busy={save.isPending || bulkSave.isPending} error={error} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{field('grossIncome', { money: true })}</Grid>}
        {isBulk ? null : (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('fields.grossEffectiveMonth')} type="month" value={effectiveMonth} onChange={(e) => setEffectiveMonth(e.target.value)} fullWidth size="small"
              error={Boolean(errors.grossEffectiveMonth)} helperText={errors.grossEffectiveMonth ?? t('detail.grossEffectiveHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'pay-grossEffectiveMonth' } }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>{field('payDay', { type: 'number' })}</Grid>
        {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}><BankPicker form={form} country={user.country} errors={errors} onChange={(bankName, bankCode) => setForm((f) => ({ ...f, bankName, bankCode }))} /></Grid>}
        {isBulk ? null : <Grid size={{ xs: 12, sm: 3 }}>{field('bankCode')}</Grid>}
        {isBulk ? null : <Grid size={{ xs: 12, sm: 3 }}>{field('accountNumber')}</Grid>}
        {isBulk ? null : <Grid size={{ xs: 12, sm: 6 }}>{field('accountName')}</Grid>}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select label={t('fields.pensionBase')} value={form.pensionBase} onChange={set('pensionBase')} fullWidth size="small">
            <MenuItem value="">{t('wages.notSet')}</MenuItem>
            {PENSION_BASES.map((b) => <MenuItem key={b} value={b}>{t(`pensionBases.${b}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('pensionRate')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('nhis', { money: true })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('lifeAssurance', { money: true })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('rent', { money: true })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('mortgageInterest', { money: true })}</Grid>
        <Grid size={12}>
          <FormControlLabel control={<Checkbox checked={form.nhf} onChange={(e) => setForm((f) => ({ ...f, nhf: e.target.checked }))} />} label={t('fields.nhf')} />
        </Grid>
        <IdentifierFields form={form} errors={errors} settings={settings} isBulk={isBulk} onChange={(k, value) => setForm((f) => ({ ...f, [k]: value }))} />
        <SplitFields form={form.split} errors={errors} onChange={(part, value) => setForm((f) => ({ ...f, split: { ...f.split, [part]: value } }))} />
      </Grid>
    </FormDialog>
  );
};

/** Allowance, overtime or IOU for one month. */
export const PayItemDialog = ({ open, employee, currency, onClose }: { open: boolean; employee: { id: string; name: string }; currency: string; onClose: () => void }) => {
  const { t } = useTranslation('pay');
  const money = useMoney();
  const add = useAddItem();
  const [kind, setKind] = useState<'allowance' | 'overtime' | 'iou'>('allowance');
  const [amount, setAmount] = useState('');
  const [month, setMonth] = useState(thisMonth());
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const m = money(amount);
    if (m.error || m.value === null) {
      setFieldError(m.error ?? t('wages.invalidAmount'));
      return;
    }
    setFieldError(null);
    try {
      await add.mutateAsync({ id: employee.id, kind, value: m.value, month });
      onClose();
    } catch (err) {
      setError(displayError(t, err));
    }
  };
  return (
    <FormDialog open={open} title={t('wages.itemsTitle', { name: employee.name })} description={t('wages.itemsDescription')} submitLabel={t('common.save')} busy={add.isPending} error={error} onSubmit={onSubmit} onClose={onClose}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select label={t('fields.kind')} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)} fullWidth size="small" slotProps={{ htmlInput: { 'data-testid': 'item-kind' } }}>
            {(['allowance', 'overtime', 'iou'] as const).map((k) => <MenuItem key={k} value={k}>{t(`kinds.${k}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('common.month')} type="month" value={month} onChange={(e) => setMonth(e.target.value)} fullWidth size="small" slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={12}>
          <TextField label={t('fields.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} fullWidth size="small" inputMode="decimal" autoComplete="off"
            error={Boolean(fieldError)} helperText={fieldError ?? t('wages.amountHelp', { currency })} slotProps={{ htmlInput: { 'data-testid': 'item-amount' } }} />
        </Grid>
      </Grid>
    </FormDialog>
  );
};

/** A new loan: amount lent, monthly repayment, first month. */
export const LoanDialog = ({ open, employee, currency, onClose }: { open: boolean; employee: { id: string; name: string }; currency: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation('pay');
  const money = useMoney();
  const add = useAddLoan();
  const [principal, setPrincipal] = useState('');
  const [monthly, setMonthly] = useState('');
  const [startMonth, setStartMonth] = useState(thisMonth());
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const p = money(principal);
    const m = money(monthly);
    const fieldErrors: Record<string, string> = {};
    if (!p.value) fieldErrors.principal = p.error ?? t('wages.invalidAmount');
    if (!m.value) fieldErrors.monthlyRepayment = m.error ?? t('wages.invalidAmount');
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) return;
    try {
      await add.mutateAsync({ employeeId: employee.id, loanDetail: { principal: p.value!, monthlyRepayment: m.value!, startMonth, ...(note.trim() ? { note: note.trim() } : {}) } });
      onClose();
    } catch (err) {
      setError(displayError(t, err));
    }
  };
  const typed = parseMoneyInput(principal, i18n.language);
  const preview = typed ? formatMinor(majorTextToMinor(typed), currency, i18n.language) : null;
  return (
    <FormDialog open={open} title={t('wages.loanTitle', { name: employee.name })} description={t('wages.loanDescription')} submitLabel={t('common.save')} busy={add.isPending} error={error} onSubmit={onSubmit} onClose={onClose}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('fields.principal')} value={principal} onChange={(e) => setPrincipal(e.target.value)} fullWidth size="small" inputMode="decimal" autoComplete="off"
            error={Boolean(errors.principal)} helperText={errors.principal ?? preview ?? t('wages.amountHelp', { currency })} slotProps={{ htmlInput: { 'data-testid': 'loan-principal' } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('fields.monthlyRepayment')} value={monthly} onChange={(e) => setMonthly(e.target.value)} fullWidth size="small" inputMode="decimal" autoComplete="off"
            error={Boolean(errors.monthlyRepayment)} helperText={errors.monthlyRepayment ?? t('wages.amountHelp', { currency })} slotProps={{ htmlInput: { 'data-testid': 'loan-monthly' } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('fields.startMonth')} type="month" value={startMonth} onChange={(e) => setStartMonth(e.target.value)} fullWidth size="small" slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('fields.note')} value={note} onChange={(e) => setNote(e.target.value)} fullWidth size="small" />
        </Grid>
      </Grid>
    </FormDialog>
  );
};
