import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type DataGridProps, type GridColDef, type GridColumnVisibilityModel, type GridValidRowModel } from '@mui/x-data-grid';
import { deDE, enUS, frFR } from '@mui/x-data-grid/locales';

const GRID_LOCALES = { en: enUS, de: deDE, fr: frFR } as const;

/** On a phone, the most the first column may ask for, and the widest any other kept column stays on one line. */
const PHONE_MIN_WIDTH = 130;
const PHONE_WIDE_WIDTH = 200;

/** The row's actions: the grid's own actions column, or a column named `actions` that renders its buttons. */
const isActions = (column: GridColDef) => column.type === 'actions' || column.field === 'actions';

type TProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'localeText'> & {
  label: string;
  /**
   * The columns a phone shows (issue 10). Left out, a list with row actions keeps its first column and its
   * actions, so the actions stay on screen; a list without actions is left as it is (it scrolls sideways).
   */
  phoneColumns?: readonly string[];
};

/**
 * On a phone, which columns show (the rest can still be shown from the toolbar's column menu), or null when
 * the list stays as on a wide screen.
 */
export const phoneVisibleColumns = <R extends GridValidRowModel>(columns: readonly GridColDef<R>[], phoneColumns?: readonly string[]): GridColumnVisibilityModel | null => {
  let keep = phoneColumns;
  if (!keep) {
    const actions = columns.find(isActions);
    const first = columns.find((column) => !isActions(column));
    if (!actions || !first) return null;
    keep = [first.field, actions.field];
  }
  return Object.fromEntries(columns.map((column) => [column.field, keep.includes(column.field)]));
};

/** Every list: sort, filter, pagination and CSV export from the toolbar, in the user's language; on a phone, its actions in view. */
export const DataTable = <R extends GridValidRowModel>({ label, sx, phoneColumns, columns, initialState, ...props }: TProps<R>) => {
  const { i18n } = useTranslation();
  const locale = GRID_LOCALES[(i18n.resolvedLanguage ?? 'en') as keyof typeof GRID_LOCALES] ?? enUS;
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const phoneModel = useMemo(() => (isPhone ? phoneVisibleColumns(columns, phoneColumns) : null), [isPhone, columns, phoneColumns]);
  // On a phone the first kept column takes the width the others leave; a kept column wider than a phone allows
  // (a row of buttons) is narrowed and wraps onto more lines.
  const first = phoneModel ? columns.find((column) => phoneModel[column.field] && !isActions(column)) : undefined;
  const wide = useMemo(
    () => (phoneModel ? columns.filter((column) => phoneModel[column.field] && column !== first && (column.width ?? column.minWidth ?? 0) > PHONE_WIDE_WIDTH) : []),
    [columns, phoneModel, first],
  );
  const shownColumns = useMemo(
    () =>
      phoneModel
        ? columns.map((column): GridColDef<R> => {
            if (column === first) return { ...column, flex: 1, width: undefined, minWidth: Math.min(column.minWidth ?? column.width ?? PHONE_MIN_WIDTH, PHONE_MIN_WIDTH) };
            if (wide.includes(column)) return { ...column, width: PHONE_WIDE_WIDTH, minWidth: undefined, flex: undefined };
            return column;
          })
        : columns,
    [columns, phoneModel, first, wide],
  );
  // Rows as tall as their wrapped buttons, never lower than a normal row, with their texts centred.
  const phoneSx = Object.fromEntries(
    wide.flatMap(({ field }) => [
      ['& .MuiDataGrid-cell', { display: 'flex', alignItems: 'center', minHeight: 52 }],
      [`& .MuiDataGrid-cell[data-field="${field}"]`, { py: 0.5 }],
      [`& .MuiDataGrid-cell[data-field="${field}"] > *`, { flexWrap: 'wrap', height: 'auto', rowGap: 0.5 }],
    ]),
  );
  const initial = initialState ?? { pagination: { paginationModel: { pageSize: 10 } } };
  return (
    <DataGrid<R>
      // Visibility is initial state: switching between phone and wide screen starts the grid afresh.
      key={phoneModel ? 'phone' : 'wide'}
      autoHeight
      showToolbar
      label={label}
      disableRowSelectionOnClick
      pageSizeOptions={[10, 25, 50, 100]}
      columns={shownColumns}
      {...(wide.length ? { getRowHeight: () => 'auto' as const } : {})}
      initialState={phoneModel ? { ...initial, columns: { ...initial.columns, columnVisibilityModel: phoneModel } } : initial}
      localeText={locale.components.MuiDataGrid.defaultProps.localeText}
      slotProps={{ toolbar: { csvOptions: { fileName: label, utf8WithBom: true }, printOptions: { disableToolbarButton: true } } }}
      sx={{ border: 0, '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' }, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 }, ...phoneSx, ...sx }}
      {...props}
    />
  );
};
