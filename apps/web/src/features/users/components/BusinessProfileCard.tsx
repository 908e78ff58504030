import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import {
  GH_REGIONS, ITF_ANSWERS, NG_MIN_EMPLOYER_PENSION_PERCENT, NG_STATES, normalizeBusinessRc, normalizeBusinessTin, normalizeRegistrationNumber,
  type TBusinessProfile, type TBusinessProfileInput,
} from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useBusinessProfile, useSaveBusinessProfile } from '../business.api.ts';

const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;
type TTextKey = 'name' | 'rcNumber' | 'employerTin' | 'stateOrRegion' | 'pencomEmployerCode' | 'nsitfNumber' | 'itfNumber' | 'ssnitEmployerNumber' | 'employerPensionRate';
type TForm = Record<TTextKey, string> & { itfLiable: (typeof ITF_ANSWERS)[number] };

/** The identifiers a business of this country files under, in the order the card shows them. */
const countryFields = (country: string) => (country === 'GH'
  ? ['rcNumber', 'employerTin', 'stateOrRegion', 'ssnitEmployerNumber'] as const
  : ['rcNumber', 'employerTin', 'stateOrRegion', 'pencomEmployerCode', 'nsitfNumber', 'itfNumber'] as const);

const formOf = (p: TBusinessProfile): TForm => ({
  name: p.name, rcNumber: p.rcNumber ?? '', employerTin: p.employerTin ?? '', stateOrRegion: p.stateOrRegion ?? '', pencomEmployerCode: p.pencomEmployerCode ?? '',
  nsitfNumber: p.nsitfNumber ?? '', itfNumber: p.itfNumber ?? '', ssnitEmployerNumber: p.ssnitEmployerNumber ?? '', employerPensionRate: String(p.employerPensionRate), itfLiable: p.itfLiable,
});

