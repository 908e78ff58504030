import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { GridColDef } from '@mui/x-data-grid';
import type { TLeaveBalancesRow } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { leaveTypeName } from '../../../shared/i18n/words.ts';
import { useBalances, useLeaveTypes } from '../api.ts';
import { LeaveBalanceDialog } from './LeaveBalanceDialog.tsx';

/** Every employee's available days per leave type this year; a row opens the balance history (opening, accrued, adjustments, taken, carried, expired). */
export const LeaveBalances = ({ unitId }: { unitId?: string }) => {
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const { t } = useTranslation('time');
  const [pageModel, setPageModel] = useState({ page: 0, pageSize: 25 });
  const balances = useBalances({ unitId, page: pageModel.page + 1, limit: pageModel.pageSize });
  const types = useLeaveTypes();
  const columns: GridColDef<TLeaveBalancesRow>[] = [
    { field: 'employeeName', headerName: t('common.employee'), flex: 1, minWidth: 160 },
    { field: 'department', headerName: t('common.department'), width: 150, valueGetter: (v) => v ?? '—' },
    ...(types.data ?? []).map((type): GridColDef<TLeaveBalancesRow> => ({
      field: `type-${type._id}`, headerName: leaveTypeName(t, type.name), width: 150, type: 'number',
      valueGetter: (_v, r) => r.balances.find((b) => b.leaveTypeId === type._id)?.available ?? 0,
      description: t('leave.available'),
    })),
    {
      field: 'actions', headerName: '', width: 130, sortable: false, filterable: false,
      renderCell: (p) => <Button size="small" onClick={() => setOpen({ id: p.row.employeeId, name: p.row.employeeName })} aria-label={t('leave.history.openFor', { name: p.row.employeeName })}>{t('leave.history.open')}</Button>,
    },
  ];
  if (balances.error) return <Alert severity="error">{displayError(t, balances.error)}</Alert>;
  return (
    <Card>
      <DataTable<TLeaveBalancesRow>
        label={t('leave.tabs.balances')}
        rows={balances.data?.rows ?? []}
        getRowId={(r) => r.employeeId}
        columns={columns}
        loading={balances.isFetching}
        paginationMode="server"
        rowCount={balances.data?.totalRecords ?? 0}
        paginationModel={pageModel}
        onPaginationModelChange={setPageModel}
      />
      {open ? <LeaveBalanceDialog employee={open} year={new Date().getFullYear()} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
};
