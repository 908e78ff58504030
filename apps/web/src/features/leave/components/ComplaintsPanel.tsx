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
import FeedbackIcon from '@mui/icons-material/FeedbackOutlined';
import { COMPLAINT_STATUSES, COMPLAINT_TRANSITIONS, type TComplaint, type TComplaintStatus, type TRosterEmployee } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { useComplaints, useFileComplaint, useUpdateComplaint } from '../api.ts';

const ACTION_KEY: Record<TComplaintStatus, string> = { 'in-progress': 'complaints.start', resolved: 'complaints.resolve', reopened: 'complaints.reopen', open: 'complaints.start' };

/** HR's complaints: filter by status or overdue, file one, and move each along (resolving needs a note). */
export const ComplaintsPanel = ({ employees }: { employees: TRosterEmployee[] }) => {
  const { t, i18n } = useTranslation('time');
  const [filter, setFilter] = useState<TComplaintStatus | 'overdue' | ''>('');
  const [pageModel, setPageModel] = useState({ page: 0, pageSize: 10 });
  const list = useComplaints({ ...(filter === 'overdue' ? { overdue: 'true' as const } : filter ? { status: filter } : {}), page: pageModel.page + 1, limit: pageModel.pageSize });
  const update = useUpdateComplaint();
  const file = useFileComplaint();
  const [resolving, setResolving] = useState<TComplaint | null>(null);
  const [note, setNote] = useState('');
  const [filing, setFiling] = useState(false);
  const [form, setForm] = useState({ complainDetail: '', dueDate: '', employeeId: '' });
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => flash(displayError(t, e), 'error');
  const move = (c: TComplaint, status: TComplaintStatus) => {
    if (status === 'resolved') {
      setNote('');
      setError(null);
      setResolving(c);
    } else update.mutate({ complaintId: c._id, status }, { onError: fail });
  };
  const columns: GridColDef<TComplaint>[] = [
    { field: 'complainDetail', headerName: t('complaints.detail'), flex: 2, minWidth: 220 },
    { field: 'employeeName', headerName: t('common.employee'), width: 160, valueGetter: (v) => v ?? t('complaints.general') },
    { field: 'dueDate', headerName: t('complaints.dueDate'), width: 150, renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 1 }}>
        <span>{formatDate(row.dueDate, i18n.language)}</span>
        {row.isOverdue ? <Chip size="small" color="error" label={t('complaints.overdue')} /> : null}
      </Stack>
    ) },
    { field: 'status', headerName: t('common.status'), width: 130, valueGetter: (v: TComplaintStatus) => t(`complaints.statuses.${v}`) },
    { field: 'resolutionNote', headerName: t('complaints.resolutionNote'), flex: 1, minWidth: 150, valueGetter: (v) => v ?? '' },
    { field: 'actions', headerName: t('common.actions'), width: 220, sortable: false, filterable: false, renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 1 }}>
        {COMPLAINT_TRANSITIONS[row.status].map((s) => <Button key={s} size="small" disabled={update.isPending} onClick={() => move(row, s)}>{t(ACTION_KEY[s])}</Button>)}
      </Stack>
    ) },
  ];
  const onResolve = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ complaintId: resolving!._id, status: 'resolved', resolutionNote: note }, { onSuccess: () => setResolving(null), onError: (e) => setError(displayError(t, e)) });
  };
  const onFile = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    file.mutate({ complainDetail: form.complainDetail, dueDate: form.dueDate, ...(form.employeeId ? { employeeId: form.employeeId } : {}) }, {
      onSuccess: () => { setFiling(false); setForm({ complainDetail: '', dueDate: '', employeeId: '' }); },
      onError: (e) => setError(displayError(t, e)),
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <TextField select size="small" label={t('common.status')} value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('leave.filterAll')}</MenuItem>
          {COMPLAINT_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`complaints.statuses.${s}`)}</MenuItem>)}
          <MenuItem value="overdue">{t('complaints.overdue')}</MenuItem>
        </TextField>
        <Button variant="contained" startIcon={<FeedbackIcon />} onClick={() => { setError(null); setFiling(true); }}>{t('complaints.file')}</Button>
      </Stack>
      {list.error ? <Alert severity="error">{displayError(t, list.error)}</Alert> : list.data && list.data.totalRecords === 0 && !filter ? (
        <EmptyState Icon={FeedbackIcon} title={t('complaints.empty')} body={t('complaints.emptyBody')} />
      ) : (
        <Card>
          <DataTable<TComplaint> label={t('complaints.title')} rows={list.data?.rows ?? []} getRowId={(r) => r._id} columns={columns} loading={list.isFetching}
            paginationMode="server" rowCount={list.data?.totalRecords ?? 0} paginationModel={pageModel} onPaginationModelChange={setPageModel} />
        </Card>
      )}
      <FormDialog open={resolving !== null} title={t('complaints.resolveTitle')} description={resolving?.complainDetail} submitLabel={t('complaints.resolve')} busy={update.isPending} error={error} onSubmit={onResolve} onClose={() => setResolving(null)}>
        <TextField label={t('complaints.resolutionNote')} value={note} onChange={(e) => setNote(e.target.value)} required multiline minRows={2} autoFocus />
      </FormDialog>
      <ComplaintForm open={filing} onClose={() => setFiling(false)} onSubmit={onFile} busy={file.isPending} error={error} form={form} setForm={setForm} employees={employees} />
    </Stack>
  );
};

type TForm = { complainDetail: string; dueDate: string; employeeId: string };
/** The filing form, shared by HR (who may name an employee) and the portal. */
export const ComplaintForm = ({ open, onClose, onSubmit, busy, error, form, setForm, employees }: {
  open: boolean; onClose: () => void; onSubmit: (e: FormEvent<HTMLFormElement>) => void; busy: boolean; error: string | null; form: TForm; setForm: (f: TForm) => void; employees?: TRosterEmployee[];
}) => {
  const { t } = useTranslation('time');
  return (
    <FormDialog open={open} title={t('complaints.file')} submitLabel={t('complaints.file')} busy={busy} error={error} onSubmit={onSubmit} onClose={onClose}>
      {employees ? (
        <TextField select label={t('common.employee')} value={form.employeeId} onChange={(e) => setForm({ ...form, employeeId: e.target.value })}>
          <MenuItem value="">{t('complaints.general')}</MenuItem>
          {employees.map((e) => <MenuItem key={e._id} value={e._id}>{e.name}</MenuItem>)}
        </TextField>
      ) : null}
      <TextField label={t('complaints.detail')} value={form.complainDetail} onChange={(e) => setForm({ ...form, complainDetail: e.target.value })} required multiline minRows={3} slotProps={{ htmlInput: { 'data-testid': 'complaint-detail' } }} />
      <TextField type="date" label={t('complaints.dueDate')} value={form.dueDate} onChange={(e) => setForm({ ...form, dueDate: e.target.value })} required slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'complaint-due' } }} />
    </FormDialog>
  );
};
