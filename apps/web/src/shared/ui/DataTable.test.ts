import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { fitColumns, phoneVisibleColumns } from './DataTable.tsx';

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

describe('fitColumns', () => {
  const run = [col('name', { flex: 1.4, minWidth: 170 }), col('number', { minWidth: 100 }), col('gross', { flex: 1, minWidth: 140 }), col('tax', { flex: 1, minWidth: 140 }),
    col('pension', { flex: 1, minWidth: 140 }), col('net', { flex: 1, minWidth: 140 }), col('isPublished', { width: 210 })];

  it('hides nothing when the columns fit', () => {
    expect(fitColumns(run, 2000)).toEqual({});
  });

  it('at 1366 px hides secondary columns from the right, never the first, the key columns or the row actions', () => {
    expect(fitColumns(run, 960, { keyColumns: ['net', 'isPublished'] })).toEqual({ pension: false });
    expect(fitColumns([col('employee', { width: 200 }), col('reason', { width: 400 }), col('status', { width: 300 }), col('actions', { width: 210 })], 700)).toEqual({ status: false, reason: false });
  });

  it('leaves out the columns the list hides itself and counts the selection checkboxes', () => {
    expect(fitColumns([col('a', { width: 300 }), col('b', { width: 300 }), col('c', { width: 300 })], 620, { hidden: { b: false } })).toEqual({});
    expect(fitColumns([col('a', { width: 300 }), col('b', { width: 300 })], 620, { extraWidth: 50 })).toEqual({ b: false });
  });
});
