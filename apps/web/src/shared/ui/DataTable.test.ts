import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { phoneVisibleColumns } from './DataTable.tsx';

const col = (field: string, extra: Partial<GridColDef> = {}): GridColDef => ({ field, ...extra });

describe('phoneVisibleColumns', () => {
  it('keeps the first column and the row actions of a list on a phone', () => {
    const columns = [col('name'), col('email'), col('roles'), col('actions', { type: 'actions' })];
    expect(phoneVisibleColumns(columns)).toEqual({ name: true, email: false, roles: false, actions: true });
  });

  it('counts a column named "actions" that renders its own buttons as the row actions', () => {
    expect(phoneVisibleColumns([col('name'), col('stock'), col('actions', { renderCell: () => null })])).toEqual({ name: true, stock: false, actions: true });
  });

  it('shows the columns a list names for phones', () => {
    expect(phoneVisibleColumns([col('invoiceNumber'), col('vendor'), col('pay')], ['vendor', 'pay'])).toEqual({ invoiceNumber: false, vendor: true, pay: true });
  });

  it('leaves a list without row actions as it is (it scrolls sideways)', () => {
    expect(phoneVisibleColumns([col('name'), col('total')])).toBeNull();
  });
});
