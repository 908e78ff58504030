import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useVendors } from '../../vendors/api.ts';
import { useAddOrder, useAddStanding } from '../api.ts';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { LinesEditor, checkLines, emptyLine, quantityText, today, useMoneyParser, useProcurementTexts, type TLineRow } from './ProcurementUi.tsx';

/** A regular order (lines) or a standing order (ceiling and validity) for one vendor. */
export const NewOrderDialog = ({ open, POType, onClose, onCreated }: { open: boolean; POType: 'regular' | 'standing'; onClose: () => void; onCreated: (id: string) => void }) => {
  const { t, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const vendors = useVendors(user.ownerEmail);
  const addOrder = useAddOrder();
  const addStanding = useAddStanding();
  const parse = useMoneyParser();
  const [vendorId, setVendorId] = useState('');
  const [lines, setLines] = useState<TLineRow[]>([emptyLine()]);
  const [standing, setStanding] = useState({ description: '', ceiling: '', validFrom: today(), validTo: '' });
  const [expectedDate, setExpectedDate] = useState('');
  const [deliveryPlaceId, setDeliveryPlaceId] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null); // issue 35: the project the order is bought for
  const { t: tLedger } = useTranslation('ledger');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setVendorId('');
    setLines([emptyLine()]);
    setStanding({ description: '', ceiling: '', validFrom: today(), validTo: '' });
    setExpectedDate('');
    setErrors({});
    setFormError(null);
  }, [open]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!vendorId) errs.vendorId = t('common.required');
    if (POType === 'regular') Object.assign(errs, Object.fromEntries(Object.entries(checkLines(lines, parse, t)).map(([k, v]) => [`lines.${k}`, v])));
    else {
      if (!standing.description.trim()) errs.description = t('common.required');
      if (parse(standing.ceiling) === null) errs.ceiling = t('common.amountInvalid');
      if (!standing.validTo) errs.validTo = t('common.required');
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      if (POType === 'regular') {
        const res = await addOrder.mutateAsync({ vendorId, expectedDate: expectedDate || null, deliveryPlaceId, projectId, lines: lines.map((l) => ({ item: l.item, unit: l.unit, quantity: quantityText(l.quantity), unitPrice: parse(l.unitPrice)! })) });
        onCreated(res.data[0]._id);
      } else {
        const res = await addStanding.mutateAsync({ vendorId, description: standing.description, ceiling: parse(standing.ceiling)!, validFrom: standing.validFrom, validTo: standing.validTo });
        onCreated(res.data._id);
      }
      onClose();
    } catch (error) {
      setFormError(displayError(tApp, error));
    }
  };
  const lineErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith('lines.')).map(([k, v]) => [k.slice(6), v]));
  return (
    <FormDialog open={open} title={POType === 'regular' ? t('orders.newOrderTitle') : t('standing.addTitle')} submitLabel={t('common.save')} busy={addOrder.isPending || addStanding.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      {vendors.data && vendors.data.length === 0 ? <Alert severity="info">{t('orders.noVendors')}</Alert> : null}
      <TextField select required label={t('fields.vendor')} value={vendorId} onChange={(e) => setVendorId(e.target.value)} error={!!errors.vendorId} helperText={errors.vendorId}>
        {(vendors.data ?? []).map((v) => <MenuItem key={v._id} value={v._id}>{v.name}</MenuItem>)}
      </TextField>
      {POType === 'regular' ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField fullWidth type="date" label={t('fields.expectedDate')} value={expectedDate} onChange={(e) => setExpectedDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
            <Box sx={{ width: '100%' }}>
              <PlacePicker label={t('fields.deliveryPlace')} kinds={['store', 'site']} value={deliveryPlaceId} onChange={(p) => setDeliveryPlaceId(p?._id ?? null)} helperText={t('orders.deliveryPlaceHelp')} />
            </Box>
            <Box sx={{ width: '100%' }}>
              <PlacePicker name="projectId" label={tLedger('project')} kinds={['project']} value={projectId} onChange={(p) => setProjectId(p?._id ?? null)} helperText={tLedger('projectHelp')} />
            </Box>
          </Stack>
          <LinesEditor lines={lines} onChange={setLines} errors={lineErrors} />
          <Typography variant="body2" color="text.secondary">{t('orders.vatNote')}</Typography>
        </>
      ) : (
        <Stack spacing={2}>
          <TextField required label={t('fields.description')} value={standing.description} onChange={(e) => setStanding({ ...standing, description: e.target.value })} error={!!errors.description} helperText={errors.description} />
          <TextField required label={t('fields.ceiling')} inputMode="decimal" value={standing.ceiling} onChange={(e) => setStanding({ ...standing, ceiling: e.target.value })} error={!!errors.ceiling} helperText={errors.ceiling} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField fullWidth required type="date" label={t('fields.validFrom')} value={standing.validFrom} onChange={(e) => setStanding({ ...standing, validFrom: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField fullWidth required type="date" label={t('fields.validTo')} value={standing.validTo} onChange={(e) => setStanding({ ...standing, validTo: e.target.value })} error={!!errors.validTo} helperText={errors.validTo} slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
};
