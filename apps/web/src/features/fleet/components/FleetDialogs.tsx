import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { ASSET_KINDS, FUEL_TYPES, TRUCK_ENTRY_KINDS, type TFleetRequisition, type TPersonRef, type TTruck } from '@bizdesk/contract';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { EmployeePicker } from '../../employees/components/EmployeePicker.tsx';
import { availabilityOption } from '../lib/availability.ts';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { businessToday, formatDate } from '../../../shared/format/dates.ts';
import { parseMoneyInput } from '../../../shared/format/money.ts';
import { useAddTrip, useApproveTruckRequest, useAssignTruck, useAvailability, useCreateTruck, useRequestTruck, useTruckEntry, useUpdateTruck } from '../api.ts';

const dateProps = { inputLabel: { shrink: true } } as const;
const whole = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(/[\s,]/g, '')));
const orNull = (v: string) => (v === '' ? null : v);

/** The trucks of the chosen dates with their state; booked and in-maintenance ones shown but not selectable. */
const TruckChoice = ({ startDate, endDate, value, onChange, enabled }: { startDate: string; endDate: string; value: string; onChange: (id: string) => void; enabled: boolean }) => {
  const { t, i18n } = useTranslation('inventory');
  const availability = useAvailability(startDate, endDate, enabled);
  const rows = availability.data ?? [];
  return (
    <TextField select label={t('fleet.chooseTruck')} value={rows.some((r) => r.truckId === value) ? value : ''} onChange={(e) => onChange(e.target.value)} required
      helperText={startDate && endDate ? t('fleet.availability.help') : t('fleet.availability.pickDates')} data-testid="truck-choice">
      {rows.map((a) => {
        const o = availabilityOption(a, t, (d) => formatDate(d, i18n.language));
        return <MenuItem key={a.truckId} value={a.truckId} disabled={o.disabled}>{o.label}</MenuItem>;
      })}
    </TextField>
  );
};

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
  const { form, set, error, setError } = useFormState(open, {
    kind: 'truck', plateNumber: '', model: '', capacity: '', fuelType: 'diesel', insuranceExpiry: '', roadworthinessExpiry: '', hackneyPermitExpiry: '',
    serviceIntervalKm: '', serviceIntervalMonths: '', lastServiceDate: '', lastServiceKm: '',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({
      kind: form.kind as 'truck' | 'generator', plateNumber: form.plateNumber, model: form.model, capacity: form.capacity, fuelType: form.fuelType as 'diesel',
      ...(form.insuranceExpiry ? { insuranceExpiry: form.insuranceExpiry } : {}), ...(form.roadworthinessExpiry ? { roadworthinessExpiry: form.roadworthinessExpiry } : {}),
      ...(form.hackneyPermitExpiry ? { hackneyPermitExpiry: form.hackneyPermitExpiry } : {}), ...(form.lastServiceDate ? { lastServiceDate: form.lastServiceDate } : {}),
      serviceIntervalKm: whole(form.serviceIntervalKm), serviceIntervalMonths: whole(form.serviceIntervalMonths), lastServiceKm: whole(form.lastServiceKm),
    }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('fleet.addTruckTitle')} submitLabel={t('fleet.addTruck')} busy={create.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField select label={t('fleet.assetKind')} value={form.kind} onChange={set('kind')}>
        {ASSET_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`fleet.assetKinds.${k}`)}</MenuItem>)}
      </TextField>
      <TextField label={t('fleet.plateNumber')} value={form.plateNumber} onChange={set('plateNumber')} required autoFocus />
      <TextField label={t('fleet.model')} value={form.model} onChange={set('model')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fleet.capacity')} value={form.capacity} onChange={set('capacity')} required fullWidth />
        <TextField select label={t('fleet.fuelType')} value={form.fuelType} onChange={set('fuelType')} fullWidth>
          {FUEL_TYPES.map((f) => <MenuItem key={f} value={f}>{t(`fleet.fuelTypes.${f}`)}</MenuItem>)}
        </TextField>
      </Stack>
      {form.kind === 'truck' ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField type="date" label={t('fleet.insuranceExpiry')} value={form.insuranceExpiry} onChange={set('insuranceExpiry')} fullWidth slotProps={dateProps} />
            <TextField type="date" label={t('fleet.roadworthinessExpiry')} value={form.roadworthinessExpiry} onChange={set('roadworthinessExpiry')} fullWidth slotProps={dateProps} />
          </Stack>
          <TextField type="date" label={t('fleet.hackneyPermitExpiry')} value={form.hackneyPermitExpiry} onChange={set('hackneyPermitExpiry')} slotProps={dateProps} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('fleet.serviceIntervalKm')} value={form.serviceIntervalKm} onChange={set('serviceIntervalKm')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <TextField label={t('fleet.serviceIntervalMonths')} value={form.serviceIntervalMonths} onChange={set('serviceIntervalMonths')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField type="date" label={t('fleet.lastServiceDate')} value={form.lastServiceDate} onChange={set('lastServiceDate')} fullWidth slotProps={dateProps} />
            <TextField label={t('fleet.lastServiceKm')} value={form.lastServiceKm} onChange={set('lastServiceKm')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Stack>
        </>
      ) : null}
    </FormDialog>
  );
};

