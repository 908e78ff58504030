import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/render.tsx';
import { setDateRegion } from '../../../shared/format/dates.ts';
import { setupPeopleTexts } from '../testApi.ts';
import { NotesPanel } from './NotesPanel.tsx';

const EMPLOYEE = '11111111-1111-4111-8111-111111111111';
// 23:30 UTC on 25 November: already the 26th in Lagos (UTC+1), still the 25th in Accra — and on this test machine.
const NOTE = { _id: '22222222-2222-4222-8222-222222222222', employeeId: EMPLOYEE, textData: 'Asked for a new uniform', authorName: 'Amaka Adebayo', createdAt: '2026-11-25T23:30:00.000Z' };

beforeAll(setupPeopleTexts);
afterAll(() => setDateRegion(null));

/** Issue 30: an instant is shown on the business's day and at its time, not the browser's. */
describe('a note\'s time in the business\'s time zone', () => {
  it.each([
    ['NG', 'Africa/Lagos', /26 Nov 2026,? 00:30/],
    ['GH', 'Africa/Accra', /25 Nov 2026,? 11:30\s?pm/i],
  ])('%s business (%s)', (country, zone, expected) => {
    setDateRegion(country, zone);
    renderWithApp(<NotesPanel employeeId={EMPLOYEE} notes={[NOTE]} loading={false} />);
    expect(screen.getByText(expected)).toBeInTheDocument();
    cleanup();
  });
});
