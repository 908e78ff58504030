import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TPortalSession } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { SiteLayout } from '../../site/components/SiteLayout.tsx';
import { endPortalSession, startPortalSession } from '../portalSession.ts';

setupScreenTests();
afterEach(() => endPortalSession('portal'));

describe('employee-facing pages (payslip, appraisal form)', () => {
  it('show no marketing header or footer on the payslip and the appraisal form', () => {
    for (const route of ['/payroll/11111111-1111-4111-8111-111111111111', '/appraisal/some-token']) {
      const { unmount } = renderWithApp(<SiteLayout />, { route });
      expect(screen.queryByRole('navigation', { name: 'Site navigation', hidden: true })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Get started', hidden: true })).not.toBeInTheDocument();
      expect(screen.queryByRole('contentinfo', { hidden: true })).not.toBeInTheDocument();
      expect(screen.getAllByRole('main')).toHaveLength(1);
      // Not opened from the portal: no way back to it.
      expect(screen.queryByRole('link', { name: 'Back to the portal' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('lead back to the portal when the portal is signed in', () => {
    startPortalSession('portal-token', { employee: { _id: 'e1' }, business: {}, pinSet: true } as unknown as TPortalSession);
    renderWithApp(<SiteLayout />, { route: '/payroll/11111111-1111-4111-8111-111111111111' });
    expect(screen.getByRole('link', { name: 'Back to the portal' })).toHaveAttribute('href', '/portal');
  });

  it('keeps the marketing header on the public site pages', () => {
    renderWithApp(<SiteLayout />, { route: '/terms' });
    expect(screen.getByRole('navigation', { name: 'Site navigation', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toBeInTheDocument();
  });
});
