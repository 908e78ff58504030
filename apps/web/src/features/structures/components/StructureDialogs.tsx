import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RECURRING_BASES, STRUCTURE_PENSION_BASES, type TPayStructure, type TRecurringItemInput } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useAddRecurringItem, useSaveStructure } from '../api.ts';
import { thisMonth } from '../../payroll/api.ts';

/** Create or edit a structure: name, split of gross (blank: the country's), pension base, business default. */
export const StructureDialog = ({ structure, open, onClose }: { structure: TPayStructure | null; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('structures');
  const save = useSaveStructure();
  const [name, setName] = useState('');
  const [split, setSplit] = useState({ basic: '', housing: '', transport: '' });
  const [pensionBase, setPensionBase] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  useEffect(() => {
    if (!open) return;
    save.reset();
    setName(structure?.name ?? '');
    setSplit(structure?.split ? { basic: String(structure.split.basic), housing: String(structure.split.housing), transport: String(structure.split.transport) } : { basic: '', housing: '', transport: '' });
    setPensionBase(structure?.pensionBase ?? '');
    setIsDefault(structure?.isDefault ?? false);
  }, [open, structure]);
  const hasSplit = split.basic !== '' || split.housing !== '' || split.transport !== '';
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate({
      id: structure?._id ?? null,
      body: { name, split: hasSplit ? { basic: split.basic || '0', housing: split.housing || '0', transport: split.transport || '0' } : null, pensionBase: (pensionBase || null) as TPayStructure['pensionBase'], isDefault },
    }, { onSuccess: onClose });
  };
  return (
    <FormDialog open={open} title={structure ? t('edit', { name: structure.name }) : t('create')} description={t('formHelp')} submitLabel={t('save')}
      busy={save.isPending} error={save.error ? displayError(t, save.error) : null} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('fields.name')} value={name} onChange={(e) => setName(e.target.value)} required autoFocus inputProps={{ maxLength: 80 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['basic', 'housing', 'transport'] as const).map((k) => (
          <TextField key={k} label={t(`fields.${k}`)} value={split[k]} onChange={(e) => setSplit({ ...split, [k]: e.target.value })} inputProps={{ inputMode: 'decimal' }} helperText="%" fullWidth />
        ))}
      </Stack>
      <TextField select label={t('fields.pensionBase')} value={pensionBase} onChange={(e) => setPensionBase(e.target.value)}>
        <MenuItem value="">{t('countryDefault')}</MenuItem>
        {STRUCTURE_PENSION_BASES.map((b) => <MenuItem key={b} value={b}>{t(`bases.${b}`)}</MenuItem>)}
      </TextField>
      <FormControlLabel control={<Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />} label={t('fields.isDefault')} />
    </FormDialog>
  );
};

type TOwner = { structureId: string } | { employeeId: string };

/** A recurring earning or deduction of a structure or one employee: an amount or a percentage of a base, from a month. */
export const RecurringItemDialog = ({ owner, open, onClose }: { owner: TOwner | null; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('structures');
  const add = useAddRecurringItem();
  const empty = { name: '', kind: 'earning' as TRecurringItemInput['kind'], mode: 'amount', value: '', base: 'basic' as NonNullable<TRecurringItemInput['base']>, fromMonth: thisMonth(), toMonth: '', isTaxable: true, isPensionable: false, isPreTax: false };
  const [f, setF] = useState(empty);
  useEffect(() => {
    if (open) {
      add.reset();
      setF({ ...empty, fromMonth: thisMonth() });
    }
  }, [open]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!owner) return;
    const body: TRecurringItemInput = {
      name: f.name, kind: f.kind, fromMonth: f.fromMonth, toMonth: f.toMonth || null,
      ...(f.mode === 'amount' ? { amount: f.value } : { percent: f.value, base: f.base }),
      ...(f.kind === 'earning' ? { isTaxable: f.isTaxable, isPensionable: f.isPensionable } : { isPreTax: f.isPreTax }),
    };
    add.mutate({ owner, body }, { onSuccess: onClose });
  };
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  return (
    <FormDialog open={open} title={t('items.add')} description={t('items.help')} submitLabel={t('items.save')}
      busy={add.isPending} error={add.error ? displayError(t, add.error) : null} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('items.name')} value={f.name} onChange={(e) => set('name', e.target.value)} required autoFocus inputProps={{ maxLength: 80 }} helperText={t('items.nameHelp')} />
      <TextField select label={t('items.kind')} value={f.kind} onChange={(e) => set('kind', e.target.value as typeof f.kind)}>
        <MenuItem value="earning">{t('items.kinds.earning')}</MenuItem>
        <MenuItem value="deduction">{t('items.kinds.deduction')}</MenuItem>
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label={t('items.mode')} value={f.mode} onChange={(e) => set('mode', e.target.value)} fullWidth>
          <MenuItem value="amount">{t('items.modes.amount')}</MenuItem>
          <MenuItem value="percent">{t('items.modes.percent')}</MenuItem>
        </TextField>
        <TextField label={f.mode === 'amount' ? t('items.amount') : t('items.percent')} value={f.value} onChange={(e) => set('value', e.target.value)} required inputProps={{ inputMode: 'decimal' }} fullWidth />
        {f.mode === 'percent' ? (
          <TextField select label={t('items.base')} value={f.base} onChange={(e) => set('base', e.target.value as typeof f.base)} fullWidth>
            {RECURRING_BASES.map((b) => <MenuItem key={b} value={b}>{t(`bases.${b}`)}</MenuItem>)}
          </TextField>
        ) : null}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="month" label={t('items.fromMonth')} value={f.fromMonth} onChange={(e) => set('fromMonth', e.target.value)} required fullWidth slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="month" label={t('items.toMonth')} value={f.toMonth} onChange={(e) => set('toMonth', e.target.value)} fullWidth helperText={t('items.toMonthHelp')} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      {f.kind === 'earning' ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          <FormControlLabel control={<Checkbox checked={f.isTaxable} onChange={(e) => set('isTaxable', e.target.checked)} />} label={t('items.isTaxable')} />
          <FormControlLabel control={<Checkbox checked={f.isPensionable} onChange={(e) => set('isPensionable', e.target.checked)} />} label={t('items.isPensionable')} />
        </Stack>
      ) : (
        <FormControlLabel control={<Checkbox checked={f.isPreTax} onChange={(e) => set('isPreTax', e.target.checked)} />} label={t('items.isPreTax')} />
      )}
    </FormDialog>
  );
};
