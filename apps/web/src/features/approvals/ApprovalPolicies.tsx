import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { APPROVER_KINDS, MAX_CHAIN_STEPS, PEOPLE_APPROVAL_SERVICES, type TApprovalPolicy, type TApproverKind, type TPeopleApprovalService, type TUser } from '@bizdesk/contract';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../shared/i18n/index.ts';
import { leaveTypeName } from '../../shared/i18n/words.ts';
import { hasRole } from '../../shared/access.ts';
import { useLeaveTypes } from '../leave/api.ts';
import { useUserData } from '../users/api.ts';
import { usePolicies, useResetPolicy, useSavePolicy } from './api.ts';

type TStepForm = { approvers: TApproverKind; userIds: string[]; required: string };
type TScope = { service: TPeopleApprovalService; leaveTypeId: string | null };
const scopeKey = (s: TScope) => (s.leaveTypeId ? `leave:${s.leaveTypeId}` : s.service);
const fromKey = (k: string): TScope => (k.startsWith('leave:') ? { service: 'leave', leaveTypeId: k.slice(6) } : { service: k as TPeopleApprovalService, leaveTypeId: null });
const toForm = (p: TApprovalPolicy | undefined) => ({
  steps: (p?.steps ?? [{ approvers: 'hr' as const, userIds: [], required: 1 }]).map((s) => ({ approvers: s.approvers, userIds: s.userIds, required: String(s.required) })),
  autoApprove: p?.autoApproveBelowDays ? String(p.autoApproveBelowDays) : '',
});
const WHOLE = /^\d+$/;

/**
 * Who decides leave (per leave type), expense claims and attendance corrections (issue 33): ordered steps of line
 * manager, HR or listed users, each with the approvals it needs; leave may be approved automatically below N days.
 */
