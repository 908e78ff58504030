import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { RULE_APPROVAL_SERVICES, type TApprovalRule, type TApprovalService, type TRuleVersion, type TSaveApprovalRule, type TUser } from '@bizdesk/contract';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { MoneyField } from '../../shared/ui/MoneyField.tsx';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { displayError } from '../../shared/i18n/index.ts';
import { formatDateTime } from '../../shared/format/dates.ts';
import { currencyOf, formatMinor, majorTextToMinor } from '../../shared/format/money.ts';
import { MONEY_APPROVAL_SERVICES, MONEY_RULE_ROLES, approverRolesOf, hasRole } from '../../shared/access.ts';
import RuleIcon from '@mui/icons-material/Rule';
import { useUserData } from '../users/api.ts';
import { useApprovalRules } from '../orders/api.ts';
import { useRetireRule, useRuleHistory, useSaveBandedRule } from './api.ts';

type TLevelForm = { userIds: string[]; required: string };
type TBandForm = { upTo: string; levels: TLevelForm[] };
type TBandView = { upToMinor: number | null; levels: Array<{ required: number; names: string[] }> };
const WHOLE = /^\d+$/;

/** "Up to ₦5,000,000" / "Above ₦5,000,000" / "Any amount", from a band and the one before it. */
export const bandLabel = (t: (k: string, o?: Record<string, unknown>) => string, money: (minor: number) => string, upToMinor: number | null, fromMinor: number | null) =>
  upToMinor !== null ? t('bands.upTo', { amount: money(upToMinor) }) : fromMinor !== null ? t('bands.above', { amount: money(fromMinor) }) : t('bands.any');

const useMoney = () => {
  const { i18n } = useTranslation();
  return (user: TUser) => (minor: number) => formatMinor(minor, currencyOf(user.country), i18n.resolvedLanguage ?? 'en');
};

/** The bands of a rule as lines; a flat rule (create-approvals) reads as one open band of one level. */
const toView = (r: Pick<TApprovalRule, 'bands' | 'approvers' | 'totalApprovalsRequired'>): TBandView[] =>
  r.bands ? r.bands.map((b) => ({ upToMinor: b.upToMinor, levels: b.levels.map((l) => ({ required: l.required, names: l.approvers.map((a) => a.userName) })) }))
    : [{ upToMinor: null, levels: [{ required: r.totalApprovalsRequired, names: r.approvers.map((a) => a.userName) }] }];

const BandLines = ({ bands, money }: { bands: TBandView[]; money: (minor: number) => string }) => {
  const { t } = useTranslation('approvals');
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {bands.map((b, i) => (
        <li key={i}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>{bandLabel(t, money, b.upToMinor, i > 0 ? bands[i - 1].upToMinor : null)}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {b.levels.map((l, j) => (
              <li key={j}><Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {t('bands.levelLine', { n: j + 1, required: l.required, names: l.names.join(', ') })}
              </Typography></li>
            ))}
          </Box>
        </li>
      ))}
    </Box>
  );
};

const toForm = (r: TApprovalRule | undefined): TBandForm[] => {
  if (!r) return [{ upTo: '', levels: [{ userIds: [], required: '1' }] }];
  if (!r.bands) return [{ upTo: '', levels: [{ userIds: r.approvers.map((a) => a._id), required: String(r.totalApprovalsRequired) }] }];
  return r.bands.map((b) => ({ upTo: b.upToMinor === null ? '' : (b.upToMinor / 100).toFixed(2).replace(/\.00$/, ''), levels: b.levels.map((l) => ({ userIds: l.approvers.map((a) => a._id), required: String(l.required) })) }));
};

