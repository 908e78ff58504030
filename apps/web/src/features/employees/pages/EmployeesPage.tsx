import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import SearchIcon from '@mui/icons-material/Search';
import GroupsIcon from '@mui/icons-material/Groups';
import PinDropIcon from '@mui/icons-material/PinDrop';
import PieChartIcon from '@mui/icons-material/PieChartOutline';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import OpenIcon from '@mui/icons-material/OpenInNew';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { EMPLOYEE_SORTS, type TEmployee, type TEmployeeSort } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { canSeePay } from '../../../shared/access.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { tokens } from '../../../shared/ui/tokens.ts';
import { initials } from '../../../shared/format/names.ts';
import { useUserData } from '../../users/api.ts';
import { useDeleteEmployee, useDesignations, useEmployeePage } from '../api.ts';
import { LeftChip } from '../components/ExitDialog.tsx';
import { DEFAULT_LIST_STATE, PAGE_SIZES, hasFilters, listStateFromParams, listStateToParams, type TListState } from '../listQuery.ts';
import { useDebounced } from '../useDebounced.ts';
import { ImportDialog } from '../components/ImportDialog.tsx';
import { ExportMenu } from '../components/ExportMenu.tsx';
import { departmentLabel } from '../departments.ts';
import { detailPath, updatePath } from '../paths.ts';

/** The grid's sort as the list call's `sort` and `order`; a cleared sort goes back to the default. */
export const sortFromModel = (model: GridSortModel): Pick<TListState, 'sort' | 'order'> => {
  const first = model[0];
  if (!first?.sort || !EMPLOYEE_SORTS.includes(first.field as TEmployeeSort)) return { sort: DEFAULT_LIST_STATE.sort, order: DEFAULT_LIST_STATE.order };
  return { sort: first.field as TEmployeeSort, order: first.sort };
};

/** What the page asked the address for and not seen land yet; writes are numbered in the history entry's state. */
type TAsked = { state: TListState; first: number; last: number; baseKey: string };
let listWrites = 0;

/**
 * The list's state lives in the address: search, filters, sort and page survive a reload and can be shared.
 *
 * The router writes the address after its loaders and renders it in a transition, and a click can overtake both
 * (a quick second click on a column header, or any click on a busy main thread). Renders in between can even see
 * an older address than the last one rendered. So from a change until the router has committed that change, the
 * page works from the state it asked for: otherwise the grid computes the next sort from the old one (the second
 * click asks for "ascending" again and is lost) and other updates, such as the settled search, build on a stale
 * state and undo the change. A committed navigation the page did not make (Back, a link) takes over at once.
 */
export const useListState = () => {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fromAddress = useMemo(() => listStateFromParams(params), [params]);
  const [asked, setAsked] = useState<TAsked | null>(null);
  const askedRef = useRef<TAsked | null>(null);
  const committedKey = useRef(location.key);

  // Runs for committed renders only: the location of a render that was thrown away never counts.
  useLayoutEffect(() => {
    committedKey.current = location.key;
    const pending = askedRef.current;
    if (!pending || location.key === pending.baseKey) return;
    const write = (location.state as { listWrite?: unknown } | null)?.listWrite;
    // An earlier write of this run landing: the last one is still on its way.
    if (typeof write === 'number' && write >= pending.first && write < pending.last) return;
    askedRef.current = null;
    setAsked(null);
  }, [location]);

  const state = asked?.state ?? fromAddress;
  const update = (patch: Partial<TListState>) => {
    const pending = askedRef.current;
    const next = listStateToParams({ ...(pending?.state ?? state), ...patch });
    const write = ++listWrites;
    // As the address will read it back, so the list call does not change again when the router catches up.
    const value = { state: listStateFromParams(next), first: pending?.first ?? write, last: write, baseKey: pending?.baseKey ?? committedKey.current };
    askedRef.current = value;
    setAsked(value);
    setParams(next, { replace: true, state: { listWrite: write } });
  };
  return { state, update };
};

/** Columns a phone shows: the name (with the e-mail under it) and the actions (issue 10). */
const PHONE_COLUMNS = ['name', 'actions'];
/** A department's own screen (spec 01 §2), one click from the list (issue 30). */
const departmentPath = (unit: string, dept: string) => `/department-view/${encodeURIComponent(unit)}/${encodeURIComponent(dept)}`;

