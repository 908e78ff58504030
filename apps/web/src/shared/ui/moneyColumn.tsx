import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatMinor } from '../format/money.ts';
import { displayLocale } from '../format/dates.ts';
import { Money } from './Money.tsx';

/** The class DataTable knows a money column by: its rows grow to a wrapped figure instead of clipping it. */
export const MONEY_CELL = 'bd-money-cell';

/** The currency of the whole list, or of each row (an order in its own currency). */
type TOptions<R extends GridValidRowModel> = Partial<GridColDef<R>> & { currency: string | null | ((row: R) => string | null); language: string };

/**
 * A list's money column (issue 30): the figure through `<Money />` (never cut off, `data-money` for tests), the
 * exact text in the CSV export, right-aligned. Amounts are integer minor units; `valueGetter` may sum several.
 */
export const moneyColumn = <R extends GridValidRowModel>(field: string, headerName: string, { currency, language, ...extra }: TOptions<R>): GridColDef<R> => {
  const currencyOf = (row: R) => (typeof currency === 'function' ? currency(row) : currency);
  return {
  field,
  headerName,
  type: 'number',
  minWidth: 140,
  flex: 1,
  align: 'right',
  headerAlign: 'right',
  cellClassName: MONEY_CELL,
  valueFormatter: (value: number | null, row: R) => formatMinor(value, currencyOf(row), displayLocale(language)),
  renderCell: ({ value, row }) => <Money minor={value as number | null} currency={currencyOf(row)} />,
  ...extra,
  };
};
