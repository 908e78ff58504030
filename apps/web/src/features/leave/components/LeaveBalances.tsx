import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import type { GridColDef } from '@mui/x-data-grid';
import type { TLeaveBalancesRow } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { leaveTypeName } from '../../../shared/i18n/words.ts';
import { useBalances, useLeaveTypes } from '../api.ts';

/** Every employee's available days per leave type this year (earned + carried − taken − pending). */
export const LeaveBalances = ({ unitId }: { unitId?: string }) => {
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
    </Card>
  );
};
