import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import type { TCoordinates } from '@bizdesk/contract';
import { NetworkError, TimeoutError } from '../../../shared/api/errors.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { dismissOutcome, enqueue, flush, outcomes, queued, type TQueueOutcome, type TQueuedAction, type TSendResult } from '../offlineQueue.ts';
import { ownAttendanceKey, portalMarkIn, portalMarkOut, portalSick, useOwnAttendance } from '../portalApi.ts';
import { formatTime } from './labels.ts';

type TPosition = { coordinates: TCoordinates; accuracy: number } | null;

/** The browser's position, or null when it is refused, unavailable or slow. */
const locate = () =>
  new Promise<TPosition>((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ coordinates: { latitude: p.coords.latitude, longitude: p.coords.longitude }, accuracy: p.coords.accuracy }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });

const isOffline = (e: unknown) => e instanceof NetworkError || e instanceof TimeoutError;

/** The portal's check-in: with the phone's location, and kept on the phone while offline until it can be sent. */
export const PortalCheckIn = ({ employeeId, token }: { employeeId: string; token: string }) => {
  const { t, i18n } = useTranslation('time');
  const queryClient = useQueryClient();
  const attendance = useOwnAttendance(employeeId, token);
  const [waiting, setWaiting] = useState<TQueuedAction[]>([]);
  const [told, setTold] = useState<TQueueOutcome[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ownAttendanceKey(employeeId) }), [queryClient, employeeId]);
  const reloadQueue = useCallback(async () => {
    await queued(employeeId).then(setWaiting, () => setWaiting([]));
    await outcomes(employeeId).then(setTold, () => setTold([]));
  }, [employeeId]);

  /** A refused queued action, or one waiting for HR, is kept on the page with the server's reason until dismissed. */
  const send = useCallback(async (a: TQueuedAction): Promise<TSendResult> => {
    try {
      const body = { employeeId: a.employeeId, coordinates: a.coordinates, accuracy: a.accuracy, queued: true };
      if (a.kind === 'in') {
        const res = await portalMarkIn(token, { ...body, checkInTime: a.time });
        return res.data?.checkInReview === 'pending' ? { result: 'sent', review: res.message ?? t('portal.reviewPending') } : { result: 'sent' };
      }
      await portalMarkOut(token, { ...body, checkOutTime: a.time });
      return { result: 'sent' };
    } catch (e) {
      if (isOffline(e)) return { result: 'offline' };
      return { result: 'refused', reason: displayError(t, e) };
    }
  }, [token, t]);

  const dismiss = async (id: string) => {
    await dismissOutcome(id).catch(() => undefined);
    await reloadQueue();
  };

  const sync = useCallback(async () => {
    const sent = await flush(employeeId, send).catch(() => 0);
    await reloadQueue();
    if (sent > 0) {
      flash(t('portal.synced'), 'success');
      await refresh();
    }
  }, [employeeId, send, reloadQueue, refresh, t]);

  useEffect(() => {
    void reloadQueue().then(() => (navigator.onLine ? sync() : undefined));
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [reloadQueue, sync]);

  const act = async (kind: 'in' | 'out') => {
    setBusy(true);
    setStatus(t('portal.locating'));
    const time = new Date().toISOString();
    const position = await locate();
    setStatus(position ? null : t('portal.noLocation'));
    const action = { kind, employeeId, time, ...(position ? { coordinates: position.coordinates, accuracy: position.accuracy } : {}) };
    const keep = async () => {
      await enqueue(action);
      await reloadQueue();
      setStatus(t('portal.offline'));
    };
    try {
      if (!navigator.onLine) await keep();
      else {
        const body = { employeeId, coordinates: action.coordinates, accuracy: action.accuracy };
        const res = await (kind === 'in' ? portalMarkIn(token, { ...body, checkInTime: time }) : portalMarkOut(token, { ...body, checkOutTime: time }));
        if (res.message) flash(kind === 'in' ? t('portal.checkedInAt', { time: formatTime(time, i18n.language) }) : t('portal.checkedOutAt', { time: formatTime(time, i18n.language) }), 'success');
        await refresh();
      }
    } catch (e) {
      if (isOffline(e)) await keep();
      else flash(displayError(t, e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const data = attendance.data;
  const today = data?.checkins.find((c) => c.date === data.today);
  const tz = undefined; // the phone's own clock and zone: the employee reads their own local time
  return (
    <PanelCard title={t('portal.checkInTitle')}>
      <Stack spacing={2} sx={{ px: 3, pb: 3 }} data-testid="portal-checkin">
        {attendance.isLoading && !data ? <Skeleton variant="rounded" height={64} /> : attendance.error && !waiting.length ? (
          <Alert severity="warning">{displayError(t, attendance.error)}</Alert>
        ) : (
          <Typography data-testid="portal-checkin-status">
            {today ? t('portal.checkedInAt', { time: formatTime(today.checkInTime, i18n.language, tz) }) : t('portal.notCheckedIn')}
            {today?.checkOutTime ? ` · ${t('portal.checkedOutAt', { time: formatTime(today.checkOutTime, i18n.language, tz) })}` : ''}
          </Typography>
        )}
        {data?.suspension && data.suspension.from <= data.today ? <Alert severity="warning">{t('attendance.suspendedUntil', { date: data.suspension.to })}</Alert> : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" size="large" startIcon={<LoginIcon />} disabled={busy || Boolean(today)} onClick={() => void act('in')} data-testid="portal-check-in">
            {t('portal.checkIn')}
          </Button>
          <Button variant="outlined" size="large" startIcon={<LogoutIcon />} disabled={busy || (!today && !waiting.some((w) => w.kind === 'in')) || Boolean(today?.checkOutTime)} onClick={() => void act('out')} data-testid="portal-check-out">
            {t('portal.checkOut')}
          </Button>
          <Button disabled={busy} onClick={() => portalSick(token, employeeId).then(() => { flash(t('attendance.saved'), 'success'); return refresh(); }, (e) => flash(displayError(t, e), 'error'))}>
            {t('portal.reportSick')}
          </Button>
        </Stack>
        {status ? <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">{status}</Typography> : null}
        {told.map((o) => (
          <Alert key={o.id} severity={o.outcome === 'refused' ? 'error' : 'info'} data-testid="portal-queue-outcome" onClose={() => void dismiss(o.id)}
            closeText={t('portal.dismiss')}>
            {t(o.outcome === 'refused' ? 'portal.refused' : 'portal.underReview', { action: o.kind === 'in' ? t('portal.checkIn') : t('portal.checkOut'), time: formatTime(o.time, i18n.language) })}
            {' '}{o.reason}
          </Alert>
        ))}
        {waiting.map((w) => (
          <Chip key={w.id} icon={<CloudOffIcon />} color="warning" variant="outlined" data-testid="portal-waiting"
            label={t('portal.waiting', { action: w.kind === 'in' ? t('portal.checkIn') : t('portal.checkOut'), time: formatTime(w.time, i18n.language) })} />
        ))}
      </Stack>
    </PanelCard>
  );
};
