import { Link as RouterLink } from 'react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import AssignmentIcon from '@mui/icons-material/Assignment';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { TRequisition } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { hasRole } from '../../../shared/access.ts';
import { useDecideRequisition, useDeleteRequisition, useItems, useRequisitions } from '../../inventory/api.ts';
import { RequisitionDialog } from '../../inventory/components/RequisitionDialog.tsx';
import { RequisitionIssueDialog } from '../../inventory/components/RequisitionIssueDialog.tsx';
import { RequisitionStatus } from '../../../shared/ui/RequisitionStatus.tsx';
import { useInventoryUser } from '../../inventory/components/useInventoryUser.ts';

/** /material-requisition: requests for material, approved through the approval rules and then issued from stock. */
export const MaterialRequisitionPage = () => {
  const { t } = useTranslation('inventory');
  const { email, user, language } = useInventoryUser();
  const list = useRequisitions(email);
  const items = useItems(email);
  const decide = useDecideRequisition();
  const remove = useDeleteRequisition();
  const [adding, setAdding] = useState(false);
  const [rejecting, setRejecting] = useState<TRequisition | null>(null);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState<TRequisition | null>(null);
  const [more, setMore] = useState<{ anchor: HTMLElement; row: TRequisition } | null>(null);
  const [issuing, setIssuing] = useState<TRequisition | null>(null);
  const canApprove = hasRole(user.roles, 'Approvals-access');
  const onError = (err: unknown) => flash(displayError(t, err), 'error');

  const columns = useMemo<GridColDef<TRequisition>[]>(() => [
    { field: 'number', headerName: t('requisitions.number'), width: 130 },
    { field: 'createdAt', headerName: t('common.date'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
    { field: 'tagName', headerName: t('common.project'), width: 140 },
    { field: 'items', headerName: t('requisitions.items'), flex: 1, minWidth: 200, sortable: false, valueGetter: (v: TRequisition['items']) => v.map((l) => `${l.itemName} × ${l.quantity} ${l.unit}`).join(', ') },
    { field: 'purpose', headerName: t('common.purpose'), width: 180 },
    { field: 'requestedBy', headerName: t('requisitions.requestedBy'), width: 170, valueGetter: (v: string, row) => `${v} · ${t(`requisitions.sources.${row.source}`)}` },
    { field: 'approvals', headerName: t('requisitions.approvals'), width: 100, valueGetter: (v: number, row) => `${v}/${row.approvalsRequired}` },
    { field: 'status', headerName: t('common.status'), width: 110, renderCell: ({ row }) => <RequisitionStatus status={row.status} /> },
    {
      // Approve and issue in view; issuing from a chosen store, rejecting and deleting behind "More", so the row keeps its
      // project, items and who asked at 1280 px (issue 34 added "Issue from store").
      field: 'actions', headerName: t('common.actions'), width: 210, sortable: false, filterable: false,
      renderCell: ({ row }) => row.status === 'approved' && canApprove ? <Button size="small" variant="contained" onClick={() => setIssuing(row)}>{t('issue.open')}</Button> : row.status !== 'pending' ? null : (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {canApprove ? <Button size="small" variant="contained" onClick={() => decide.mutate({ requestId: row._id, ownerEmail: email, userId: user._id, decision: 'approved' }, { onError })}>{t('requisitions.approve')}</Button> : null}
          <IconButton size="small" aria-label={t('requisitions.moreFor', { number: row.number })} aria-haspopup="menu" onClick={(e) => setMore({ anchor: e.currentTarget, row })}><MoreVertIcon fontSize="small" /></IconButton>
        </Stack>
      ),
    },
  ], [t, language, canApprove, decide, email, user._id]);

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    if (!rejecting || !reason.trim()) return;
    decide.mutate({ requestId: rejecting._id, ownerEmail: email, userId: user._id, decision: 'rejected', reason: reason.trim() }, { onSuccess: () => setRejecting(null), onError });
  };
  const rows = list.data ?? [];
  return (
    <Box>
      <PageHeader title={t('requisitions.title')} description={t('requisitions.description')} actions={<><Button component={RouterLink} to="/purchase-requests">{t('issue.purchaseRequests')}</Button><Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>{t('requisitions.add')}</Button></>} />
      <Card>
        {list.isError ? (
          <EmptyState Icon={AssignmentIcon} title={t('common.loadFailed')} action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>} />
        ) : !list.isLoading && rows.length === 0 ? (
          <EmptyState Icon={AssignmentIcon} title={t('requisitions.emptyTitle')} body={t('requisitions.emptyBody')} />
        ) : (
          <DataTable<TRequisition> label={t('requisitions.title')} rows={rows} columns={columns} loading={list.isLoading} getRowId={(r) => r._id} columnBufferPx={2000} />
        )}
      </Card>
      <Menu anchorEl={more?.anchor ?? null} open={!!more} onClose={() => setMore(null)}>
        {canApprove ? <MenuItem onClick={() => { setIssuing(more!.row); setMore(null); }}>{t('issue.open')}</MenuItem> : null}
        {canApprove ? <MenuItem onClick={() => { setReason(''); setRejecting(more!.row); setMore(null); }}>{t('requisitions.reject')}</MenuItem> : null}
        <MenuItem onClick={() => { setDeleting(more!.row); setMore(null); }} sx={{ color: 'error.main' }}>{t('common.delete')}</MenuItem>
      </Menu>
      <RequisitionDialog open={adding} items={items.data ?? []} onClose={() => setAdding(false)} />
      <RequisitionIssueDialog requisition={issuing} items={items.data ?? []} onClose={() => setIssuing(null)} />
      <FormDialog open={!!rejecting} title={t('requisitions.rejectTitle', { number: rejecting?.number ?? '' })} submitLabel={t('requisitions.reject')} busy={decide.isPending} onSubmit={submitReject} onClose={() => setRejecting(null)}>
        <TextField label={t('requisitions.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required multiline minRows={2} autoFocus />
      </FormDialog>
      <ConfirmDialog
        open={!!deleting}
        title={t('common.confirmDelete', { name: deleting?.number ?? '' })}
        body={t('common.confirmDeleteBody')}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null), onError: (err) => { setDeleting(null); onError(err); } })}
      />
    </Box>
  );
};
