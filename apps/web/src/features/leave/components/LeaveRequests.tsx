import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import { LEAVE_STATUSES, type TLeaveRequest, type TLeaveStatus, type TRosterEmployee } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { oneOf, useQueryParam } from '../../../shared/useQueryParam.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { leaveTypeName } from '../../../shared/i18n/words.ts';
import { useDecideLeave, useLeaveRequests, useLeaveTypes, useRequestLeave } from '../api.ts';

const STATUS_COLOR = { pending: 'warning', approved: 'success', declined: 'default' } as const;

/** Requests to decide (approve, or decline with a reason), and a request HR makes for an employee. */
export const LeaveRequests = ({ unitId, employees }: { unitId?: string; employees: TRosterEmployee[] }) => {
  const { t, i18n } = useTranslation('time');
  // In the address (issue 30): the dashboard opens ?status=pending, a notification ?request=<id> (that one request).
  const [statusParam, setStatusParam] = useQueryParam('status');
  const [requestId, setRequestId] = useQueryParam('request');
  const status: TLeaveStatus | '' = requestId ? '' : oneOf(statusParam === 'all' ? '' : statusParam ?? 'pending', ['', ...LEAVE_STATUSES], 'pending');
  const setStatus = (value: TLeaveStatus | '') => setStatusParam(value || 'all');
  const [pageModel, setPageModel] = useState({ page: 0, pageSize: 10 });
  const list = useLeaveRequests({ status: status || undefined, unitId, id: requestId ?? undefined, page: pageModel.page + 1, limit: pageModel.pageSize });
  const decide = useDecideLeave();
  const [declining, setDeclining] = useState<TLeaveRequest | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);
  const fmt = (d: string) => formatDate(d, i18n.language);

  const columns: GridColDef<TLeaveRequest>[] = [
    { field: 'employeeName', headerName: t('common.employee'), flex: 1, minWidth: 160 },
    { field: 'department', headerName: t('common.department'), width: 150, valueGetter: (v) => v ?? '—' },
    { field: 'type', headerName: t('leave.type'), width: 130, valueGetter: (v: string) => leaveTypeName(t, v) },
    { field: 'startDate', headerName: t('leave.dates'), width: 220, valueGetter: (_v, r) => `${fmt(r.startDate)} – ${fmt(r.endDate)}` },
    { field: 'days', headerName: t('leave.days'), width: 80, type: 'number' },
    { field: 'reason', headerName: t('common.reason'), flex: 1, minWidth: 160 },
    { field: 'status', headerName: t('common.status'), width: 130, renderCell: ({ row }) => <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`leave.statuses.${row.status}`)} /> },
    {
      field: 'actions', headerName: t('common.actions'), width: 210, sortable: false, filterable: false,
      renderCell: ({ row }) => row.status !== 'pending' ? (row.decisionReason ?? '') : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 1 }}>
          <Button size="small" variant="contained" color="success" disabled={decide.isPending} data-testid={`approve-${row._id}`}
            onClick={() => decide.mutate({ id: row._id, input: { decision: 'approved' } }, { onError: (e) => flash(displayError(t, e), 'error') })}>
            {t('leave.approve')}
          </Button>
          <Button size="small" onClick={() => { setReason(''); setError(null); setDeclining(row); }}>{t('leave.decline')}</Button>
        </Stack>
      ),
    },
  ];

  const onDecline = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide.mutate({ id: declining!._id, input: { decision: 'declined', reason } }, { onSuccess: () => setDeclining(null), onError: (e) => setError(displayError(t, e)) });
  };

  return (
    <Stack spacing={2}>
      {requestId ? (
        <Alert severity="info" data-testid="leave-one-request" action={<Button color="inherit" size="small" onClick={() => setRequestId(null)}>{t('leave.showAllRequests')}</Button>}>
          {t('leave.oneRequest')}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <TextField select size="small" label={t('common.status')} value={status} onChange={(e) => { setRequestId(null); setStatus(e.target.value as TLeaveStatus | ''); setPageModel({ ...pageModel, page: 0 }); }} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('leave.filterAll')}</MenuItem>
          {LEAVE_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`leave.statuses.${s}`)}</MenuItem>)}
        </TextField>
        <Button variant="contained" startIcon={<BeachAccessIcon />} onClick={() => setRequesting(true)}>{t('leave.requestFor')}</Button>
      </Stack>
      {list.error ? <Alert severity="error">{displayError(t, list.error)}</Alert> : list.data && list.data.totalRecords === 0 && !status && !requestId ? (
        <EmptyState Icon={BeachAccessIcon} title={t('leave.noRequests')} body={t('leave.noRequestsBody')} />
      ) : (
        <Card>
          <DataTable<TLeaveRequest>
            label={t('leave.tabs.requests')}
            rows={list.data?.rows ?? []}
            getRowId={(r) => r._id}
            columns={columns}
            loading={list.isFetching}
            paginationMode="server"
            rowCount={list.data?.totalRecords ?? 0}
            paginationModel={pageModel}
            onPaginationModelChange={setPageModel}
          />
        </Card>
      )}
      <FormDialog open={declining !== null} title={t('leave.declineTitle')} description={declining ? `${declining.employeeName} · ${leaveTypeName(t, declining.type)} · ${fmt(declining.startDate)} – ${fmt(declining.endDate)}` : undefined} submitLabel={t('leave.decline')} busy={decide.isPending} error={error} onSubmit={onDecline} onClose={() => setDeclining(null)}>
        <TextField label={t('leave.declineReason')} value={reason} onChange={(e) => setReason(e.target.value)} required multiline minRows={2} autoFocus />
      </FormDialog>
      <LeaveRequestDialog open={requesting} onClose={() => setRequesting(false)} employees={employees} />
    </Stack>
  );
};

