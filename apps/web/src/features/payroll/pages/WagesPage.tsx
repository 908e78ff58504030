import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import EditIcon from '@mui/icons-material/EditOutlined';
import AddCardIcon from '@mui/icons-material/AddCardOutlined';
import SavingsIcon from '@mui/icons-material/SavingsOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAddOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import type { TPaySettings } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatMinor, majorTextToMinor, parseMoneyInput } from '../../../shared/format/money.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { downloadFile, thisMonth, useBulkUpload, usePaySettings, useSaveSettings } from '../api.ts';
import type { TBulkTarget } from '../paySetupApi.ts';
import { PayDetailsImportDialog } from '../components/PayDetailsImportDialog.tsx';
import { LoanDialog, PayItemDialog, PaySettingsDialog, minorToInput } from '../components/PayDialogs.tsx';
import { PayRulesCard } from '../components/PayRulesCard.tsx';
import { BulkAssignStructureDialog } from '../../structures/components/BulkAssignStructureDialog.tsx';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';

/**
 * Below this width the bank columns start hidden (the column menu shows them; the pay settings dialog
 * has them), so the row actions stay on screen beside the 280 px navigation.
 */
const ROOM_FOR_BANK = '(min-width:1440px)';
const BANK_HIDDEN = { bankName: false, accountNumber: false };

type TOpen = { kind: 'edit' | 'items' | 'loan'; row: TPaySettings } | { kind: 'bulk' } | { kind: 'assign' } | { kind: 'import' } | null;