/** /employee (spec 01 §2): the staff list with server-side search, filters, sort and pages; import and export. */
export const EmployeesPage = () => {
  const { t, i18n } = useTranslation('people');
  const user = useCurrentUser();
  const navigate = useNavigate();
  // A phone shows the name and actions only (PHONE_COLUMNS): the department link moves under the name there.
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { state, update } = useListState();
  const [searchText, setSearchText] = useState(state.search);
  const search = useDebounced(searchText, 300);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<TEmployee | null>(null);
  const list = useEmployeePage(user.ownerEmail, state);
  const account = useUserData(user._id);
  const designations = useDesignations(user.ownerEmail);
  const remove = useDeleteEmployee();
  const departments = useMemo(() => account.data?.departments ?? [], [account.data]);

  // Typing settles, then the search goes to the address (and from there to the server), back on page 1.
  useEffect(() => {
    if (search.trim() !== state.search.trim()) update({ search, page: 0 });
    // Only a settled search should change the address.
  }, [search]);

  const columns = useMemo<GridColDef<TEmployee>[]>(
    () => [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.4,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: 1, minWidth: 0 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: tokens.primaryLight, color: 'primary.dark' }} aria-hidden="true">
              {initials(row.name)}
            </Avatar>
            <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
              <Link component={RouterLink} to={detailPath(row._id)} sx={{ fontWeight: 600, display: 'block', lineHeight: '24px' }} noWrap>
                {row.name}
              </Link>
              {/* The name's link is 24 px high on every screen, and so is the department's link under it on a phone: each a target of its own (WCAG 2.5.8). */}
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary', lineHeight: isPhone && row.department ? '24px' : undefined }} noWrap>
                {isPhone && row.department && row.unit ? (
                  <>
                    <Link component={RouterLink} to={departmentPath(row.unit, row.department)} underline="always">
                      {row.department}
                    </Link>
                    {' · '}
                  </>
                ) : null}
                {row.exitDate ? <LeftChip exitDate={row.exitDate} /> : null}
                {row.email}
              </Typography>
            </Box>
          </Stack>
        ),
      },
      { field: 'employeeNumber', headerName: t('fields.employeeNumber'), width: 130 },
      // Sortable on its own; shown under the name by default to keep the row within the screen.
      { field: 'email', headerName: t('fields.email'), flex: 1, minWidth: 200 },
      {
        field: 'department',
        headerName: t('fields.department'),
        flex: 1,
        minWidth: 130,
        valueGetter: (value: string | null) => value ?? '—',
        // Issue 30: the department's own screen (/department-view/{unit}/{dept}) is one click from the list.
        renderCell: ({ row }) =>
          row.department && row.unit ? (
            <Link component={RouterLink} to={departmentPath(row.unit, row.department)} noWrap>
              {row.department}
            </Link>
          ) : (
            (row.department ?? '—')
          ),
      },
      { field: 'designation', headerName: t('fields.designation'), flex: 1, minWidth: 130, valueGetter: (value: string | null) => value ?? '—' },
      {
        field: 'employmentType',
        headerName: t('fields.employmentType'),
        width: 130,
        sortable: false,
        valueGetter: (value: string) => t(`employmentType.${value}`, { defaultValue: value }),
      },
      { field: 'startDate', headerName: t('fields.startDate'), width: 120, valueFormatter: (value: string) => formatDate(value, i18n.language) },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('common.actions'),
        width: 124,
        getActions: ({ row }) => [
          <GridActionsCellItem key="open" icon={<OpenIcon />} label={t('list.open')} onClick={() => void navigate(detailPath(row._id))} />,
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={t('list.edit')} onClick={() => void navigate(updatePath(row._id))} />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon color="error" />} label={t('list.delete')} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [t, i18n.language, navigate, isPhone],
  );

  const sortModel: GridSortModel = [{ field: state.sort, sort: state.order }];

  const totalRecords = list.data?.totalRecords ?? 0;
  const filtered = hasFilters(state);
  const isEmptyBusiness = !list.isLoading && !list.isError && totalRecords === 0 && !filtered && !searchText;

  const clearFilters = () => {
    setSearchText('');
    update({ search: '', departmentId: '', designationId: '', status: undefined, page: 0 });
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} data-testid="import-button">
              {t('list.import')}
            </Button>
            <ExportMenu email={user.ownerEmail} state={state} />
            <Button component={RouterLink} to="/new-employee" variant="contained" startIcon={<PersonAddIcon />} data-testid="add-employee">
              {t('list.add')}
            </Button>
          </>
        }
      />
      {list.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {displayError(t, list.error)}
        </Alert>
      ) : null}
      <Card>
        {isEmptyBusiness ? (
          <EmptyState
            Icon={GroupsIcon}
            title={t('list.emptyTitle')}
            body={t('list.emptyBody')}
            action={
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                  {t('list.import')}
                </Button>
                <Button component={RouterLink} to="/new-employee" variant="contained" startIcon={<PersonAddIcon />}>
                  {t('list.add')}
                </Button>
              </Stack>
            }
          />
        ) : (
          <>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' } }} role="search">
              <TextField
                label={t('list.searchLabel')}
                placeholder={t('list.searchPlaceholder')}
                value={searchText}
                onChange={(e) => setSearchText(e.target.value.slice(0, 100))}
                size="small"
                sx={{ flex: 2, minWidth: 220 }}
                slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
                data-testid="employee-search"
              />
              <TextField select size="small" label={t('fields.department')} value={state.departmentId} onChange={(e) => update({ departmentId: e.target.value, page: 0 })} sx={{ flex: 1, minWidth: 180 }} data-testid="filter-department">
                <MenuItem value="">{t('list.allDepartments')}</MenuItem>
                {departments.map((d) => (
                  <MenuItem key={d._id} value={d._id}>
                    {departmentLabel(d, departments)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('fields.designation')} value={state.designationId} onChange={(e) => update({ designationId: e.target.value, page: 0 })} sx={{ flex: 1, minWidth: 180 }} data-testid="filter-designation">
                <MenuItem value="">{t('list.allDesignations')}</MenuItem>
                {(designations.data ?? []).map((d) => (
                  <MenuItem key={d.value} value={d.value}>
                    {d.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('exit.statusFilter')} value={state.status ?? ''} onChange={(e) => update({ status: (e.target.value || undefined) as TListState['status'], page: 0 })} sx={{ flex: 1, minWidth: 150 }} data-testid="filter-status">
                <MenuItem value="">{t('exit.statusAll')}</MenuItem>
                <MenuItem value="current">{t('exit.statusCurrent')}</MenuItem>
                <MenuItem value="left">{t('exit.statusLeft')}</MenuItem>
              </TextField>
              <Button color="inherit" startIcon={<FilterAltOffIcon />} onClick={clearFilters} disabled={!filtered && !searchText} sx={{ flexShrink: 0 }}>
                {t('list.clearFilters')}
              </Button>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ px: 2, pb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="employee-count">
                {list.data ? t('list.count', { count: totalRecords }) : '\u00a0'}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button component={RouterLink} to="/collection/default" size="small" startIcon={<PinDropIcon />}>
                  {t('list.collectionPoints')}
                </Button>
                <Button component={RouterLink} to="/employee-summary" size="small" startIcon={<PieChartIcon />}>
                  {t('list.summary')}
                </Button>
              </Stack>
            </Stack>
            {!list.isLoading && totalRecords === 0 ? (
              <EmptyState
                Icon={SearchIcon}
                compact
                title={t('list.noMatchTitle')}
                body={t('list.noMatchBody')}
                action={
                  <Button onClick={clearFilters} startIcon={<FilterAltOffIcon />}>
                    {t('list.clearFilters')}
                  </Button>
                }
              />
            ) : (
              <DataTable<TEmployee>
                label={t('list.gridLabel')}
                showToolbar={false}
                rows={list.data?.rows ?? []}
                columns={columns}
                getRowId={(row) => row._id}
                loading={list.isFetching}
                rowHeight={60}
                phoneColumns={PHONE_COLUMNS}
                initialState={{ columns: { columnVisibilityModel: { email: false, employmentType: false } } }}
                rowCount={totalRecords}
                paginationMode="server"
                sortingMode="server"
                filterMode="server"
                disableColumnFilter
                sortingOrder={['asc', 'desc']}
                pageSizeOptions={[...PAGE_SIZES]}
                paginationModel={{ page: state.page, pageSize: state.pageSize }}
                onPaginationModelChange={(model) => update({ page: model.pageSize !== state.pageSize ? 0 : model.page, pageSize: model.pageSize })}
                sortModel={sortModel}
                onSortModelChange={(model) => update({ ...sortFromModel(model), page: 0 })}
              />
            )}
          </>
        )}
      </Card>
      <ImportDialog open={importing} onClose={() => setImporting(false)} canSetPay={canSeePay(user.roles)} />
      <ConfirmDialog
        open={!!deleting}
        destructive
        title={t('list.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('list.deleteBody', { name: deleting?.name ?? '', number: deleting?.employeeNumber ?? '' })}
        confirmLabel={t('list.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => flash(displayError(t, error), 'error'),
          });
        }}
      />
    </>
  );
};
