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
import {
  COMPLAINT_CATEGORIES, COMPLAINT_STATUSES, COMPLAINT_TRANSITIONS, type TComplaint, type TComplaintCategory, type TComplaintStatus, type TRosterEmployee,
} from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { useAssignComplaint, useAssignees, useComplaints, useFileComplaint, useUpdateComplaint } from '../api.ts';
import { ComplaintForm } from './ComplaintForm.tsx';

const ACTION_KEY: Record<TComplaintStatus, string> = { 'in-progress': 'complaints.start', resolved: 'complaints.resolve', reopened: 'complaints.reopen', open: 'complaints.start' };

/** HR's helpdesk: filter by status, overdue or category, file one, assign each to an HR user and move it along (resolving needs a note). */
export const ComplaintsPanel = ({ employees }: { employees: TRosterEmployee[] }) => {
  const { t, i18n } = useTranslation('time');
  const [filter, setFilter] = useState<TComplaintStatus | 'overdue' | ''>('');
  const [category, setCategory] = useState<TComplaintCategory | ''>('');
  const [pageModel, setPageModel] = useState({ page: 0, pageSize: 10 });
  const list = useComplaints({
    ...(filter === 'overdue' ? { overdue: 'true' as const } : filter ? { status: filter } : {}), ...(category ? { category } : {}),
    page: pageModel.page + 1, limit: pageModel.pageSize,
  });
  const assignees = useAssignees();
  const update = useUpdateComplaint();
  const assign = useAssignComplaint();
  const file = useFileComplaint();
  const [resolving, setResolving] = useState<TComplaint | null>(null);
  const [note, setNote] = useState('');
  const [filing, setFiling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => flash(displayError(t, e), 'error');
  const move = (c: TComplaint, status: TComplaintStatus) => {
    if (status === 'resolved') {
      setNote('');
      setError(null);
      setResolving(c);
    } else update.mutate({ complaintId: c._id, status }, { onError: fail });
  };
  const people = employees.map((e) => ({ _id: e._id, name: e.name }));
  const columns: GridColDef<TComplaint>[] = [
    { field: 'complainDetail', headerName: t('complaints.detail'), flex: 2, minWidth: 220 },
    { field: 'category', headerName: t('complaints.category'), width: 130, valueGetter: (v: TComplaintCategory) => t(`complaints.categories.${v}`) },
    { field: 'employeeName', headerName: t('complaints.from'), width: 160, valueGetter: (v, row) => (row.anonymous && !v ? t('complaints.anonymousName') : v ?? t('complaints.general')) },
    { field: 'aboutEmployeeName', headerName: t('complaints.about'), width: 150, valueGetter: (v) => v ?? '' },
    { field: 'dueDate', headerName: t('complaints.dueDate'), width: 150, renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 1 }}>
        <span>{formatDate(row.dueDate, i18n.language)}</span>
        {row.isOverdue ? <Chip size="small" color="error" label={t('complaints.overdue')} /> : null}
      </Stack>
    ) },
    { field: 'assigneeUserId', headerName: t('complaints.assignee'), width: 190, sortable: false, renderCell: ({ row }) => (
      <TextField select size="small" variant="standard" fullWidth value={row.assigneeUserId ?? ''} disabled={assign.isPending}
        slotProps={{ htmlInput: { 'aria-label': t('complaints.assignee') } }}
        onChange={(e) => assign.mutate({ id: row._id, assigneeUserId: e.target.value || null }, { onError: fail })}>
        <MenuItem value="">{t('complaints.unassigned')}</MenuItem>
        {(assignees.data ?? []).map((u) => <MenuItem key={u._id} value={u._id}>{u.userName}</MenuItem>)}
      </TextField>
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
    if (!note.trim()) {
      setError(t('complaints.fieldRequired', { field: t('complaints.resolutionNote') }));
      return;
    }
    update.mutate({ complaintId: resolving!._id, status: 'resolved', resolutionNote: note }, { onSuccess: () => setResolving(null), onError: (e) => setError(displayError(t, e)) });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField select size="small" label={t('common.status')} value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)} sx={{ minWidth: 180 }}>
            <MenuItem value="">{t('leave.filterAll')}</MenuItem>
            {COMPLAINT_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`complaints.statuses.${s}`)}</MenuItem>)}
            <MenuItem value="overdue">{t('complaints.overdue')}</MenuItem>
          </TextField>
          <TextField select size="small" label={t('complaints.category')} value={category} onChange={(e) => setCategory(e.target.value as typeof category)} sx={{ minWidth: 180 }}>
            <MenuItem value="">{t('complaints.allCategories')}</MenuItem>
            {COMPLAINT_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{t(`complaints.categories.${c}`)}</MenuItem>)}
          </TextField>
        </Stack>
        <Button variant="contained" startIcon={<FeedbackIcon />} onClick={() => { setError(null); setFiling(true); }}>{t('complaints.file')}</Button>
      </Stack>
      {list.error ? <Alert severity="error">{displayError(t, list.error)}</Alert> : list.data && list.data.totalRecords === 0 && !filter && !category ? (
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
      <ComplaintForm open={filing} onClose={() => setFiling(false)} busy={file.isPending} error={error} people={people} complainants={people}
        onSubmit={(draft) => file.mutate(draft, { onSuccess: () => setFiling(false), onError: (e) => setError(displayError(t, e)) })} />
    </Stack>
  );
};
