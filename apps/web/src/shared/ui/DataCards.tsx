import { useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import TablePagination from '@mui/material/TablePagination';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { DataGridProps, GridColDef, GridColumnVisibilityModel, GridLocaleText, GridPaginationModel, GridValidRowModel } from '@mui/x-data-grid';

/** The row's actions: the grid's own actions column, or a column named `actions` that renders its buttons. */
export const isActions = (column: GridColDef) => column.type === 'actions' || column.field === 'actions';

/** The grid's column callbacks as the cards call them: without the grid's API (no list here reads it). */
type TLooseColumn = {
  field: string;
  headerName?: string;
  type?: string;
  valueGetter?: (value: unknown, row: unknown, column: unknown, apiRef: unknown) => unknown;
  valueFormatter?: (value: unknown, row: unknown, column: unknown, apiRef: unknown) => unknown;
  renderCell?: (params: Record<string, unknown>) => ReactNode;
  getActions?: (params: Record<string, unknown>) => ReactElement<TActionProps>[];
};
type TActionProps = { label?: string; icon?: ReactElement; onClick?: (event: MouseEvent<HTMLElement>) => void; showInMenu?: boolean; disabled?: boolean };

const show = (value: unknown): ReactNode => {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return value.toLocaleDateString();
  if (typeof value === 'boolean') return value ? '✓' : '—';
  if (typeof value === 'object') return value as ReactNode;
  return String(value);
};

const RowActions = ({ actions, moreLabel }: { actions: ReactElement<TActionProps>[]; moreLabel: string }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const inline = actions.filter((a) => !a.props.showInMenu);
  const inMenu = actions.filter((a) => a.props.showInMenu);
  return (
    <>
      {inline.map((a, i) =>
        a.props.icon ? (
          <IconButton key={a.key ?? i} aria-label={a.props.label} title={a.props.label} disabled={a.props.disabled} onClick={a.props.onClick}>{a.props.icon}</IconButton>
        ) : (
          <Button key={a.key ?? i} size="small" disabled={a.props.disabled} onClick={a.props.onClick}>{a.props.label}</Button>
        ),
      )}
      {inMenu.length ? (
        <>
          <IconButton aria-label={moreLabel} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}><MoreVertIcon /></IconButton>
          <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
            {inMenu.map((a, i) => (
              <MenuItem key={a.key ?? i} disabled={a.props.disabled} onClick={(e) => { setAnchor(null); a.props.onClick?.(e); }}>
                {a.props.icon ? <ListItemIcon>{a.props.icon}</ListItemIcon> : null}
                {a.props.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </>
  );
};

type TProps<R extends GridValidRowModel> = Pick<DataGridProps<R>, 'rows' | 'columns' | 'getRowId' | 'loading' | 'paginationMode' | 'rowCount' | 'paginationModel' | 'onPaginationModelChange' | 'initialState' | 'pageSizeOptions' | 'onRowClick'> & {
  label: string;
  localeText: Partial<GridLocaleText>;
  hidden: GridColumnVisibilityModel;
};

/**
 * A list on a phone (issue 30): each row a card of "label: value" pairs with its actions, paged as the grid
 * would be. Roles table/row/cell keep it a table to assistive technology (and to the browser tests' row finders).
 */
export const DataCards = <R extends GridValidRowModel>({ label, rows = [], columns, getRowId, loading, paginationMode, rowCount, paginationModel, onPaginationModelChange, initialState, pageSizeOptions, localeText, hidden, onRowClick }: TProps<R>) => {
  const [ownPage, setOwnPage] = useState<GridPaginationModel>({ page: 0, pageSize: 10, ...initialState?.pagination?.paginationModel });
  const page = paginationModel ?? ownPage;
  const setPage = (next: GridPaginationModel) => {
    setOwnPage(next);
    onPaginationModelChange?.(next, {} as Parameters<NonNullable<typeof onPaginationModelChange>>[1]);
  };
  const isServer = paginationMode === 'server';
  const count = isServer ? (rowCount ?? rows.length) : rows.length;
  const shownRows = isServer ? rows : rows.slice(page.page * page.pageSize, (page.page + 1) * page.pageSize);
  const shown = (columns as unknown as TLooseColumn[]).filter((c) => hidden[c.field] !== false && c.field !== '__check__');
  const fields = shown.filter((c) => !isActions(c as GridColDef));
  const actionColumns = shown.filter((c) => isActions(c as GridColDef));
  const idOf = (row: R) => (getRowId ? getRowId(row) : (row as unknown as { id: string | number }).id);
  const content = (c: TLooseColumn, row: R) => {
    const value = c.valueGetter ? c.valueGetter(row[c.field], row, c, undefined) : row[c.field];
    const formattedValue = c.valueFormatter ? c.valueFormatter(value, row, c, undefined) : value;
    if (c.getActions) return <RowActions actions={c.getActions({ id: idOf(row), row, field: c.field, colDef: c })} moreLabel={localeText.actionsCellMore ?? 'more'} />;
    if (c.renderCell) return c.renderCell({ id: idOf(row), field: c.field, row, value, formattedValue, colDef: c, hasFocus: false, tabIndex: -1, cellMode: 'view', isEditable: false, rowNode: { id: idOf(row), type: 'leaf', depth: 0, parent: null, groupingKey: null } });
    return show(formattedValue);
  };
  return (
    <Box sx={{ p: 1 }}>
      {loading ? <LinearProgress sx={{ mb: 1 }} aria-label={label} /> : null}
      <Box role="table" aria-label={label} aria-busy={loading ? true : undefined}>
        <Box role="rowgroup" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
          {shownRows.map((row) => (
            <Box role="row" key={idOf(row)} data-id={idOf(row)} sx={{ minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
              {fields.map((c, i) => (
                <Box role="cell" key={c.field} data-field={c.field} sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between', alignItems: 'baseline', py: 0.25, fontWeight: i === 0 ? 600 : undefined }}>
                  <Box component="span" sx={{ color: 'text.secondary', fontSize: 13, fontWeight: 400, flexShrink: 0, maxWidth: '45%', overflowWrap: 'anywhere' }}>{c.headerName ?? c.field}</Box>{' '}
                  <Box component="span" sx={{ minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere', '& > *': { maxWidth: '100%', flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 } }}>
                    {/* A grid that opens a row on click (an order's dialog): on a card its first value is the button that opens it. */}
                    {i === 0 && onRowClick ? (
                      <Link component="button" type="button" underline="always" sx={{ fontWeight: 600, fontSize: 'inherit', textAlign: 'right', minHeight: 24 }}
                        onClick={(e: MouseEvent<HTMLButtonElement>) => onRowClick({ id: idOf(row), row, columns } as unknown as Parameters<typeof onRowClick>[0], e as unknown as Parameters<typeof onRowClick>[1], {} as Parameters<typeof onRowClick>[2])}>
                        {content(c, row)}
                      </Link>
                    ) : content(c, row)}
                  </Box>
                </Box>
              ))}
              {actionColumns.map((c) => (
                <Box role="cell" key={c.field} data-field={c.field} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', alignItems: 'center', pt: 0.5, '& > *': { height: 'auto', flexWrap: 'wrap', rowGap: 0.5 } }}>
                  {content(c, row)}
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      {!loading && shownRows.length === 0 ? <Box sx={{ p: 2, color: 'text.secondary', textAlign: 'center' }}>{localeText.noRowsLabel}</Box> : null}
      {count > page.pageSize || page.page > 0 ? (
        <TablePagination
          component="div"
          count={count}
          page={page.page}
          rowsPerPage={page.pageSize}
          rowsPerPageOptions={(pageSizeOptions ?? [10, 25, 50, 100]).map((o) => (typeof o === 'number' ? o : o.value))}
          onPageChange={(_e, next) => setPage({ ...page, page: next })}
          onRowsPerPageChange={(e) => setPage({ page: 0, pageSize: Number(e.target.value) })}
          labelRowsPerPage={localeText.paginationRowsPerPage}
          labelDisplayedRows={localeText.paginationDisplayedRows ? (p) => localeText.paginationDisplayedRows!({ ...p, estimated: undefined }) : undefined}
          getItemAriaLabel={localeText.paginationItemAriaLabel}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
        />
      ) : null}
    </Box>
  );
};
