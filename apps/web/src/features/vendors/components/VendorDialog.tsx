import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import type { TVendor, TVendorInput, TWhtCategory, TWhtPayeeType } from '@bizdesk/contract';
import { WHT_CATEGORIES, WHT_PAYEE_TYPES, ZVendorInput } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError, fieldErrorText } from '../../../shared/i18n/index.ts';
import { serverFieldErrors } from '../../../shared/api/errors.ts';
import { useAddVendor, useUpdateVendor } from '../api.ts';

const FIELDS = ['name', 'contactName', 'email', 'phone', 'address', 'bankName', 'bankAccountNumber', 'bankAccountName', 'taxId', 'categories', 'rating', 'notes'] as const;
type TDraft = Record<(typeof FIELDS)[number], string>;
const toDraft = (v?: TVendor | null): TDraft => ({
  name: v?.name ?? '', contactName: v?.contactName ?? '', email: v?.email ?? '', phone: v?.phone ?? '', address: v?.address ?? '', bankName: v?.bankName ?? '',
  bankAccountNumber: v?.bankAccountNumber ?? '', bankAccountName: v?.bankAccountName ?? '', taxId: v?.taxId ?? '', categories: v?.categories.join(', ') ?? '',
  rating: v?.rating ? String(v.rating) : '', notes: v?.notes ?? '',
});

/** Adds a vendor, or edits one: checked by the contract's schema, the server's message on failure. */
export const VendorDialog = ({ open, vendor, onClose }: { open: boolean; vendor?: TVendor | null; onClose: () => void }) => {
  const { t } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const add = useAddVendor();
  const update = useUpdateVendor();
  const { t: tWht } = useTranslation('wht');
  const [draft, setDraft] = useState<TDraft>(toDraft(vendor));
  // Withholding tax (issue 35): the transaction type the vendor's payments are taxed as, company or individual.
  const [wht, setWht] = useState<{ category: TWhtCategory | ''; payeeType: TWhtPayeeType; isSmall: boolean }>({ category: '', payeeType: 'company', isSmall: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setDraft(toDraft(vendor));
      setWht({ category: vendor?.whtCategory ?? '', payeeType: vendor?.whtPayeeType ?? 'company', isSmall: vendor?.isSmallSupplier ?? false });
      setErrors({});
      setFormError(null);
    }
  }, [open, vendor]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = {
      name: draft.name, contactName: draft.contactName || null, email: draft.email || null, phone: draft.phone || null, address: draft.address || null,
      bankName: draft.bankName || null, bankAccountNumber: draft.bankAccountNumber || null, bankAccountName: draft.bankAccountName || null, taxId: draft.taxId || null,
      categories: draft.categories.split(',').map((c) => c.trim()).filter(Boolean), rating: draft.rating ? Number(draft.rating) : null, notes: draft.notes || null,
      whtCategory: wht.category || null, whtPayeeType: wht.payeeType, isSmallSupplier: wht.isSmall,
    };
    const parsed = ZVendorInput.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), fieldErrorText(tApp, i.message) ?? i.message])));
      return;
    }
    setErrors({});
    try {
      if (vendor) await update.mutateAsync({ id: vendor._id, ...(parsed.data as TVendorInput) });
      else await add.mutateAsync(parsed.data as TVendorInput);
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFormError(displayError(tApp, error));
    }
  };

  return (
    <FormDialog open={open} title={vendor ? t('products.editVendor') : t('products.addVendor')} submitLabel={t('common.save')} busy={add.isPending || update.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <Grid container spacing={2}>
        {FIELDS.map((f) => (
          <Grid key={f} size={{ xs: 12, sm: f === 'notes' || f === 'address' ? 12 : 6 }}>
            <TextField
              fullWidth size="small" label={t(`fields.${f}`)} value={draft[f]} required={f === 'name'} autoFocus={f === 'name'}
              multiline={f === 'notes'} minRows={f === 'notes' ? 2 : undefined} type={f === 'email' ? 'email' : 'text'}
              inputMode={f === 'rating' || f === 'bankAccountNumber' ? 'numeric' : undefined}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value })} error={!!errors[f]} helperText={errors[f]}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select fullWidth size="small" label={tWht('fields.category')} value={wht.category} onChange={(e) => setWht({ ...wht, category: e.target.value as TWhtCategory | '' })} error={!!errors.whtCategory} helperText={errors.whtCategory}>
            <MenuItem value="">{tWht('categories.none')}</MenuItem>
            {WHT_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{tWht(`categories.${c}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select fullWidth size="small" label={tWht('fields.payeeType')} value={wht.payeeType} onChange={(e) => setWht({ ...wht, payeeType: e.target.value as TWhtPayeeType })}>
            {WHT_PAYEE_TYPES.map((p) => <MenuItem key={p} value={p}>{tWht(`payeeTypes.${p}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <FormControlLabel control={<Checkbox checked={wht.isSmall} onChange={(e) => setWht({ ...wht, isSmall: e.target.checked })} />} label={tWht('fields.small')} />
        </Grid>
      </Grid>
    </FormDialog>
  );
};
