import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import type { GridColDef } from '@mui/x-data-grid';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import type { TEnergyEntry } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { useInventoryUser } from '../../inventory/components/useInventoryUser.ts';
import { useEnergyUsage } from '../energyApi.ts';

/** /energy-movement: every fuel and power entry, newest first. */
export const EnergyMovementPage = () => {
  const { t, i18n } = useTranslation('inventory');
  const { email, money, language } = useInventoryUser();
  const usage = useEnergyUsage(email);
  const columns = useMemo<GridColDef<TEnergyEntry>[]>(() => [
    { field: 'date', headerName: t('common.date'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
    { field: 'tagName', headerName: t('common.project'), flex: 1, minWidth: 140 },
    { field: 'kind', headerName: t('energy.kind'), width: 110, valueGetter: (v: string) => t(`energy.kinds.${v}`) },
    { field: 'quantity', headerName: t('energy.totalQuantity'), width: 130, valueGetter: (v: number, row) => `${v.toLocaleString(i18n.language)} ${t(`energy.units.${row.unit}`)}` },
    { field: 'expensesMinor', headerName: t('energy.totalCost'), type: 'number', width: 150, valueFormatter: (v: number) => money(v) },
    { field: 'costPerUnitMinor', headerName: t('energy.costPerUnit'), type: 'number', width: 140, valueFormatter: (v: number) => money(v) },
    { field: 'manager', headerName: t('energy.manager'), width: 150 },
    { field: 'recordedBy', headerName: t('energy.recordedBy'), width: 150 },
  ], [t, money, language]);
  const rows = usage.data ?? [];
  return (
    <Box>
      <PageHeader title={t('energy.movementTitle')} description={t('energy.movementDescription')} />
      <Card>
        {!usage.isLoading && rows.length === 0
          ? <EmptyState Icon={LocalGasStationIcon} title={t('energy.emptyTitle')} body={t('energy.emptyBody')} />
          : <DataTable<TEnergyEntry> label={t('energy.movementTitle')} rows={rows} columns={columns} loading={usage.isLoading} getRowId={(r) => r._id}
            columnBufferPx={2000} />}
      </Card>
    </Box>
  );
};