/** HR asks for leave on an employee's behalf (the portal has its own form). */
export const LeaveRequestDialog = ({ open, onClose, employees, employeeId: fixedEmployee, request, typeNames: givenTypes }: {
  open: boolean; onClose: () => void; employees?: TRosterEmployee[]; employeeId?: string; typeNames?: string[];
  request?: (v: { employeeId: string; input: { type: string; startDate: string; endDate: string; reason: string; startHalf?: 'first' | 'second' | null; endHalf?: 'first' | 'second' | null } }) => Promise<unknown>;
}) => {
  const { t } = useTranslation('time');
  const types = useLeaveTypes(!givenTypes);
  const hrRequest = useRequestLeave();
  const [form, setForm] = useState({ employeeId: '', type: 'annual', startDate: '', endDate: '', reason: '', half: 'none' as 'none' | 'startSecond' | 'endFirst' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typeNames = givenTypes ?? types.data?.map((x) => x.name) ?? [];
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const v = { employeeId: fixedEmployee ?? form.employeeId, input: {
        type: form.type, startDate: form.startDate, endDate: form.endDate, reason: form.reason,
        // Half days (issue 33): a one-day request with a half counts 0.5.
        ...(form.half === 'startSecond' ? { startHalf: 'second' as const } : form.half === 'endFirst' ? { endHalf: 'first' as const } : {}),
      } };
      await (request ? request(v) : hrRequest.mutateAsync(v));
      setForm({ ...form, startDate: '', endDate: '', reason: '', half: 'none' });
      onClose();
    } catch (e) {
      setError(displayError(t, e, { type: t('leave.type'), startDate: t('leave.startDate'), endDate: t('leave.endDate'), reason: t('common.reason') }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog open={open} title={fixedEmployee ? t('leave.request') : t('leave.requestFor')} submitLabel={t('leave.request')} busy={busy} error={error} onSubmit={onSubmit} onClose={onClose}>
      {fixedEmployee ? null : (
        <TextField select label={t('common.employee')} value={form.employeeId} onChange={(e) => setForm({ ...form, employeeId: e.target.value })} required>
          {(employees ?? []).map((e) => <MenuItem key={e._id} value={e._id}>{e.name} ({e.employeeNumber})</MenuItem>)}
        </TextField>
      )}
      <TextField select label={t('leave.type')} value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value })} required data-testid="leave-type">
        {typeNames.map((n) => <MenuItem key={n} value={n}>{leaveTypeName(t, n)}</MenuItem>)}
      </TextField>
      <TextField type="date" label={t('leave.startDate')} value={form.startDate} onChange={(e) => setForm({ ...form, startDate: e.target.value, endDate: form.endDate || e.target.value })} required slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'leave-start' } }} />
      <TextField type="date" label={t('leave.endDate')} value={form.endDate} onChange={(e) => setForm({ ...form, endDate: e.target.value })} required slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'leave-end' } }} />
      <TextField select label={t('leave.halfDay')} value={form.half} onChange={(e) => setForm({ ...form, half: e.target.value as typeof form.half })}>
        <MenuItem value="none">{t('leave.halves.none')}</MenuItem>
        <MenuItem value="startSecond">{t('leave.halves.startSecond')}</MenuItem>
        <MenuItem value="endFirst">{t('leave.halves.endFirst')}</MenuItem>
      </TextField>
      <TextField label={t('common.reason')} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} required multiline minRows={2} slotProps={{ htmlInput: { 'data-testid': 'leave-reason' } }} />
    </FormDialog>
  );
};
