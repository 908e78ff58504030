import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColDef } from '@mui/x-data-grid';
import type { TSchedule } from '@bizdesk/contract';
import { DataTable } from '../../../../shared/ui/DataTable.tsx';
import { moneyColumn } from '../../../../shared/ui/moneyColumn.tsx';
import { useCurrentUser } from '../../../../shared/session.ts';

type TRow = Record<string, string | number | null> & { _key: string };

/** A schedule's rows as the authority's form lays them out (its column labels), money in the business's currency. */
export const ScheduleRows = ({ schedule }: { schedule: TSchedule }) => {
  const { i18n } = useTranslation();
  const user = useCurrentUser();
  const columns = useMemo((): GridColDef<TRow>[] => schedule.columns.map((c) => (c.type === 'money'
    ? moneyColumn<TRow>(c.key, c.label, { currency: user.currency, language: i18n.language })
    : { field: c.key, headerName: c.label, type: c.type === 'number' ? 'number' : 'string', flex: c.key === 'name' ? 1.5 : 1, minWidth: c.type === 'number' ? 70 : 120 })),
  [schedule.columns, user.currency, i18n.language]);
  const rows = schedule.rows.map((r, i): TRow => ({ ...r.cells, _key: `${r.employeeId ?? ''}-${i}` }));
  const named = schedule.columns.some((c) => c.key === 'name') ? 'name' : schedule.columns[1]?.key ?? 'sn';
  return (
    <DataTable<TRow>
      label={schedule.title}
      rows={rows}
      columns={columns}
      getRowId={(row) => row._key}
      keyColumns={[named, schedule.amountKey]}
      phoneColumns={[named, schedule.amountKey]}
      density="compact"
      hideFooter={rows.length <= 25}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      pageSizeOptions={[25, 50, 100]}
      sx={{ mt: 2 }}
    />
  );
};
