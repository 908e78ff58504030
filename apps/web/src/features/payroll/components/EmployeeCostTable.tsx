import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TEmployeeCost, TPaySummary } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { useEmployeeCosts } from '../api.ts';

type TMonthTotals = TPaySummary['months'][number];

/**
 * Each employee's cost to the employer in a month's run (gross pay with allowances and overtime + employer
 * contributions), a page at a time from the server (hundreds of staff), cards on a phone, and the month's totals
 * under the list (the same stored lines summed, so the rows of every page add up to them).
 */
export const EmployeeCostTable = ({ month, currency, totals }: { month: string; currency: string | null; totals: TMonthTotals | null }) => {
  const { t, i18n } = useTranslation('pay');
  const language = i18n.language;
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [pagedMonth, setPagedMonth] = useState(month);
  // Another month starts at its first page.
  if (pagedMonth !== month) {
    setPagedMonth(month);
    setPaging((p) => ({ ...p, page: 0 }));
  }
  const costs = useEmployeeCosts(month, paging.page + 1, paging.pageSize);
  const columns = useMemo<GridColDef<TEmployeeCost>[]>(() => {
    const amount = (field: keyof TEmployeeCost, header: string) => moneyColumn<TEmployeeCost>(field, header, { currency, language, sortable: false });
    return [
      { field: 'name', headerName: t('common.employee'), flex: 1.4, minWidth: 170, sortable: false },
      { field: 'employeeNumber', headerName: t('common.number'), minWidth: 100, sortable: false },
      { field: 'department', headerName: t('common.department'), flex: 1, minWidth: 130, sortable: false, valueGetter: (_v, row) => row.department ?? t('summary.noDepartment') },
      amount('grossPayMinor', t('summary.columns.grossPay')),
      amount('employerMinor', t('summary.columns.employer')),
      amount('employerCostMinor', t('summary.columns.cost')),
    ];
  }, [t, currency, language]);
  return (
    <>
      <DataTable<TEmployeeCost>
        label={`${t('summary.perEmployee')} ${month}`}
        rows={costs.data?.rows ?? []}
        columns={columns}
        keyColumns={['name', 'employerCostMinor']}
        getRowId={(row) => row._id}
        loading={costs.isFetching}
        paginationMode="server"
        rowCount={costs.data?.totalRecords ?? 0}
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      />
      {totals && totals.employees > 0 ? (
        <Box role="group" data-testid="employee-cost-totals" aria-label={t('summary.totalsRow', { count: totals.employees })}
          sx={{ px: 2, py: 1.5, borderTop: 2, borderColor: 'divider', display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))' }, alignItems: 'end' }}>
          <Typography sx={{ fontWeight: 700 }}>{t('summary.totalsRow', { count: totals.employees })}</Typography>
          {([['grossPay', totals.grossPayMinor], ['employer', totals.employerMinor], ['cost', totals.employerCostMinor]] as const).map(([key, minor]) => (
            <Box key={key} sx={{ minWidth: 0, display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, justifyContent: 'space-between', gap: 1, textAlign: 'right' }}>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'left' }}>{t(`summary.columns.${key}`)}</Typography>
              <Typography sx={{ fontWeight: 700, minWidth: 0 }} data-testid={`employee-cost-total-${key}`}><Money minor={minor} currency={currency} /></Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </>
  );
};
