import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { APPROVAL_SERVICES, type TApprovalRequest, type TApprovalService } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { MONEY_APPROVAL_SERVICES, MONEY_RULE_ROLES, approverRolesOf, hasRole } from '../../../shared/access.ts';
import { useUserData } from '../../users/api.ts';
import { useApprovalRules, useApprovals, useCreateApprovalRule, useDecideRequest } from '../api.ts';
import { LoadError, StatusChip, useProcurementTexts } from '../components/ProcurementUi.tsx';

const LIMIT = 10;

const RequestCard = ({ request, onReject }: { request: TApprovalRequest; onReject: (r: TApprovalRequest) => void }) => {
  const { t, money, language, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const decide = useDecideRequest();
  const [error, setError] = useState<string | null>(null);
  return (
    <Card variant="outlined" component="article" aria-label={request.title}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="overline">{t(`services.${request.service}`)}</Typography>
          <StatusChip status={request.status} />
          <Typography variant="body2" color="text.secondary">{t('orders.approvalsCount', { approvals: request.approvals, required: request.totalApprovalsRequired })}</Typography>
        </Stack>
        <Typography variant="subtitle1" component="h3">{request.title}</Typography>
        {request.amount !== null ? <Typography sx={{ fontWeight: 700 }}>{money(request.amount, request.currency ?? undefined)}</Typography> : null}
        <Typography variant="body2" color="text.secondary">{t('approvals.requestedBy', { name: request.requestedBy.userName, when: formatDateTime(request.createdAt, language) })}</Typography>
        {request.decisions.map((d) => (
          <Typography key={d.userId} variant="body2">{t('approvals.decidedBy', { name: d.userName, decision: t(`status.${d.decision}`) })} · {formatDateTime(d.decidedAt, language)}{d.reason ? ` — ${d.reason}` : ''}</Typography>
        ))}
        {request.status === 'pending' && request.requestedBy._id === user._id ? <Typography variant="body2" color="text.secondary">{t('approvals.ownRequest')}</Typography> : null}
        {error ? <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert> : null}
      </CardContent>
      {request.canDecide ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant="contained" color="success" loading={decide.isPending}
            onClick={async () => {
              setError(null);
              try {
                await decide.mutateAsync({ orderId: request.subjectId, ownerEmail: user.ownerEmail, service: request.service, userId: user._id, approvalStatus: 'approved' });
              } catch (err) {
                setError(displayError(tApp, err));
              }
            }}
          >
            {t('orders.approve')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => onReject(request)}>{t('orders.reject')}</Button>
        </CardActions>
      ) : null}
    </Card>
  );
};

