import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backlogRowKey } from '@bizdesk/contract';
import { guessMapping, hashRows, normaliseDate, toCostRows } from './backlogRows.ts';

describe('backlog rows from a spreadsheet', () => {
  it('guesses the columns from common header names', () => {
    expect(guessMapping(['Date', 'Details', 'Type', 'Amount (NGN)'])).toEqual({ date: 0, description: 1, category: 2, amount: 3 });
    expect(guessMapping(['Narration', 'When', 'Cost'])).toEqual({ date: 1, description: 0, category: -1, amount: 2 });
  });

  it('reads ISO, day-first and spreadsheet serial dates, and refuses unreal ones', () => {
    expect(normaliseDate('2026-01-31')).toBe('2026-01-31');
    expect(normaliseDate('31/01/2026')).toBe('2026-01-31');
    expect(normaliseDate('46053')).toBe('2026-01-31');
    expect(normaliseDate('31/02/2026')).toBeNull();
    expect(normaliseDate('yesterday')).toBeNull();
  });

  it('turns rows into cost rows with amounts read in the user’s language, listing problem rows by sheet row number', () => {
    const { valid, problems } = toCostRows([
      ['2026-01-02', 'Diesel', 'Fuel', '1.500,50'],
      ['2026-01-03', '', 'Fuel', '10'],
      ['03/01/2026', 'Guard', '', '0'],
      ['not a date', 'Guard', 'Labour', '10'],
    ], { date: 0, description: 1, category: 2, amount: 3 }, 'de');
    expect(valid).toEqual([{ date: '2026-01-02', description: 'Diesel', category: 'Fuel', amount: '1500.50' }]);
    expect(problems).toEqual([{ row: 3, problem: 'description' }, { row: 4, problem: 'amount' }, { row: 5, problem: 'date' }]);
  });

  it('hashes rows the way the server does (SHA-256 of backlogRowKey), counting identical rows', async () => {
    const row = { date: '2026-01-02', description: 'Diesel', category: 'Fuel', amount: '1500.50' };
    const hashes = await hashRows([row, row]);
    const server = [0, 1].map((n) => createHash('sha256').update(backlogRowKey(row, n)).digest('hex'));
    expect(hashes).toEqual(server);
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});
