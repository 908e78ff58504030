import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import EditIcon from '@mui/icons-material/Edit';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { setDateRegion } from '../format/dates.ts';
import { DataTable } from './DataTable.tsx';
import { moneyColumn } from './moneyColumn.tsx';
import { screenWidth } from '../../test/screenWidth.ts';

type TRow = { id: string; name: string; amountMinor: number };


const rows: TRow[] = Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, name: `Project ${i + 1}`, amountMinor: 4_500_000_000 + i }));

const renderTable = (onEdit: (row: TRow) => void, onArchive: (row: TRow) => void) => {
  const columns: GridColDef<TRow>[] = [
    { field: 'name', headerName: 'Project', flex: 1 },
    moneyColumn<TRow>('amountMinor', 'Overheads', { currency: 'NGN', language: 'en' }),
    {
      field: 'actions', type: 'actions', headerName: 'Actions',
      getActions: ({ row }) => [
        <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => onEdit(row)} />,
        <GridActionsCellItem key="archive" label="Archive" onClick={() => onArchive(row)} showInMenu />,
      ],
    },
  ];
  return renderWithApp(<DataTable<TRow> label="Projects" rows={rows} columns={columns} />);
};

beforeAll(setupI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  setDateRegion(null);
});

describe('DataTable on a phone', () => {
  it('shows each row as a card of label and value pairs, its money in full, with the row actions', async () => {
    screenWidth(390);
    setDateRegion('NG');
    const onEdit = vi.fn();
    const onArchive = vi.fn();
    renderTable(onEdit, onArchive);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Projects' });
    const cards = within(table).getAllByRole('row');
    expect(cards).toHaveLength(10);
    const first = cards[0]!;
    expect(within(first).getByRole('cell', { name: 'Project Project 1' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'Overheads ₦45,000,000.00' }).querySelector('[data-money]')?.getAttribute('data-money')).toBe('4500000000');
    await userEvent.click(within(first).getByRole('button', { name: 'Edit Project 1' }));
    expect(onEdit).toHaveBeenCalledWith(rows[0]);
    await userEvent.click(within(first).getByRole('button', { name: 'more' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(onArchive).toHaveBeenCalledWith(rows[0]);
  });

  it('opens a row from its card when the grid opens rows on click: the first value is the button', async () => {
    screenWidth(390);
    const onRowClick = vi.fn();
    renderWithApp(<DataTable<TRow> label="Projects" rows={rows} columns={[{ field: 'name', headerName: 'Project', flex: 1 }]} onRowClick={({ row }) => onRowClick(row)} />);
    const first = within(screen.getByRole('table', { name: 'Projects' })).getAllByRole('row')[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Project 1' }));
    expect(onRowClick).toHaveBeenCalledWith(rows[0]);
  });

  it('pages the cards as the grid would', async () => {
    screenWidth(390);
    renderTable(vi.fn(), vi.fn());
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    const cards = within(screen.getByRole('table', { name: 'Projects' })).getAllByRole('row');
    expect(cards.map((card) => within(card).getAllByRole('cell')[0]!.textContent)).toEqual(['Project Project 11', 'Project Project 12']);
  });

  it('stays a grid on a wide screen', () => {
    screenWidth(1366);
    renderTable(vi.fn(), vi.fn());
    expect(screen.getByRole('grid', { name: 'Projects' })).toBeInTheDocument();
  });
});
