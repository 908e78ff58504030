import { describe, expect, it } from 'vitest';
import { canAccessPath, canChangeLogo, normalizeRoles, requiredRoleFor } from './access.ts';

describe('area access', () => {
  it('names the role of each area by its first path segment', () => {
    expect(requiredRoleFor('/employee')).toBe('HR-access');
    expect(requiredRoleFor('/employee-update/42')).toBe('HR-access');
    expect(requiredRoleFor('/manage-po')).toBe('Procurement-access');
    expect(requiredRoleFor('/tax-filling')).toBe('Accounts-access');
    expect(requiredRoleFor('/inventory/a@b.co/site-1')).toBe('Inventory-access');
    expect(requiredRoleFor('/user')).toBe('Settings-access');
    expect(requiredRoleFor('/projects/default')).toBe('Projects-access');
    expect(requiredRoleFor('/management-project-summary/ops')).toBe('Management-access');
    expect(requiredRoleFor('/energy-movement')).toBe('Tracker-access');
    expect(requiredRoleFor('/')).toBeNull();
    expect(requiredRoleFor('/profile')).toBeNull();
  });

  it('lets the owner through everywhere and others only with the role', () => {
    expect(canAccessPath(['owner'], '/salary')).toBe(true);
    expect(canAccessPath(['HR-access'], '/salary')).toBe(false);
    expect(canAccessPath('Accounts-access', '/salary')).toBe(true);
    expect(canAccessPath([], '/')).toBe(true);
  });

  it('treats a single role as a list and lets owner or Settings-access change the logo', () => {
    expect(normalizeRoles('owner')).toEqual(['owner']);
    expect(normalizeRoles(undefined)).toEqual([]);
    expect(canChangeLogo('owner')).toBe(true);
    expect(canChangeLogo(['Settings-access'])).toBe(true);
    expect(canChangeLogo(['HR-access'])).toBe(false);
  });
});
