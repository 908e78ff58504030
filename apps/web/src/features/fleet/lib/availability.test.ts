import { describe, expect, it } from 'vitest';
import type { TTruckAvailability } from '@bizdesk/contract';
import { availabilityOption } from './availability.ts';

const t = (key: string, p: Record<string, unknown> = {}) => `${key}${Object.keys(p).length ? JSON.stringify(p) : ''}`;
const date = (iso: string) => `[${iso}]`;
const base: TTruckAvailability = { truckId: '00000000-0000-4000-8000-000000000001', plateNumber: 'LAG-1', model: 'Mack', state: 'free', project: null, from: null, until: null };

describe('assignment picker states (issue 34)', () => {
  it('offers a free truck', () => {
    expect(availabilityOption(base, t, date)).toEqual({ label: 'LAG-1 · Mack · fleet.availability.free', disabled: false });
  });
  it('disables a booked truck and names its project and last day', () => {
    expect(availabilityOption({ ...base, state: 'booked', project: 'Ikoyi Tower', until: '2031-03-10' }, t, date))
      .toEqual({ label: 'LAG-1 · Mack · fleet.availability.booked{"project":"Ikoyi Tower","date":"[2031-03-10]"}', disabled: true });
  });
  it('says an open assignment runs until released', () => {
    expect(availabilityOption({ ...base, state: 'booked', project: 'Lekki', until: '9999-12-31' }, t, date).label).toBe('LAG-1 · Mack · fleet.availability.bookedOpen{"project":"Lekki"}');
  });
  it('disables a truck in maintenance', () => {
    expect(availabilityOption({ ...base, state: 'in maintenance', until: '2031-03-02' }, t, date)).toMatchObject({ disabled: true, label: 'LAG-1 · Mack · fleet.availability.maintenance{"date":"[2031-03-02]"}' });
  });
});