/** The truck page's "Driver and papers": the driver (an employee), the licence expiry of that assignment, papers, schedule. */
export const ManageTruckDialog = ({ truck, email, onClose }: { truck: TTruck | null; email: string; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const update = useUpdateTruck();
  const { form, set, error, setError } = useFormState(!!truck, {
    driverLicenceExpiry: truck?.driverLicenceExpiry ?? '', insuranceExpiry: truck?.insuranceExpiry ?? '', roadworthinessExpiry: truck?.roadworthinessExpiry ?? '',
    hackneyPermitExpiry: truck?.hackneyPermitExpiry ?? '', serviceIntervalKm: truck?.serviceIntervalKm?.toString() ?? '', serviceIntervalMonths: truck?.serviceIntervalMonths?.toString() ?? '',
  });
  const [driver, setDriver] = useState<TPersonRef | null>(null);
  useEffect(() => {
    setDriver(truck?.driverEmployeeId ? { _id: truck.driverEmployeeId, name: truck.driverName ?? '', employeeNumber: '' } as TPersonRef : null);
  }, [truck]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!truck) return;
    update.mutate({
      id: truck._id, driverEmployeeId: driver?._id ?? null, driverLicenceExpiry: orNull(form.driverLicenceExpiry), insuranceExpiry: orNull(form.insuranceExpiry),
      roadworthinessExpiry: orNull(form.roadworthinessExpiry), hackneyPermitExpiry: orNull(form.hackneyPermitExpiry),
      serviceIntervalKm: whole(form.serviceIntervalKm) ?? null, serviceIntervalMonths: whole(form.serviceIntervalMonths) ?? null,
    }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={!!truck} title={t('fleet.manageTitle', { plate: truck?.plateNumber ?? '' })} submitLabel={t('common.save')} busy={update.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <EmployeePicker email={email} label={t('fleet.driver')} value={driver} onChange={setDriver} />
      <TextField type="date" label={t('fleet.driverLicenceExpiry')} value={form.driverLicenceExpiry} onChange={set('driverLicenceExpiry')} slotProps={dateProps} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="date" label={t('fleet.insuranceExpiry')} value={form.insuranceExpiry} onChange={set('insuranceExpiry')} fullWidth slotProps={dateProps} />
        <TextField type="date" label={t('fleet.roadworthinessExpiry')} value={form.roadworthinessExpiry} onChange={set('roadworthinessExpiry')} fullWidth slotProps={dateProps} />
      </Stack>
      <TextField type="date" label={t('fleet.hackneyPermitExpiry')} value={form.hackneyPermitExpiry} onChange={set('hackneyPermitExpiry')} slotProps={dateProps} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fleet.serviceIntervalKm')} value={form.serviceIntervalKm} onChange={set('serviceIntervalKm')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <TextField label={t('fleet.serviceIntervalMonths')} value={form.serviceIntervalMonths} onChange={set('serviceIntervalMonths')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      </Stack>
    </FormDialog>
  );
};

/** A trip: date, driver (the truck's by default), from, to (or the project driven to), readings, purpose. */
export const TripDialog = ({ truck, email, onClose }: { truck: TTruck | null; email: string; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const save = useAddTrip();
  const { form, set, error, setError } = useFormState(!!truck, { date: businessToday(), from: '', to: '', startKm: truck?.odometerKm?.toString() ?? '', endKm: '', purpose: '' });
  const [driver, setDriver] = useState<TPersonRef | null>(null);
  const [placeId, setPlaceId] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!truck) return;
    save.mutate({
      truckId: truck._id, date: form.date, startKm: whole(form.startKm) ?? 0, endKm: whole(form.endKm) ?? 0,
      ...(driver ? { driverEmployeeId: driver._id } : {}), ...(placeId ? { placeId } : {}), ...(form.from ? { from: form.from } : {}), ...(form.to ? { to: form.to } : {}), ...(form.purpose ? { purpose: form.purpose } : {}),
    }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={!!truck} title={t('fleet.tripTitle', { plate: truck?.plateNumber ?? '' })} submitLabel={t('common.save')} busy={save.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField type="date" label={t('common.date')} value={form.date} onChange={set('date')} required slotProps={dateProps} />
      <EmployeePicker email={email} label={t('fleet.driver')} value={driver} onChange={setDriver} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fleet.tripFrom')} value={form.from} onChange={set('from')} fullWidth />
        <TextField label={t('fleet.tripTo')} value={form.to} onChange={set('to')} fullWidth />
      </Stack>
      <PlacePicker label={t('fleet.tripPlace')} kinds={['project', 'site', 'store']} value={placeId} onChange={(p) => setPlaceId(p?._id ?? null)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fleet.startKm')} value={form.startKm} onChange={set('startKm')} required fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <TextField label={t('fleet.endKm')} value={form.endKm} onChange={set('endKm')} required fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      </Stack>
      <TextField label={t('common.purpose')} value={form.purpose} onChange={set('purpose')} />
    </FormDialog>
  );
};

/** Assign = a booking (issue 34): the project from the list, the dates, and the truck among those free then. */
export const AssignDialog = ({ truck, onClose }: { truck: TTruck | null; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const assign = useAssignTruck();
  const { form, set, error, setError } = useFormState(!!truck, { startDate: businessToday(), endDate: '' });
  const [placeId, setPlaceId] = useState<string | null>(null);
  const [truckId, setTruckId] = useState('');
  useEffect(() => {
    setTruckId(truck?._id ?? '');
    setPlaceId(null);
  }, [truck]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!placeId) return setError(`${t('common.project')}: ${t('fleet.choosePlace')}`);
    if (truckId) {
      assign.mutate({ truckId, placeId, startDate: form.startDate, ...(form.endDate ? { endDate: form.endDate } : {}) }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
    }
  };
  return (
    <FormDialog open={!!truck} title={t('fleet.assignTitle', { plate: truck?.plateNumber ?? '' })} submitLabel={t('fleet.assign')} busy={assign.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <PlacePicker label={t('common.project')} kinds={['project', 'site']} value={placeId} onChange={(p) => setPlaceId(p?._id ?? null)} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="date" label={t('fleet.startDate')} value={form.startDate} onChange={set('startDate')} required fullWidth slotProps={dateProps} />
        <TextField type="date" label={t('fleet.finishDate')} value={form.endDate} onChange={set('endDate')} fullWidth helperText={t('fleet.openEndHelp')} slotProps={dateProps} />
      </Stack>
      <TruckChoice startDate={form.startDate} endDate={form.endDate || form.startDate} value={truckId} onChange={setTruckId} enabled={!!truck} />
    </FormDialog>
  );
};

export const EntryDialog = ({ truck, onClose }: { truck: TTruck | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation('inventory');
  const save = useTruckEntry();
  const today = businessToday();
  const { form, set, error, setError } = useFormState(!!truck, { kind: 'fuel', date: today, endDate: '', litres: '', cost: '', note: '', odometerKm: '' });
  const [isService, setIsService] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cost = parseMoneyInput(form.cost, i18n.resolvedLanguage ?? 'en');
    if (!cost) return setError(`${t('fleet.cost')}: ${form.cost || '—'}`);
    if (!truck) return;
    save.mutate({
      truckId: truck._id, kind: form.kind as 'fuel' | 'maintenance', date: form.date, cost, odometerKm: whole(form.odometerKm),
      ...(form.kind === 'maintenance' && isService ? { isService: true } : {}),
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
      <TextField label={t('fleet.odometerKm')} value={form.odometerKm} onChange={set('odometerKm')} required={form.kind === 'fuel' && truck?.kind !== 'generator'}
        helperText={truck?.odometerKm != null ? t('fleet.lastReading', { km: truck.odometerKm.toLocaleString(i18n.language) }) : undefined} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      {form.kind === 'maintenance' ? <FormControlLabel control={<Checkbox checked={isService} onChange={(e) => setIsService(e.target.checked)} />} label={t('fleet.isService')} /> : null}
      <TextField label={t('fleet.cost')} value={form.cost} onChange={set('cost')} required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label={t('fleet.note')} value={form.note} onChange={set('note')} />
    </FormDialog>
  );
};

export const RequestTruckDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const request = useRequestTruck();
  const { form, set, error, setError } = useFormState(open, { tagName: '', purpose: '', destination: '', startDate: '', endDate: '' });
  const [placeId, setPlaceId] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!placeId) return setError(`${t('common.project')}: ${t('fleet.choosePlace')}`);
    request.mutate({ tagName: form.tagName, placeId, purpose: form.purpose.trim(), destination: form.destination.trim() || undefined, startDate: form.startDate, endDate: form.endDate },
      { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('fleet.requestTitle')} submitLabel={t('fleet.request')} busy={request.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <PlacePicker label={t('common.project')} kinds={['project', 'site']} value={placeId} onChange={(p) => { setPlaceId(p?._id ?? null); set('tagName')({ target: { value: p?.name ?? '' } }); }} required />
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
      <TruckChoice startDate={request?.startDate ?? ''} endDate={request?.endDate ?? ''} value={form.truckId} onChange={(id) => set('truckId')({ target: { value: id } })} enabled={!!request && trucks.length > 0} />
    </FormDialog>
  );
};
