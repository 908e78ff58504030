import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PLACE_KINDS, type TPlace, type TPlaceKind } from '@bizdesk/contract';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';

export type TPlaceForm = { kind: TPlaceKind; name: string; projectId: string | null; address: string; description: string };

type TProps = {
  /** The place changed, or the kind and project a new one starts with. */
  place: TPlace | { kind: TPlaceKind; projectId?: string | null };
  title: string;
  saveLabel: string;
  busy: boolean;
  error?: string;
  /** Confirming a proposed place asks only for its name, kind and project. */
  short?: boolean;
  onSave: (form: TPlaceForm) => void;
  onClose: () => void;
};

/** Add or change a project, a site (of a project) or a store. */
export const PlaceDialog = ({ place, title, saveLabel, busy, error, short = false, onSave, onClose }: TProps) => {
  const { t } = useTranslation('app');
  const existing = '_id' in place ? place : null;
  const [form, setForm] = useState<TPlaceForm>({
    kind: place.kind, name: existing?.name ?? '', projectId: place.projectId ?? null, address: existing?.address ?? '', description: existing?.description ?? '',
  });
  const [tried, setTried] = useState(false);
  const nameMissing = !form.name.trim();
  const projectMissing = form.kind === 'site' && !form.projectId;
  const submit = () => {
    setTried(true);
    if (nameMissing || projectMissing) return;
    onSave(form);
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="place-dialog-title">
      <DialogTitle id="place-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select label={t('places.screen.kindLabel')} value={form.kind} name="kind"
            onChange={(e) => setForm({ ...form, kind: e.target.value as TPlaceKind, projectId: e.target.value === 'site' ? form.projectId : null })}
          >
            {PLACE_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`places.kind.${k}`)}</MenuItem>)}
          </TextField>
          <TextField
            label={t('places.screen.nameLabel')} value={form.name} name="name" required autoFocus
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={tried && nameMissing} helperText={tried && nameMissing ? t('places.screen.nameRequired') : error}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          {form.kind === 'site' ? (
            <PlacePicker
              label={t('places.screen.projectLabel')} kinds={['project']} value={form.projectId} required name="projectId"
              onChange={(p) => setForm({ ...form, projectId: p?._id ?? null })}
              error={tried && projectMissing ? t('places.screen.projectRequired') : undefined}
            />
          ) : null}
          {short ? null : (
            <>
              <TextField label={t('places.screen.addressLabel')} value={form.address} name="address" onChange={(e) => setForm({ ...form, address: e.target.value })} slotProps={{ htmlInput: { maxLength: 300 } }} />
              <TextField label={t('places.screen.descriptionLabel')} value={form.description} name="description" multiline minRows={2} onChange={(e) => setForm({ ...form, description: e.target.value })} slotProps={{ htmlInput: { maxLength: 1000 } }} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy}>{t('places.screen.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>{saveLabel}</Button>
      </DialogActions>
    </Dialog>
  );
};
