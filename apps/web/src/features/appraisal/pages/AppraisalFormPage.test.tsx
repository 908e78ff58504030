import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { TOKEN_STORAGE_KEY, type TAppraisalConfig, type TAppraisalFormView } from '@bizdesk/contract';
import { renderWithApp, fakeToken } from '../../../test/render.tsx';
import { fail, mockFetch, ok, on, setupPeopleTexts } from '../../employees/testApi.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { AppraisalFormPage } from './AppraisalFormPage.tsx';
import { CriteriaEditor } from '../components/CriteriaEditor.tsx';

const TOKEN = 'k'.repeat(43);
const A = '33333333-3333-4333-8333-333333333333';
const B = '44444444-4444-4444-8444-444444444444';
const form: TAppraisalFormView = {
  _id: '55555555-5555-4555-8555-555555555555', kind: 'appraisal', purpose: 'score', status: 'sent', businessName: 'Adebayo Foods Ltd',
  employeeName: 'Bola Okafor', designation: 'Sales rep', department: 'Sales', period: '2026 H2', dueDate: '2026-12-31', reviewerName: 'Musa Okafor',
  criteria: [{ _id: A, name: 'Sales targets', description: 'Met the monthly target', weight: 60 }, { _id: B, name: 'Customer care', description: '', weight: 40 }],
  scale: { min: 1, max: 5 }, scores: [], totalScore: null, comments: '',
};

beforeAll(async () => {
  await setupPeopleTexts();
  await i18n.loadNamespaces('appraisal');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderForm = () =>
  renderWithApp(
    <Routes>
      <Route path="/appraisal/:token" element={<AppraisalFormPage />} />
    </Routes>,
    { route: `/appraisal/${TOKEN}` },
  );

describe('AppraisalFormPage: the e-mailed form', () => {
  it('scores every criterion, shows the weighted total and sends it without any staff token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ id: 'staff', roles: ['owner'] }));
    const api = mockFetch(
      on('GET', `/employee/appraisal/${TOKEN}`, () => ok(form)),
      on('PUT', `/employee/appraisal/${TOKEN}`, () => ok({ _id: form._id, status: 'submitted', totalScore: 3.2 }, { message: 'Appraisal submitted. Thank you.' })),
    );
    renderForm();
    await screen.findByRole('heading', { level: 1, name: 'Appraisal of Bola Okafor' });
    const [targets, care] = screen.getAllByTestId('score-criterion');
    await userEvent.click(within(targets).getByRole('radio', { name: '4' }));
    await userEvent.click(screen.getByTestId('submit-appraisal'));
    expect(await screen.findByText('Score every criterion before submitting.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(care).getByRole('radio', { name: '2' }));
    expect(screen.getByTestId('form-total')).toHaveTextContent('Weighted total: 3.2 of 5');
    await userEvent.click(screen.getByTestId('submit-appraisal'));
    expect(await screen.findByText('The appraisal is submitted. You can close this page.')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toMatchObject({ totalScore: 3.2, scores: [{ criterionId: A, score: 4 }, { criterionId: B, score: 2 }] });
    for (const call of api.calls) expect(call.headers.Authorization).toBeUndefined();
  }, 30_000);

  it('says plainly when the link has expired', async () => {
    mockFetch(on('GET', `/employee/appraisal/${TOKEN}`, () => fail(410, 'This appraisal link has expired: its due date has passed. Ask HR for a new one.', 'INVALID_TOKEN')));
    renderForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'This appraisal link is not available' })).toBeInTheDocument();
    expect(screen.getByTestId('link-unavailable')).toHaveTextContent('This appraisal link has expired');
    expect(screen.queryByTestId('submit-appraisal')).toBeNull();
  });
});

describe('CriteriaEditor', () => {
  const config: TAppraisalConfig = { departmentId: A, department: 'Sales', unit: 'Main', criteria: [], upwardQuestions: [], scale: { min: 1, max: 5 }, updatedAt: null };

  it('shows the live weight sum and refuses to save until it is 100', async () => {
    const api = mockFetch(on('POST', '/employee/appraisal-config', () => ok({ ...config, criteria: [] }, { message: 'Appraisal criteria saved' })));
    renderWithApp(<CriteriaEditor config={config} ownerEmail="amaka@adebayofoods.ng" />);
    await userEvent.click(screen.getByTestId('add-criterion'));
    await userEvent.click(screen.getByTestId('add-criterion'));
    await userEvent.type(screen.getByTestId('criterion-name-0'), 'Sales targets');
    await userEvent.type(screen.getByTestId('criterion-weight-0'), '60');
    await userEvent.type(screen.getByTestId('criterion-name-1'), 'Customer care');
    await userEvent.type(screen.getByTestId('criterion-weight-1'), '30');
    expect(screen.getByTestId('weight-sum')).toHaveTextContent('Weights: 90 of 100');
    await userEvent.click(screen.getByTestId('save-criteria'));
    expect(await screen.findByText('The weights add up to 90; they must add up to 100.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await userEvent.clear(screen.getByTestId('criterion-weight-1'));
    await userEvent.type(screen.getByTestId('criterion-weight-1'), '40');
    expect(screen.getByTestId('weight-sum')).toHaveTextContent('Weights: 100 of 100');
    await userEvent.click(screen.getByTestId('save-criteria'));
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(JSON.parse(String(api.calls[0].body))).toMatchObject({ department: A, criteria: [{ name: 'Sales targets', weight: 60 }, { name: 'Customer care', weight: 40 }], scale: { min: 1, max: 5 } });
  }, 30_000);
});
