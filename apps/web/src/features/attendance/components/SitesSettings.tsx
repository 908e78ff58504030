import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import { DEFAULT_SITE_RADIUS_METERS, SITE_TYPES, type TSite } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useAttendanceSettings, useDeleteSite, useSaveSite, useSites, useUpdateSettings } from '../api.ts';

const emptySite = { name: '', type: 'office', latitude: '', longitude: '', radius: String(DEFAULT_SITE_RADIUS_METERS) };

/** The work start time, whether portal check-ins must share a location, and the geofenced sites. */
export const SitesSettings = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('time');
  const settings = useAttendanceSettings();
  const update = useUpdateSettings();
  const sites = useSites();
  const save = useSaveSite();
  const remove = useDeleteSite();
  const [start, setStart] = useState('09:00');
  const [adding, setAdding] = useState(false);
  const [site, setSite] = useState(emptySite);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TSite | null>(null);
  useEffect(() => {
    if (settings.data) setStart(settings.data.workStartTime);
  }, [settings.data]);
  const fail = (e: unknown) => flash(displayError(t, e), 'error');

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { userId, name: site.name, type: site.type as TSite['type'] as never, coordinates: { latitude: Number(site.latitude), longitude: Number(site.longitude) }, radiusMeters: Number(site.radius) },
      { onSuccess: () => { setAdding(false); setSite(emptySite); }, onError: (e) => setError(displayError(t, e)) },
    );
  };

  return (
    <Stack spacing={3}>
      <PanelCard title={t('attendance.tabs.settings')}>
        <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField type="time" label={t('attendance.startTime')} helperText={t('attendance.startTimeHelp')} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
            <Button variant="outlined" disabled={update.isPending || !settings.data || start === settings.data.workStartTime} onClick={() => update.mutate({ workStartTime: start }, { onError: fail })}>{t('common.save')}</Button>
          </Stack>
          <FormControlLabel
            control={<Switch checked={settings.data?.requirePortalCoordinates ?? false} disabled={!settings.data || update.isPending} onChange={(e) => update.mutate({ requirePortalCoordinates: e.target.checked }, { onError: fail })} />}
            label={t('attendance.requireCoordinates')}
          />
        </Stack>
      </PanelCard>
      <PanelCard title={t('attendance.sites')} subtitle={t('attendance.sitesHelp')} action={<Button variant="contained" startIcon={<AddLocationIcon />} onClick={() => setAdding(true)} data-testid="add-site">{t('attendance.addSite')}</Button>}>
        {sites.data && sites.data.length === 0 ? <Typography sx={{ px: 3, pb: 3, color: 'text.secondary' }}>{t('attendance.noSites')}</Typography> : (
          <List>
            {(sites.data ?? []).map((s) => (
              <ListItem key={s._id} secondaryAction={<IconButton edge="end" aria-label={t('common.delete')} onClick={() => setDeleting(s)}><DeleteIcon /></IconButton>}>
                <ListItemText primary={`${s.name} · ${t(`attendance.siteTypes.${s.type as 'office'}`)}`} secondary={`${s.coordinates.latitude}, ${s.coordinates.longitude} · ${s.radiusMeters} m`} />
              </ListItem>
            ))}
          </List>
        )}
      </PanelCard>
      <FormDialog open={adding} title={t('attendance.addSite')} submitLabel={t('common.save')} busy={save.isPending} error={error} onSubmit={onAdd} onClose={() => setAdding(false)}>
        <TextField label={t('attendance.siteName')} value={site.name} onChange={(e) => setSite({ ...site, name: e.target.value })} required />
        <TextField select label={t('attendance.siteType')} value={site.type} onChange={(e) => setSite({ ...site, type: e.target.value })}>
          {SITE_TYPES.map((x) => <MenuItem key={x} value={x}>{t(`attendance.siteTypes.${x}`)}</MenuItem>)}
        </TextField>
        <TextField label={t('attendance.latitude')} value={site.latitude} onChange={(e) => setSite({ ...site, latitude: e.target.value })} required inputMode="decimal" />
        <TextField label={t('attendance.longitude')} value={site.longitude} onChange={(e) => setSite({ ...site, longitude: e.target.value })} required inputMode="decimal" />
        <TextField label={t('attendance.radius')} value={site.radius} onChange={(e) => setSite({ ...site, radius: e.target.value })} required inputMode="numeric" />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('attendance.deleteSiteTitle', { name: deleting?.name ?? '' })}
        body={t('attendance.deleteSiteBody')}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate(deleting!._id, { onSettled: () => setDeleting(null), onError: fail })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