const Requests = ({ view }: { view: 'mine' | 'all' }) => {
  const { t, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const [page, setPage] = useState(1);
  const [service, setService] = useState<TApprovalService | ''>('');
  const query = useApprovals(view, page, LIMIT, service || undefined);
  const decide = useDecideRequest();
  const [rejecting, setRejecting] = useState<TApprovalRequest | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil((query.data?.totalRecords ?? 0) / LIMIT));
  return (
    <Stack spacing={2}>
      <TextField select size="small" label={t('fields.service')} value={service} onChange={(e) => { setService(e.target.value as TApprovalService | ''); setPage(1); }} sx={{ maxWidth: 280 }}>
        <MenuItem value="">{t('status.all')}</MenuItem>
        {APPROVAL_SERVICES.map((s) => <MenuItem key={s} value={s}>{t(`services.${s}`)}</MenuItem>)}
      </TextField>
      {query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.rows.length === 0 ? (
        <EmptyState Icon={TaskAltIcon} title={view === 'mine' ? t('approvals.emptyMine') : t('approvals.emptyAll')} body={view === 'mine' ? t('approvals.emptyMineBody') : undefined} compact headingLevel="h2" />
      ) : null}
      {(query.data?.rows ?? []).map((r) => <RequestCard key={r._id} request={r} onReject={(x) => { setReason(''); setError(null); setRejecting(x); }} />)}
      {pages > 1 ? <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} /> : null}
      <FormDialog
        open={!!rejecting} title={t('orders.rejectTitle', { title: rejecting?.title ?? '' })} submitLabel={t('orders.reject')} busy={decide.isPending} error={error} onClose={() => setRejecting(null)}
        onSubmit={async (e) => {
          e.preventDefault();
          if (!reason.trim()) return setError(`${t('fields.reason')}: ${t('common.required')}`);
          try {
            await decide.mutateAsync({ orderId: rejecting!.subjectId, ownerEmail: user.ownerEmail, service: rejecting!.service, userId: user._id, approvalStatus: 'rejected', reason });
            setRejecting(null);
          } catch (err) {
            setError(displayError(tApp, err));
          }
        }}
      >
        <TextField autoFocus required label={t('fields.reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} />
      </FormDialog>
    </Stack>
  );
};

const Rules = () => {
  const { t, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  // Payroll and payment rules: the owner or Accounts-access + Approvals-access; the rest: Settings-access (server rule).
  const canMoney = MONEY_RULE_ROLES.every((r) => hasRole(user.roles, r));
  const canOther = hasRole(user.roles, 'Settings-access');
  const allowed = (s: TApprovalService) => (MONEY_APPROVAL_SERVICES.includes(s) ? canMoney : canOther);
  const canEdit = canMoney || canOther;
  const rules = useApprovalRules();
  const users = useUserData(user._id, canEdit);
  const save = useCreateApprovalRule();
  const [service, setService] = useState<TApprovalService>(() => APPROVAL_SERVICES.find(allowed) ?? 'purchase-order');
  const [approvers, setApprovers] = useState<string[]>([]);
  const [required, setRequired] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const eligible = (users.data?.users ?? []).filter((u) => u.roles.includes('owner') || approverRolesOf(service).every((r) => u.roles.includes(r)));
  const pick = (s: TApprovalService) => {
    setService(s);
    setError(null);
    const rule = rules.data?.find((r) => r.serviceName === s);
    setApprovers(rule?.approvers.map((a) => a._id) ?? []);
    setRequired(String(rule?.totalApprovalsRequired ?? 1));
  };
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('approvals.rulesIntro')}</Typography>
      {rules.isError ? <LoadError error={rules.error} onRetry={() => void rules.refetch()} /> : null}
      {rules.data?.length === 0 ? <Typography>{t('approvals.noRules')}</Typography> : null}
      {(rules.data ?? []).map((r) => (
        <Typography key={r._id}><b>{t(`services.${r.serviceName}`)}</b>: {r.totalApprovalsRequired} · {r.approvers.map((a) => a.userName).join(', ')}</Typography>
      ))}
      {canEdit ? (
        <Paper variant="outlined" sx={{ p: 2 }} component="form" aria-label={t('approvals.ruleTitle')}
          onSubmit={async (e: React.FormEvent) => {
            e.preventDefault();
            setError(null);
            try {
              await save.mutateAsync({ ownerEmail: user.ownerEmail, serviceName: service, userId: approvers, totalApprovalsRequired: Number(required) });
            } catch (err) {
              setError(displayError(tApp, err));
            }
          }}
        >
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h3">{t('approvals.ruleTitle')}</Typography>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {!canMoney ? <Alert severity="info">{t('approvals.moneyRulesNeedRoles')}</Alert> : null}
            {!canOther ? <Alert severity="info">{t('approvals.otherRulesNeedSettings')}</Alert> : null}
            <TextField select label={t('fields.service')} value={service} onChange={(e) => pick(e.target.value as TApprovalService)}>
              {APPROVAL_SERVICES.map((s) => (
                <MenuItem key={s} value={s} disabled={!allowed(s)} sx={{ whiteSpace: 'normal' }}>
                  <Stack>
                    <span>{t(`services.${s}`)}</span>
                    {!allowed(s) ? (
                      <Typography variant="caption" color="text.secondary">
                        {MONEY_APPROVAL_SERVICES.includes(s) ? t('approvals.needsMoneyRoles') : t('approvals.needsSettings')}
                      </Typography>
                    ) : null}
                  </Stack>
                </MenuItem>
              ))}
            </TextField>
            <FormGroup aria-label={t('fields.approvers')}>
              <Typography variant="body2">{t('fields.approvers')} — {service === 'payroll' ? t('approvals.payrollApproversHelp') : t('approvals.approversHelp')}</Typography>
              {eligible.map((u) => (
                <FormControlLabel key={u._id} label={`${u.userName} (${u.email})`}
                  control={<Checkbox checked={approvers.includes(u._id)} onChange={(e) => setApprovers(e.target.checked ? [...approvers, u._id] : approvers.filter((x) => x !== u._id))} />} />
              ))}
            </FormGroup>
            <TextField type="number" label={t('fields.totalApprovalsRequired')} value={required} onChange={(e) => setRequired(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 20 } }} sx={{ maxWidth: 220 }} />
            <Button type="submit" variant="contained" loading={save.isPending} disabled={!allowed(service)} sx={{ alignSelf: 'flex-start' }}>{t('approvals.saveRule')}</Button>
          </Stack>
        </Paper>
      ) : <Alert severity="info">{t('approvals.rulesNeedSettings')}</Alert>}
    </Stack>
  );
};

/** /approval: what awaits the signed-in user across services, every request with its history, and the rules. */
export const ApprovalPage = () => {
  const { t, user } = useProcurementTexts();
  const [tab, setTab] = useState(0);
  // A Settings-access user without Approvals-access reaches this page for the rules only (the lists need Approvals-access).
  if (!hasRole(user.roles, 'Approvals-access')) {
    return (
      <>
        <PageHeader title={t('approvals.title')} description={t('approvals.rulesOnlyDescription')} />
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
          <Rules />
        </Paper>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('approvals.title')} description={t('approvals.description')} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          <Tab label={t('approvals.tabMine')} />
          <Tab label={t('approvals.tabAll')} />
          <Tab label={t('approvals.tabRules')} />
        </Tabs>
        {tab === 0 ? <Requests key="mine" view="mine" /> : tab === 1 ? <Requests key="all" view="all" /> : <Rules />}
      </Paper>
    </>
  );
};
