import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type DataGridProps, type GridColDef, type GridColumnVisibilityModel, type GridValidRowModel } from '@mui/x-data-grid';
import { deDE, enUS, frFR } from '@mui/x-data-grid/locales';
import { DataCards, isActions } from './DataCards.tsx';
import { MONEY_CELL } from './moneyColumn.tsx';

const GRID_LOCALES = { en: enUS, de: deDE, fr: frFR } as const;

/** On a phone, the most the first column may ask for, and the widest any other kept column stays on one line. */
const PHONE_MIN_WIDTH = 130;
const PHONE_WIDE_WIDTH = 200;
/** The grid's own defaults: a column's width, a flexible column's least width, the selection checkboxes. */
const DEFAULT_WIDTH = 100;
const DEFAULT_FLEX_MIN = 50;
const CHECKBOX_WIDTH = 50;

type TProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'localeText'> & {
  label: string;
  /**
   * Where a list stays a grid on a phone (it edits cells or selects rows), the columns that phone shows (issue
   * 10). Left out, a list with row actions keeps its first column and its actions.
   */
  phoneColumns?: readonly string[];
  /**
   * The columns a wide screen never narrows or hides (issue 30), besides the first column, the row actions and
   * the `phoneColumns`: when the columns do not fit, the others narrow and then hide from the right.
   */
  keyColumns?: readonly string[];
};

/**
 * On a phone that keeps the grid, which columns show (the rest can still be shown from the toolbar's column
 * menu), or null when the list stays as on a wide screen.
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

const leastWidth = (column: GridColDef) => (column.flex ? (column.minWidth ?? DEFAULT_FLEX_MIN) : (column.width ?? DEFAULT_WIDTH));
/** How far a secondary text column may narrow (its text then ends in an ellipsis) before columns are hidden. */
const SHRINK_TO = 0.5;
const NARROWEST = 70;

export type TFit = { hidden: GridColumnVisibilityModel; widths: Record<string, number>; keysFirst?: readonly string[] };

/**
 * On a wide screen (issue 30), how the list fits `available` pixels with its key columns in view: the first
 * column, the row actions and the `keyColumns` keep their width, and so do money columns (a figure is never cut);
 * other columns narrow to half their width at most; if that is not enough the rightmost plain columns (text or
 * money, not a status or buttons the list draws itself) are hidden (the toolbar's column menu shows them again),
 * and as a last resort the key columns move to the front so they are in view while the rest scroll.
 * Columns the list hides itself stay hidden; a list that fits is left alone.
 */
export const fitColumns = <R extends GridValidRowModel>(
  columns: readonly GridColDef<R>[],
  available: number,
  { hidden = {}, keyColumns = [], extraWidth = 0 }: { hidden?: GridColumnVisibilityModel; keyColumns?: readonly string[]; extraWidth?: number } = {},
): TFit => {
  const fit: TFit = { hidden: {}, widths: {} };
  const shown = columns.filter((column) => hidden[column.field] !== false);
  const first = shown.find((column) => !isActions(column));
  const keys = new Set([...keyColumns, ...(first ? [first.field] : []), ...shown.filter(isActions).map((column) => column.field)]);
  const isFixed = (column: GridColDef<R>) => keys.has(column.field) || column.cellClassName === MONEY_CELL;
  let total = extraWidth + shown.reduce((sum, column) => sum + leastWidth(column), 0);
  if (total <= available) return fit;
  const narrowable = shown.filter((column) => !isFixed(column));
  const room = narrowable.reduce((sum, column) => sum + leastWidth(column) - Math.max(NARROWEST, Math.min(leastWidth(column), leastWidth(column) * SHRINK_TO)), 0);
  const share = room > 0 ? Math.min(1, (total - available) / room) : 0;
  for (const column of narrowable) {
    const width = leastWidth(column);
    const narrowed = Math.floor(width - (width - Math.max(NARROWEST, Math.min(width, width * SHRINK_TO))) * share);
    if (narrowed < width) fit.widths[column.field] = narrowed;
    total -= width - narrowed;
  }
  const isPlain = (column: GridColDef<R>) => !column.renderCell || column.cellClassName === MONEY_CELL;
  for (const column of [...shown].reverse()) {
    if (total <= available) break;
    if (keys.has(column.field) || !isPlain(column)) continue;
    fit.hidden[column.field] = false;
    total -= fit.widths[column.field] ?? leastWidth(column);
  }
  if (total > available) fit.keysFirst = shown.filter((column) => keys.has(column.field)).map((column) => column.field);
  return fit;
};

/** The width the list has, followed as the window changes (0 until measured: then nothing is hidden). */
const useWidth = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
};

