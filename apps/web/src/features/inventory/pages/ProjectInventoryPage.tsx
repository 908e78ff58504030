import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import type { GridColDef } from '@mui/x-data-grid';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { TPerItem } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { usePerItem, useProjectItems } from '../api.ts';
import { StockState } from '../components/StockState.tsx';
import { useInventoryUser } from '../components/useInventoryUser.ts';

type TRow = TPerItem & { reorderLevel: number; isAtReorderLevel: boolean };

/** /inventory/{email}/{selectTag}: one project's stock; a failed fetch shows an empty list (spec 02 §4). */
export const ProjectInventoryPage = () => {
  const { t } = useTranslation('inventory');
  const { money } = useInventoryUser();
  const { email = '', selectTag = '' } = useParams();
  const items = useProjectItems(email, selectTag);
  const moved = usePerItem(email, selectTag);
  const rows: TRow[] = (items.data ?? []).map((i) => {
    const m = moved.data?.find((x) => x._id === i._id);
    return { _id: i._id, name: i.name, unit: i.unit, quantity: i.quantity, stockValueMinor: i.stockValueMinor, received: m?.received ?? 0, issued: m?.issued ?? 0, used: m?.used ?? 0, reorderLevel: i.reorderLevel, isAtReorderLevel: i.isAtReorderLevel };
  });
  const columns = useMemo<GridColDef<TRow>[]>(() => [
    { field: 'name', headerName: t('items.name'), flex: 1, minWidth: 160 },
    { field: 'quantity', headerName: t('common.quantity'), type: 'number', width: 130, valueFormatter: (v: number, row) => `${v} ${row.unit}` },
    { field: 'isAtReorderLevel', headerName: t('items.state'), width: 130, renderCell: ({ row }) => <StockState item={row} /> },
    { field: 'received', headerName: t('project.received'), type: 'number', width: 110 },
    { field: 'issued', headerName: t('project.issued'), type: 'number', width: 110 },
    { field: 'used', headerName: t('project.used'), type: 'number', width: 110 },
    { field: 'stockValueMinor', headerName: t('items.stockValue'), type: 'number', width: 150, valueFormatter: (v: number) => money(v) },
  ], [t, money]);
  return (
    <Box>
      <PageHeader title={t('project.title', { tag: selectTag })} description={t('project.description')} />
      <Card>
        {!items.isLoading && rows.length === 0 ? (
          <EmptyState Icon={WarehouseIcon} title={t('project.emptyTitle')} body={t('project.emptyBody')} />
        ) : (
          <DataTable<TRow> label={t('project.title', { tag: selectTag })} rows={rows} columns={columns} loading={items.isLoading} getRowId={(r) => r._id}
            columnBufferPx={2000} />
        )}
      </Card>
    </Box>
  );
};
