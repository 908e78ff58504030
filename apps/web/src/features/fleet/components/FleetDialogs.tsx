import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FUEL_TYPES, TRUCK_ENTRY_KINDS, type TFleetRequisition, type TTruck } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { businessToday, formatDate } from '../../../shared/format/dates.ts';
import { parseMoneyInput } from '../../../shared/format/money.ts';
import { useApproveTruckRequest, useAssignTruck, useCreateTruck, useRequestTruck, useTruckEntry } from '../api.ts';

const useFormState = <T extends Record<string, string>>(open: boolean, initial: T) => {
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setForm(initial);
      setError(null);
    }
  }, [open]);
  const set = (k: keyof T) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return { form, set, error, setError };
};

export const TruckDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const create = useCreateTruck();
  const { form, set, error, setError } = useFormState(open, { plateNumber: '', model: '', capacity: '', fuelType: 'diesel' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(form, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('fleet.addTruckTitle')} submitLabel={t('fleet.addTruck')} busy={create.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label={t('fleet.plateNumber')} value={form.plateNumber} onChange={set('plateNumber')} required autoFocus />
      <TextField label={t('fleet.model')} value={form.model} onChange={set('model')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fleet.capacity')} value={form.capacity} onChange={set('capacity')} required fullWidth />
        <TextField select label={t('fleet.fuelType')} value={form.fuelType} onChange={set('fuelType')} fullWidth>
          {FUEL_TYPES.map((f) => <MenuItem key={f} value={f}>{t(`fleet.fuelTypes.${f}`)}</MenuItem>)}
        </TextField>
      </Stack>
    </FormDialog>
  );
};

export const AssignDialog = ({ truck, onClose }: { truck: TTruck | null; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const assign = useAssignTruck();
  const { form, set, error, setError } = useFormState(!!truck, { tagName: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (truck) assign.mutate({ truckId: truck._id, tagName: form.tagName.trim() }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={!!truck} title={t('fleet.assignTitle', { plate: truck?.plateNumber ?? '' })} submitLabel={t('fleet.assign')} busy={assign.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label={t('common.project')} value={form.tagName} onChange={set('tagName')} required autoFocus />
    </FormDialog>
  );
};

export const EntryDialog = ({ truck, onClose }: { truck: TTruck | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation('inventory');
  const save = useTruckEntry();
  const today = businessToday();
  const { form, set, error, setError } = useFormState(!!truck, { kind: 'fuel', date: today, endDate: '', litres: '', cost: '', note: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cost = parseMoneyInput(form.cost, i18n.resolvedLanguage ?? 'en');
    if (!cost) return setError(`${t('fleet.cost')}: ${form.cost || '—'}`);
    if (!truck) return;
    save.mutate({
      truckId: truck._id, kind: form.kind as 'fuel' | 'maintenance', date: form.date, cost,
      ...(form.kind === 'maintenance' && form.endDate ? { endDate: form.endDate } : {}), ...(form.litres ? { litres: Number(form.litres) } : {}), ...(form.note ? { note: form.note } : {}),
    }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={!!truck} title={t('fleet.entryTitle', { plate: truck?.plateNumber ?? '' })} submitLabel={t('common.save')} busy={save.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField select label={t('fleet.entryKind')} value={form.kind} onChange={set('kind')}>
        {TRUCK_ENTRY_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`fleet.entryKinds.${k}`)}</MenuItem>)}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="date" label={t('common.date')} value={form.date} onChange={set('date')} required fullWidth slotProps={{ inputLabel: { shrink: true } }} />
        {form.kind === 'maintenance'
          ? <TextField type="date" label={t('fleet.endDate')} value={form.endDate} onChange={set('endDate')} fullWidth slotProps={{ inputLabel: { shrink: true } }} />
          : <TextField label={t('fleet.litres')} value={form.litres} onChange={set('litres')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />}
      </Stack>
      <TextField label={t('fleet.cost')} value={form.cost} onChange={set('cost')} required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label={t('fleet.note')} value={form.note} onChange={set('note')} />
    </FormDialog>
  );
};

export const RequestTruckDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const request = useRequestTruck();
  const { form, set, error, setError } = useFormState(open, { tagName: '', purpose: '', destination: '', startDate: '', endDate: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate({ tagName: form.tagName.trim(), purpose: form.purpose.trim(), destination: form.destination.trim() || undefined, startDate: form.startDate, endDate: form.endDate },
      { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('fleet.requestTitle')} submitLabel={t('fleet.request')} busy={request.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label={t('common.project')} value={form.tagName} onChange={set('tagName')} required autoFocus />
      <TextField label={t('common.purpose')} value={form.purpose} onChange={set('purpose')} required />
      <TextField label={t('fleet.destination')} value={form.destination} onChange={set('destination')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="date" label={t('fleet.startDate')} value={form.startDate} onChange={set('startDate')} required fullWidth slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" label={t('fleet.finishDate')} value={form.endDate} onChange={set('endDate')} required fullWidth slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
    </FormDialog>
  );
};

export const ApproveTruckDialog = ({ request, trucks, onClose }: { request: TFleetRequisition | null; trucks: TTruck[]; onClose: () => void }) => {
  const { t, i18n } = useTranslation('inventory');
  const approve = useApproveTruckRequest();
  const { form, set, error, setError } = useFormState(!!request, { truckId: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (request && form.truckId) approve.mutate({ requisitionId: request._id, truckId: form.truckId }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={!!request} title={t('fleet.approveTitle')} description={request ? `${request.tagName}: ${formatDate(request.startDate, i18n.language)} → ${formatDate(request.endDate, i18n.language)}` : undefined} submitLabel={t('fleet.approve')} busy={approve.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField select label={t('fleet.chooseTruck')} value={form.truckId} onChange={set('truckId')} required>
        {trucks.map((tr) => <MenuItem key={tr._id} value={tr._id}>{`${tr.plateNumber} · ${tr.model} · ${t(`fleet.states.${tr.state}`)}`}</MenuItem>)}
      </TextField>
    </FormDialog>
  );
};