/** The band and level editor: add band, add level, pick approvers from the business's users, approvals needed. */
const RuleEditor = ({ user, rule, service: initial, allowed, onClose }: {
  user: TUser; rule: TApprovalRule | undefined; service: TApprovalService; allowed: (s: TApprovalService) => boolean; onClose: () => void;
}) => {
  const { t } = useTranslation('approvals');
  const { t: tp } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const rules = useApprovalRules();
  const users = useUserData(user._id, true);
  const save = useSaveBandedRule();
  const [service, setService] = useState<TApprovalService>(initial);
  const [bands, setBands] = useState<TBandForm[]>(() => toForm(rule));
  const [error, setError] = useState<string | null>(null);
  const currency = currencyOf(user.country);
  const eligible = (users.data?.users ?? []).filter((u) => u.roles.includes('owner') || approverRolesOf(service).every((r) => u.roles.includes(r)));
  const setBand = (i: number, b: TBandForm) => setBands(bands.map((x, k) => (k === i ? b : x)));
  const setLevel = (i: number, j: number, l: TLevelForm) => setBand(i, { ...bands[i], levels: bands[i].levels.map((x, k) => (k === j ? l : x)) });

  const pickService = (s: TApprovalService) => {
    setService(s);
    setError(null);
    setBands(toForm(rules.data?.find((r) => r.serviceName === s)));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    let before = 0;
    for (const [i, b] of bands.entries()) {
      const isLast = i === bands.length - 1;
      if (!isLast) {
        if (!b.upTo.trim()) return setError(t('bands.upToMissing', { n: i + 1 }));
        const minor = majorTextToMinor(b.upTo);
        if (minor <= before) return setError(t('bands.upToRising', { n: i + 1 }));
        before = minor;
      }
      for (const [j, l] of b.levels.entries()) {
        if (l.userIds.length === 0) return setError(t('bands.approversMissing', { band: i + 1, level: j + 1 }));
        if (!WHOLE.test(l.required) || Number(l.required) < 1 || Number(l.required) > l.userIds.length) return setError(t('bands.requiredInvalid', { band: i + 1, level: j + 1 }));
      }
    }
    try {
      await save.mutateAsync({
        service: service as TSaveApprovalRule['service'],
        bands: bands.map((b, i) => ({ upToMinor: i === bands.length - 1 ? null : majorTextToMinor(b.upTo), levels: b.levels.map((l) => ({ userIds: l.userIds, required: Number(l.required) })) })),
      });
      onClose();
    } catch (err) {
      setError(displayError(tApp, err));
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={isPhone} fullWidth maxWidth="md" aria-labelledby="rule-editor-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="rule-editor-title">{t('bands.editorTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField select label={t('bands.service')} value={service} onChange={(e) => pickService(e.target.value as TApprovalService)} disabled={Boolean(rule)}>
              {RULE_APPROVAL_SERVICES.map((s) => <MenuItem key={s} value={s} disabled={!allowed(s)}>{tp(`services.${s}`)}</MenuItem>)}
            </TextField>
            {users.data && eligible.length === 0 ? <Alert severity="info">{t('bands.noApprovers')}</Alert> : null}
            {bands.map((b, i) => {
              const isLast = i === bands.length - 1;
              return (
                <Paper key={i} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="fieldset" aria-label={t('bands.band', { n: i + 1 })}>
                  <Stack spacing={1.5}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography component="legend" variant="subtitle1">{t('bands.band', { n: i + 1 })}</Typography>
                      {bands.length > 1 ? <Button size="small" color="error" onClick={() => setBands(bands.filter((_x, k) => k !== i))}>{t('bands.removeBand', { n: i + 1 })}</Button> : null}
                    </Stack>
                    {isLast ? <Typography variant="body2" color="text.secondary">{t('bands.lastBand')}</Typography> : (
                      <MoneyField label={t('bands.bandUpTo')} name={`band-${i}-upTo`} value={b.upTo} onChange={(v) => setBand(i, { ...b, upTo: v })} currency={currency} helperText={t('bands.bandUpToHelp')} required />
                    )}
                    {b.levels.map((l, j) => (
                      <Box key={j} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                          <Typography variant="subtitle2" component="h3">{t('bands.level', { n: j + 1 })}</Typography>
                          {b.levels.length > 1 ? <Button size="small" color="error" onClick={() => setBand(i, { ...b, levels: b.levels.filter((_x, k) => k !== j) })}>{t('bands.removeLevel', { n: j + 1 })}</Button> : null}
                        </Stack>
                        <FormGroup role="group" aria-label={t('bands.approvers', { n: j + 1 })}>
                          <FormLabel component="span" sx={{ typography: 'body2' }}>{t('bands.approvers', { n: j + 1 })}</FormLabel>
                          {eligible.map((u) => (
                            <FormControlLabel key={u._id} label={u.userName} sx={{ overflowWrap: 'anywhere' }}
                              control={<Checkbox checked={l.userIds.includes(u._id)} onChange={(e) => setLevel(i, j, { ...l, userIds: e.target.checked ? [...l.userIds, u._id] : l.userIds.filter((x) => x !== u._id) })} />} />
                          ))}
                        </FormGroup>
                        <TextField type="number" size="small" label={t('bands.required')} helperText={t('bands.requiredHelp')} value={l.required}
                          onChange={(e) => setLevel(i, j, { ...l, required: e.target.value })} slotProps={{ htmlInput: { min: 1, max: 20 } }} sx={{ maxWidth: 320, mt: 1 }} />
                      </Box>
                    ))}
                    {b.levels.length < 5 ? <Button size="small" onClick={() => setBand(i, { ...b, levels: [...b.levels, { userIds: [], required: '1' }] })} sx={{ alignSelf: 'flex-start' }}>{t('bands.addLevel')}</Button> : null}
                  </Stack>
                </Paper>
              );
            })}
            {bands.length < 10 ? (
              // A new band goes before the open-ended last one, which stays last.
              <Button variant="outlined" onClick={() => setBands([...bands.slice(0, -1), { upTo: '', levels: [{ userIds: [], required: '1' }] }, bands[bands.length - 1]])} sx={{ alignSelf: 'flex-start' }}>{t('bands.addBand')}</Button>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('bands.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={!allowed(service)}>{t('bands.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

const versionView = (v: TRuleVersion): TBandView[] =>
  v.bands ? v.bands.map((b) => ({ upToMinor: b.upToMinor, levels: b.levels.map((l) => ({ required: l.required, names: l.approvers })) }))
    : [{ upToMinor: null, levels: [{ required: v.totalApprovalsRequired, names: v.approvers }] }];

/** Every version of a rule, newest first (a drawer). */
const HistoryDrawer = ({ rule, money, onClose }: { rule: TApprovalRule; money: (minor: number) => string; onClose: () => void }) => {
  const { t, i18n } = useTranslation('approvals');
  const { t: tp } = useTranslation('procurement');
  const history = useRuleHistory(rule._id);
  const service = tp(`services.${rule.serviceName}`);
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 }, p: 2 }, role: 'dialog', 'aria-labelledby': 'rule-history-title' } as object }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="rule-history-title">{t('bands.historyTitle', { service })}</Typography>
        {history.isError ? <Alert severity="error">{displayError(t, history.error)}</Alert> : null}
        {history.data?.length === 0 ? <Typography>{t('bands.historyEmpty')}</Typography> : null}
        {(history.data ?? []).map((v) => (
          <Paper key={v.version} variant="outlined" sx={{ p: 1.5 }} component="article" aria-label={t('bands.version', { n: v.version })}>
            <Typography variant="subtitle2" component="h3">{t('bands.versionBy', { n: v.version, action: t(`bands.action.${v.action}`), name: v.changedBy, when: formatDateTime(v.createdAt, i18n.resolvedLanguage ?? 'en') })}</Typography>
            {v.action !== 'retired' ? <BandLines bands={versionView(v)} money={money} /> : null}
          </Paper>
        ))}
        <Button onClick={onClose} sx={{ alignSelf: 'flex-start' }}>{t('bands.close')}</Button>
      </Stack>
    </Drawer>
  );
};

/** Issue 35: the rules of every service as cards (bands and levels), with Edit, Retire (confirmed) and History. */
export const BandedRules = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('approvals');
  const { t: tp } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const money = useMoney()(user);
  const canMoney = MONEY_RULE_ROLES.every((r) => hasRole(user.roles, r));
  const canOther = hasRole(user.roles, 'Settings-access');
  const allowed = (s: TApprovalService) => (MONEY_APPROVAL_SERVICES.includes(s) ? canMoney : canOther);
  const rules = useApprovalRules();
  const retire = useRetireRule();
  const [editing, setEditing] = useState<{ rule?: TApprovalRule; service: TApprovalService } | null>(null);
  const [retiring, setRetiring] = useState<TApprovalRule | null>(null);
  const [viewing, setViewing] = useState<TApprovalRule | null>(null);
  const [error, setError] = useState<string | null>(null);
  const firstAllowed = RULE_APPROVAL_SERVICES.find(allowed);
  return (
    <Stack spacing={2} component="section" aria-labelledby="banded-rules-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Box>
          <Typography variant="subtitle1" component="h2" id="banded-rules-title">{t('bands.title')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('bands.intro')}</Typography>
        </Box>
        {firstAllowed ? <Button variant="contained" onClick={() => setEditing({ service: firstAllowed })} sx={{ alignSelf: { sm: 'flex-start' }, flexShrink: 0 }}>{t('bands.newRule')}</Button> : null}
      </Stack>
      {error ? <Alert severity="error" onClose={() => setError(null)}>{error}</Alert> : null}
      {rules.data?.length === 0 ? <EmptyState Icon={RuleIcon} title={t('bands.empty')} compact headingLevel="h3" /> : null}
      {(rules.data ?? []).map((r) => {
        const service = tp(`services.${r.serviceName}`);
        const isRetired = Boolean(r.retiredAt);
        return (
          <Card key={r._id} variant="outlined" component="article" aria-label={service}>
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
                <Typography variant="subtitle1" component="h3">{service}</Typography>
                {r.version ? <Chip size="small" label={t('bands.version', { n: r.version })} /> : null}
                {isRetired ? <Chip size="small" label={t('bands.retired')} /> : null}
              </Stack>
              {!isRetired ? <BandLines bands={toView(r)} money={money} /> : null}
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
              {allowed(r.serviceName) ? <Button size="small" variant="outlined" onClick={() => setEditing({ rule: r, service: r.serviceName })} aria-label={t('bands.editLabel', { service })}>{t('bands.edit')}</Button> : null}
              {allowed(r.serviceName) && !isRetired ? <Button size="small" color="error" onClick={() => setRetiring(r)} aria-label={t('bands.retireLabel', { service })}>{t('bands.retire')}</Button> : null}
              <Button size="small" onClick={() => setViewing(r)} aria-label={t('bands.historyLabel', { service })}>{t('bands.history')}</Button>
            </CardActions>
          </Card>
        );
      })}
      {editing ? <RuleEditor key={editing.rule?._id ?? 'new'} user={user} rule={editing.rule} service={editing.service} allowed={allowed} onClose={() => setEditing(null)} /> : null}
      {viewing ? <HistoryDrawer rule={viewing} money={money} onClose={() => setViewing(null)} /> : null}
      <ConfirmDialog open={Boolean(retiring)} title={t('bands.retireTitle')} destructive busy={retire.isPending}
        body={retiring ? t('bands.retireBody', { service: tp(`services.${retiring.serviceName}`) }) : ''}
        confirmLabel={t('bands.retire')}
        onClose={() => setRetiring(null)}
        onConfirm={async () => {
          try {
            await retire.mutateAsync(retiring!._id);
          } catch (err) {
            setError(displayError(tApp, err));
          }
          setRetiring(null);
        }} />
    </Stack>
  );
};
