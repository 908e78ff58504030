import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { fitColumns, phoneVisibleColumns } from './DataTable.tsx';
import { MONEY_CELL } from './moneyColumn.tsx';

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
  const money = (field: string) => col(field, { flex: 1, minWidth: 140, cellClassName: MONEY_CELL });
  const run = [col('name', { flex: 1.4, minWidth: 170 }), col('number', { minWidth: 100 }), money('gross'), money('tax'), money('pension'), money('net'), col('isPublished', { width: 210 })];

  it('leaves a list that fits alone', () => {
    expect(fitColumns(run, 2000)).toEqual({ hidden: {}, widths: {} });
  });

  it('at 1366 px narrows secondary text columns first, keeping the first column, the row actions and money whole', () => {
    const leave = [col('employee', { width: 160 }), col('dates', { width: 220 }), col('reason', { width: 200 }), col('status', { width: 130 }), col('actions', { width: 210 })];
    expect(fitColumns(leave, 800)).toEqual({ hidden: {}, widths: { dates: 171, reason: 155, status: 103 } });
  });

  it('hides columns from the right, never the key ones, when narrowing is not enough', () => {
    expect(fitColumns(run, 960, { keyColumns: ['net', 'isPublished'] })).toEqual({ hidden: { pension: false }, widths: { number: 70 } });
    expect(fitColumns([col('employee', { width: 200 }), col('reason', { width: 400 }), col('status', { width: 300 }), col('actions', { width: 210 })], 600)).toEqual({ hidden: { status: false, reason: false }, widths: { reason: 200, status: 150 } });
  });

  it('keeps a status the list draws itself, and moves the key columns to the front when hiding is not enough', () => {
    const chip = () => null;
    expect(fitColumns([col('number', { width: 130 }), col('purpose', { width: 180 }), col('status', { width: 110, renderCell: chip }), col('actions', { width: 300 })], 520))
      .toEqual({ hidden: { purpose: false }, widths: { purpose: 90, status: 70 } });
    expect(fitColumns([col('number', { width: 300 }), col('status', { width: 300, renderCell: chip }), col('actions', { width: 300 })], 700))
      .toEqual({ hidden: {}, widths: { status: 150 }, keysFirst: ['number', 'actions'] });
  });

  it('leaves out the columns the list hides itself and counts the selection checkboxes', () => {
    expect(fitColumns([col('a', { width: 300 }), col('b', { width: 300 }), col('c', { width: 300 })], 620, { hidden: { b: false } })).toEqual({ hidden: {}, widths: {} });
    expect(fitColumns([col('a', { width: 300 }), money('b')], 400, { extraWidth: 50 })).toEqual({ hidden: { b: false }, widths: {} });
  });
});