export const ApprovalPolicies = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('approvals');
  const { t: tApp } = useTranslation('app');
  const { t: tp } = useTranslation('procurement');
  const { t: tTime } = useTranslation('time');
  const policies = usePolicies();
  const types = useLeaveTypes();
  const users = useUserData(user._id, hasRole(user.roles, 'Settings-access'));
  const save = useSavePolicy();
  const reset = useResetPolicy();
  const [key, setKey] = useState('leave');
  const [form, setForm] = useState<ReturnType<typeof toForm> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const scope = fromKey(key);
  // A leave type without a policy of its own shows (and starts from) the leave policy.
  const current = policies.data?.find((p) => p.service === scope.service && p.leaveTypeId === scope.leaveTypeId)
    ?? (scope.leaveTypeId ? policies.data?.find((p) => p.service === 'leave' && p.leaveTypeId === null) : undefined);
  const hasOwn = Boolean(current && !current.isDefault && current.leaveTypeId === scope.leaveTypeId);
  const shown = form ?? toForm(current);
  const people = users.data?.users ?? [];

  const pick = (k: string) => { setKey(k); setForm(null); setError(null); };
  const setStep = (i: number, patch: Partial<TStepForm>) => setForm({ ...shown, steps: shown.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });

  const validate = () => {
    for (const [i, s] of shown.steps.entries()) {
      const n = i + 1;
      if (s.approvers !== 'line-manager' && (!WHOLE.test(s.required) || Number(s.required) < 1 || Number(s.required) > 20)) return t('policies.requiredInvalid', { n });
      if (s.approvers === 'users' && s.userIds.length === 0) return t('policies.usersMissing', { n });
      if (s.approvers === 'users' && Number(s.required) > s.userIds.length) return t('policies.requiredOverUsers', { n, count: s.userIds.length });
    }
    if (shown.autoApprove && (!WHOLE.test(shown.autoApprove) || Number(shown.autoApprove) < 1 || Number(shown.autoApprove) > 366)) return t('policies.autoInvalid');
    return null;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validate();
    setError(problem);
    if (problem) return;
    try {
      await save.mutateAsync({
        service: scope.service, leaveTypeId: scope.leaveTypeId,
        steps: shown.steps.map((s) => ({ approvers: s.approvers, required: s.approvers === 'line-manager' ? 1 : Number(s.required), ...(s.approvers === 'users' ? { userIds: s.userIds } : {}) })),
        autoApproveBelowDays: scope.service === 'leave' && shown.autoApprove ? Number(shown.autoApprove) : null,
      });
      setForm(null);
    } catch (err) {
      setError(displayError(tApp, err));
    }
  };

  if (policies.isPending) {
    return <Stack direction="row" spacing={1} alignItems="center" role="status"><CircularProgress size={20} /><Typography>{t('policies.loading')}</Typography></Stack>;
  }
  if (policies.isError) {
    return <Alert severity="error" action={<Button color="inherit" onClick={() => void policies.refetch()}>{t('policies.retry')}</Button>}>{t('policies.loadFailed')}</Alert>;
  }

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">{t('policies.title')}</Typography>
      <Typography color="text.secondary">{t('policies.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} component="form" aria-label={t('policies.title')} onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          <TextField select label={t('policies.appliesTo')} value={key} onChange={(e) => pick(e.target.value)} fullWidth sx={{ maxWidth: { md: 420 } }}>
            <MenuItem value="leave">{t('policies.allLeave')}</MenuItem>
            {(types.data ?? []).map((lt) => <MenuItem key={lt._id} value={scopeKey({ service: 'leave', leaveTypeId: lt._id })}>{t('policies.leaveType', { name: leaveTypeName(tTime, lt.name) })}</MenuItem>)}
            {PEOPLE_APPROVAL_SERVICES.filter((s) => s !== 'leave').map((s) => <MenuItem key={s} value={s}>{tp(`services.${s}`)}</MenuItem>)}
          </TextField>
          <div><Chip size="small" label={hasOwn ? t('policies.isSaved') : t('policies.isDefault')} color={hasOwn ? 'primary' : 'default'} /></div>
          {shown.steps.map((s, i) => (
            <Paper key={i} variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} component="fieldset" aria-label={t('policies.step', { n: i + 1 })}>
              <Stack spacing={1.5}>
                <Stack direction="row" alignItems="center" justifyContent="space-between">
                  <Typography component="legend" variant="subtitle2">{t('policies.step', { n: i + 1 })}</Typography>
                  {shown.steps.length > 1 ? (
                    <IconButton aria-label={t('policies.removeStep', { n: i + 1 })} onClick={() => setForm({ ...shown, steps: shown.steps.filter((_x, j) => j !== i) })}><DeleteIcon /></IconButton>
                  ) : null}
                </Stack>
                <TextField select label={t('policies.approvers')} value={s.approvers} onChange={(e) => setStep(i, { approvers: e.target.value as TApproverKind })} fullWidth>
                  {APPROVER_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`policies.kinds.${k}`)}</MenuItem>)}
                </TextField>
                {s.approvers !== 'line-manager' ? (
                  <TextField label={t('policies.required')} helperText={t('policies.requiredHelp')} value={s.required} inputMode="numeric"
                    onChange={(e) => setStep(i, { required: e.target.value })} sx={{ maxWidth: { md: 240 } }} />
                ) : null}
                {s.approvers === 'users' ? (
                  people.length ? (
                    <FormGroup aria-label={t('policies.users')}>
                      <FormLabel>{t('policies.users')}</FormLabel>
                      {people.map((u) => (
                        <FormControlLabel key={u._id} label={u.userName} control={(
                          <Checkbox checked={s.userIds.includes(u._id)}
                            onChange={(e) => setStep(i, { userIds: e.target.checked ? [...s.userIds, u._id] : s.userIds.filter((x) => x !== u._id) })} />
                        )} />
                      ))}
                    </FormGroup>
                  ) : <Typography variant="body2" color="text.secondary">{t('policies.usersUnavailable')}</Typography>
                ) : null}
              </Stack>
            </Paper>
          ))}
          {shown.steps.length < MAX_CHAIN_STEPS ? (
            <div><Button variant="outlined" onClick={() => setForm({ ...shown, steps: [...shown.steps, { approvers: 'hr', userIds: [], required: '1' }] })}>{t('policies.addStep')}</Button></div>
          ) : null}
          {scope.service === 'leave' ? (
            <TextField label={t('policies.autoApprove')} helperText={t('policies.autoApproveHelp')} value={shown.autoApprove} inputMode="numeric"
              onChange={(e) => setForm({ ...shown, autoApprove: e.target.value })} sx={{ maxWidth: { md: 320 } }} />
          ) : null}
          {error ? <Alert severity="error" role="alert">{error}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button type="submit" variant="contained" disabled={save.isPending}>{t('policies.save')}</Button>
            {hasOwn ? <Button color="warning" onClick={() => setConfirmReset(true)}>{t('policies.reset')}</Button> : null}
          </Stack>
        </Stack>
      </Paper>
      <ConfirmDialog open={confirmReset} title={t('policies.resetTitle')} body={t('policies.resetBody')} confirmLabel={t('policies.reset')} destructive busy={reset.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() => reset.mutate(scope, {
          onSuccess: () => { setForm(null); setConfirmReset(false); },
          onError: (err) => { setError(displayError(tApp, err)); setConfirmReset(false); },
        })} />
    </Stack>
  );
};