/** /wages: every employee's pay settings, edited in place (gross, pay day), in a dialog, or for many at once. */
export const WagesPage = () => {
  const { t, i18n } = useTranslation('pay');
  const roomForBank = useMediaQuery(ROOM_FOR_BANK, { noSsr: true });
  const user = useCurrentUser();
  const currency = user.currency;
  const language = i18n.language;
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [open, setOpen] = useState<TOpen>(null);
  const list = usePaySettings(paging.page + 1, paging.pageSize, search);
  const save = useSaveSettings();
  const bulk = useBulkUpload();
  const selectedIds = [...selection.ids].map(String);
  const totalRecords = list.data?.totalRecords ?? 0;
  // The header's "select all" ticks every row of the list, on every page: the grid then names the rows left out.
  const isAllSelected = selection.type === 'exclude';
  const selectedCount = isAllSelected ? Math.max(0, totalRecords - selection.ids.size) : selection.ids.size;
  const bulkTarget: TBulkTarget = isAllSelected ? { selectAll: true, ...(search ? { search } : {}), excludedIds: selectedIds } : { employeeIds: selectedIds };
  // The run takes "all" or a list of ids: the whole list but some rows can only be put on it by ticking them.
  const canAddToRun = isAllSelected ? selection.ids.size === 0 && !search && selectedCount > 0 : selectedIds.length > 0;
  const onExport = (format: 'csv' | 'xlsx') => downloadFile('/payroll/pay-details/export', { query: { format }, fallbackName: `pay-details.${format}` })
    .catch((e) => flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error'));

  const columns = useMemo<GridColDef<TPaySettings>[]>(() => [
    { field: 'name', headerName: t('common.employee'), flex: 1.4, minWidth: 180, sortable: false },
    { field: 'employeeNumber', headerName: t('common.number'), minWidth: 110, sortable: false },
    { field: 'department', headerName: t('common.department'), flex: 1, minWidth: 130, sortable: false, valueFormatter: (v: string | null) => v ?? t('common.none') },
    {
      field: 'grossIncomeMinor', headerName: t('fields.grossIncome'), minWidth: 170, editable: true, sortable: false, align: 'right', headerAlign: 'right',
      // Edited as major-unit text in the user's language; shown formatted.
      valueGetter: (v: number | null) => minorToInput(v),
      valueFormatter: (v: string) => (v ? formatMinor(majorTextToMinor(v), currency, language) : t('wages.notSet')),
    },
    { field: 'payDay', headerName: t('fields.payDay'), minWidth: 90, editable: true, type: 'number', sortable: false },
    { field: 'bankName', headerName: t('fields.bankName'), minWidth: 120, sortable: false, valueFormatter: (v: string | null) => v ?? t('common.none') },
    { field: 'accountNumber', headerName: t('fields.accountNumber'), minWidth: 130, sortable: false, valueFormatter: (v: string | null) => v ?? t('common.none') },
    {
      field: 'actions', headerName: t('common.actions'), minWidth: 150, sortable: false, filterable: false, disableExport: true,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: 1 }}>
          <Tooltip title={t('wages.editPay')}><IconButton size="small" aria-label={`${t('wages.editPay')}: ${row.name}`} onClick={() => setOpen({ kind: 'edit', row })}><EditIcon fontSize="small" /></IconButton></Tooltip>
          <Tooltip title={t('wages.items')}><IconButton size="small" aria-label={`${t('wages.items')}: ${row.name}`} onClick={() => setOpen({ kind: 'items', row })}><AddCardIcon fontSize="small" /></IconButton></Tooltip>
          <Tooltip title={t('wages.addLoan')}><IconButton size="small" aria-label={`${t('wages.addLoan')}: ${row.name}`} onClick={() => setOpen({ kind: 'loan', row })}><SavingsIcon fontSize="small" /></IconButton></Tooltip>
        </Stack>
      ),
    },
  ], [t, currency, language]);

  /** An in-place edit of the gross or the pay day, saved at once; a refused value keeps the old one and says why. */
  const processRowUpdate = async (next: TPaySettings & { grossIncomeMinor: unknown }, prev: TPaySettings) => {
    const body: Record<string, unknown> = {};
    if (next.grossIncomeMinor !== prev.grossIncomeMinor) {
      const text = String(next.grossIncomeMinor ?? '');
      if (text !== minorToInput(prev.grossIncomeMinor)) {
        const typed = parseMoneyInput(text, language);
        if (typed === null) throw new Error(t('wages.invalidAmount'));
        body.grossIncome = typed;
      }
    }
    if (next.payDay !== prev.payDay && next.payDay !== null) body.payDay = Number(next.payDay);
    if (Object.keys(body).length === 0) return prev;
    return (await save.mutateAsync({ id: prev.employeeId, body })).data;
  };

  const rows = list.data?.rows ?? [];
  const isEmpty = !list.isLoading && !search && (list.data?.totalRecords ?? 0) === 0;
  return (
    <>
      <PageHeader
        title={t('wages.title')}
        description={t('wages.description')}
        actions={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen({ kind: 'import' })} data-testid="wages-import">{t('setup.importDetails')}</Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void onExport('xlsx')} data-testid="wages-export">{t('setup.exportDetails')}</Button>
            <Button variant="outlined" startIcon={<PlaylistAddIcon />} disabled={!canAddToRun || bulk.isPending} data-testid="wages-add-to-run"
              onClick={() => bulk.mutateAsync(isAllSelected ? { selectAll: true, month: thisMonth() } : { selectedEmployeeIds: selectedIds, month: thisMonth() }).catch((err) => flash(displayError(t, err), 'error'))}>
              {t('wages.addToRun', { count: selectedCount, month: thisMonth() })}
            </Button>
            <Button variant="outlined" startIcon={<AccountTreeIcon />} disabled={selectedCount === 0} onClick={() => setOpen({ kind: 'assign' })} data-testid="wages-assign-structure">{t('wages.assignStructure', { count: selectedCount })}</Button>
            <Button variant="contained" startIcon={<GroupsIcon />} disabled={selectedCount === 0} onClick={() => setOpen({ kind: 'bulk' })} data-testid="wages-bulk-set">{t('wages.bulkSet', { count: selectedCount })}</Button>
          </Stack>
        }
      />
      <Stack sx={{ mb: 3 }}>
        <PayRulesCard />
      </Stack>
      {isEmpty ? (
        <EmptyState Icon={GroupsIcon} title={t('wages.emptyTitle')} body={t('wages.emptyBody')} />
      ) : (
        <Card>
          <Stack sx={{ p: 2 }}>
            <TextField size="small" label={t('common.search')} value={search} onChange={(e) => { setSearch(e.target.value); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ maxWidth: 360 }} slotProps={{ htmlInput: { 'data-testid': 'wages-search' } }} />
          </Stack>
          <DataTable<TPaySettings>
            label={t('wages.title')}
            rows={rows}
            columns={columns}
            getRowId={(r) => r.employeeId}
            loading={list.isFetching}
            paginationMode="server"
            rowCount={list.data?.totalRecords ?? 0}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            checkboxSelection
            keepNonExistentRowsSelected
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            processRowUpdate={processRowUpdate}
            onProcessRowUpdateError={(err) => flash(displayError(t, err), 'error')}
            initialState={{ pagination: { paginationModel: { pageSize: 25 } }, ...(roomForBank ? {} : { columns: { columnVisibilityModel: BANK_HIDDEN } }) }}
          />
        </Card>
      )}
      {open?.kind === 'edit' ? <PaySettingsDialog open title={t('wages.editTitle', { name: open.row.name })} settings={open.row} employeeIds={[open.row.employeeId]} currency={currency} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'bulk' ? (
        <PaySettingsDialog open title={t('wages.bulkTitle', { count: selectedCount })} description={t('wages.bulkDescription')} settings={null} employeeIds={selectedIds} bulkTarget={bulkTarget} currency={currency}
          onClose={() => setOpen(null)} />
      ) : null}
      <BulkAssignStructureDialog open={open?.kind === 'assign'} count={selectedCount} target={bulkTarget} onClose={() => setOpen(null)} />
      <PayDetailsImportDialog open={open?.kind === 'import'} onClose={() => setOpen(null)} />
      {open?.kind === 'items' ? <PayItemDialog open employee={{ id: open.row.employeeId, name: open.row.name }} currency={currency} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'loan' ? <LoanDialog open employee={{ id: open.row.employeeId, name: open.row.name }} currency={currency} onClose={() => setOpen(null)} /> : null}
    </>
  );
};