/**
 * Every list: sort, filter, pagination and CSV export from the toolbar, in the user's language. On a wide screen
 * its key columns stay in view; on a phone each row is a card with its actions (a list that edits cells or
 * selects rows stays a grid showing its first column and actions); money columns are never cut off.
 */
export const DataTable = <R extends GridValidRowModel>({ label, sx, phoneColumns, keyColumns, columns, initialState, ...props }: TProps<R>) => {
  const { i18n } = useTranslation();
  const locale = GRID_LOCALES[(i18n.resolvedLanguage ?? 'en') as keyof typeof GRID_LOCALES] ?? enUS;
  const localeText = locale.components.MuiDataGrid.defaultProps.localeText;
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { ref, width } = useWidth();
  const [chosen, setChosen] = useState<{ isPhone: boolean; model: GridColumnVisibilityModel } | null>(null);
  const initial = initialState ?? { pagination: { paginationModel: { pageSize: 10 } } };
  const listHidden = initial.columns?.columnVisibilityModel;
  const isGridOnPhone = Boolean(props.checkboxSelection || props.processRowUpdate || columns.some((column) => column.editable));
  const isCards = isPhone && !isGridOnPhone;
  const phoneModel = useMemo(() => (isPhone && isGridOnPhone ? phoneVisibleColumns(columns, phoneColumns) : null), [isPhone, isGridOnPhone, columns, phoneColumns]);
  const fitted = useMemo(
    (): TFit => (isPhone || width === 0 ? { hidden: {}, widths: {} } : fitColumns(columns, width - 2, { hidden: listHidden, keyColumns: [...(keyColumns ?? []), ...(phoneColumns ?? [])], extraWidth: props.checkboxSelection ? CHECKBOX_WIDTH : 0 })),
    [isPhone, width, columns, listHidden, keyColumns, phoneColumns, props.checkboxSelection],
  );
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
        : (fitted.keysFirst ? [...columns].sort((a, b) => Number(fitted.keysFirst!.includes(b.field)) - Number(fitted.keysFirst!.includes(a.field))) : columns).map((column): GridColDef<R> => {
            const narrowed = fitted.widths[column.field];
            if (narrowed === undefined) return column;
            return column.flex ? { ...column, minWidth: narrowed } : { ...column, width: narrowed, minWidth: Math.min(column.minWidth ?? narrowed, narrowed) };
          }),
    [columns, phoneModel, first, wide, fitted],
  );
  const hasMoney = columns.some((column) => column.cellClassName === MONEY_CELL);
  // Rows as tall as their wrapped buttons or figures, never lower than a normal row, with their texts centred.
  const autoSx = Object.fromEntries([
    ...wide.flatMap(({ field }) => [
      ['& .MuiDataGrid-cell', { display: 'flex', alignItems: 'center', minHeight: 52 }],
      [`& .MuiDataGrid-cell[data-field="${field}"]`, { py: 0.5 }],
      [`& .MuiDataGrid-cell[data-field="${field}"] > *`, { flexWrap: 'wrap', height: 'auto', rowGap: 0.5 }],
    ]),
    ...(hasMoney
      ? [[`& .${MONEY_CELL}`, { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', minHeight: 52, py: 0.5, whiteSpace: 'normal', textOverflow: 'clip', lineHeight: 1.3 }]]
      : []),
  ]);
  if (isCards) {
    return (
      <div ref={ref}>
        <DataCards<R> label={label} columns={columns} localeText={localeText} hidden={listHidden ?? {}} initialState={initial} {...props} />
      </div>
    );
  }
  // The user's own choice from the column menu wins, on the kind of screen it was made on.
  const visibility = chosen && chosen.isPhone === isPhone ? chosen.model : (phoneModel ?? { ...listHidden, ...fitted.hidden });
  return (
    <div ref={ref}>
      <DataGrid<R>
        // Switching between phone and wide screen starts the grid afresh.
        key={phoneModel ? 'phone' : 'wide'}
        autoHeight
        showToolbar
        label={label}
        disableRowSelectionOnClick
        pageSizeOptions={[10, 25, 50, 100]}
        columns={shownColumns}
        {...(wide.length || hasMoney ? { getRowHeight: () => 'auto' as const } : {})}
        initialState={initial}
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={(model) => setChosen({ isPhone, model })}
        localeText={localeText}
        slotProps={{ toolbar: { csvOptions: { fileName: label, utf8WithBom: true }, printOptions: { disableToolbarButton: true } } }}
        sx={{ border: 0, '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' }, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 }, ...autoSx, ...sx }}
        {...props}
      />
    </div>
  );
};