/** The owner's form: checked here with the contract's own formats, and again by the server. */
const BusinessProfileDialog = ({ open, profile, onClose }: { open: boolean; profile: TBusinessProfile; onClose: () => void }) => {
  const { t } = useTranslation('app');
  const save = useSaveBusinessProfile();
  const isGh = profile.country === 'GH';
  const optional = (check: (text: string) => string | null, message: string) => z.string().trim().refine((v) => v === '' || check(v) !== null, message);
  const schema = z.object({
    name: z.string().trim().min(1, 'is required').max(160, 'must be at most 160 characters'),
    rcNumber: optional((v) => normalizeBusinessRc(profile.country, v), t(isGh ? 'businessProfile.errors.registration' : 'businessProfile.errors.rcNumber')),
    employerTin: optional((v) => normalizeBusinessTin(profile.country, v), t(isGh ? 'businessProfile.errors.ghTin' : 'businessProfile.errors.ngTin')),
    stateOrRegion: z.string(),
    pencomEmployerCode: optional(normalizeRegistrationNumber, t('businessProfile.errors.registration')),
    nsitfNumber: optional(normalizeRegistrationNumber, t('businessProfile.errors.registration')),
    itfNumber: optional(normalizeRegistrationNumber, t('businessProfile.errors.registration')),
    ssnitEmployerNumber: optional(normalizeRegistrationNumber, t('businessProfile.errors.registration')),
    employerPensionRate: z.string().trim()
      .refine((v) => PERCENT.test(v) && Number(v.replace(',', '.')) <= 100, t('businessProfile.errors.percent'))
      .refine((v) => isGh || !PERCENT.test(v) || Number(v.replace(',', '.')) >= NG_MIN_EMPLOYER_PENSION_PERCENT, t('businessProfile.errors.pensionMin', { min: NG_MIN_EMPLOYER_PENSION_PERCENT })),
    itfLiable: z.enum(ITF_ANSWERS),
  });
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TForm, z.output<typeof schema>>({
    schema, open, defaults: () => formOf(profile), onDone: onClose,
    submit: (v) => {
      const body: TBusinessProfileInput = {
        name: v.name, rcNumber: v.rcNumber || null, employerTin: v.employerTin || null, stateOrRegion: v.stateOrRegion || null,
        employerPensionRate: v.employerPensionRate.replace(',', '.'),
        ...(isGh
          ? { ssnitEmployerNumber: v.ssnitEmployerNumber || null }
          : { pencomEmployerCode: v.pencomEmployerCode || null, nsitfNumber: v.nsitfNumber || null, itfNumber: v.itfNumber || null, itfLiable: v.itfLiable }),
      };
      if (body.name === profile.name) delete body.name;
      return save.mutateAsync(body);
    },
  });
  const { register, watch, setValue } = form;
  const places = isGh ? GH_REGIONS : NG_STATES;
  const region = watch('stateOrRegion');
  const text = (k: TTextKey, help?: string) => {
    const p = fieldProps(k);
    return <TextField label={t(`businessProfile.fields.${k}`)} {...register(k)} fullWidth size="small" autoComplete="off" error={p.error} helperText={p.helperText ?? help} />;
  };
  return (
    <FormDialog open={open} title={t('businessProfile.editTitle')} description={t('businessProfile.editDescription')} submitLabel={t('businessProfile.save')} busy={save.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>{text('name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('rcNumber', t(isGh ? 'businessProfile.help.registration' : 'businessProfile.help.rcNumber'))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('employerTin', t(isGh ? 'businessProfile.help.ghTin' : 'businessProfile.help.ngTin'))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select label={t(isGh ? 'businessProfile.fields.region' : 'businessProfile.fields.state')} value={region} onChange={(e) => setValue('stateOrRegion', e.target.value, { shouldDirty: true })}
            fullWidth size="small" {...fieldProps('stateOrRegion')}
          >
            <MenuItem value="">{t('businessProfile.notSet')}</MenuItem>
            {region && !(places as readonly string[]).includes(region) ? <MenuItem value={region}>{region}</MenuItem> : null}
            {places.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('employerPensionRate', t(isGh ? 'businessProfile.help.pensionGh' : 'businessProfile.help.pensionNg', { min: NG_MIN_EMPLOYER_PENSION_PERCENT }))}</Grid>
        {isGh ? (
          <Grid size={{ xs: 12, sm: 6 }}>{text('ssnitEmployerNumber')}</Grid>
        ) : (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>{text('pencomEmployerCode')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('nsitfNumber')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('itfNumber')}</Grid>
            <Grid size={12} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary' }}>{t('businessProfile.fields.itfLiable')}</FormLabel>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} id="itf-test">{t('businessProfile.itfTest')}</Typography>
              <RadioGroup row value={watch('itfLiable')} onChange={(e) => setValue('itfLiable', e.target.value as TForm['itfLiable'], { shouldDirty: true })} aria-describedby="itf-test">
                {ITF_ANSWERS.map((a) => <FormControlLabel key={a} value={a} control={<Radio />} label={t(`businessProfile.itf.${a}`)} />)}
              </RadioGroup>
            </Grid>
          </>
        )}
      </Grid>
    </FormDialog>
  );
};

const Row = ({ label, value, empty }: { label: string; value: string | null; empty: string }) => (
  <Stack direction="row" spacing={2} sx={{ py: 1.5, justifyContent: 'space-between' }}>
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>{label}</Typography>
    <Typography variant="body2" sx={{ fontWeight: value ? 600 : 400, color: value ? 'text.primary' : 'text.secondary', textAlign: 'right', overflowWrap: 'anywhere' }}>{value ?? empty}</Typography>
  </Stack>
);

/**
 * The business's statutory details (issue 31): RC/BN number, employer TIN, state or region, the pension, NSITF, ITF or
 * SSNIT numbers the schedules carry, the employer's pension rate and the ITF answer. The owner edits; others read.
 */
export const BusinessProfileCard = () => {
  const { t } = useTranslation('app');
  const query = useBusinessProfile();
  const [editing, setEditing] = useState(false);
  const p = query.data;
  const empty = t('businessProfile.notSet');
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">{t('businessProfile.title')}</Typography>
          {p?.canEdit ? <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>{t('businessProfile.edit')}</Button> : null}
        </Stack>
        {query.isError ? <Alert severity="error">{displayError(t, query.error)}</Alert> : null}
        {query.isPending ? <Skeleton variant="rounded" height={160} /> : null}
        {p ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>{p.canEdit ? t('businessProfile.descriptionOwner') : t('businessProfile.descriptionReader')}</Typography>
            {countryFields(p.country).map((k, i) => (
              <div key={k}>
                {i ? <Divider /> : null}
                <Row label={t(`businessProfile.fields.${k === 'stateOrRegion' ? (p.country === 'GH' ? 'region' : 'state') : k}`)} value={p[k]} empty={empty} />
              </div>
            ))}
            <Divider />
            <Row label={t('businessProfile.fields.employerPensionRate')} value={`${p.employerPensionRate}%`} empty={empty} />
            {p.country === 'GH' ? null : (
              <>
                <Divider />
                <Row label={t('businessProfile.fields.itfLiable')} value={p.itfLiable === 'unanswered' ? null : t(`businessProfile.itf.${p.itfLiable}`)} empty={t('businessProfile.itf.unanswered')} />
              </>
            )}
            {editing ? <BusinessProfileDialog open={editing} profile={p} onClose={() => setEditing(false)} /> : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
};
