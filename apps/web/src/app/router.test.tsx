import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate, type RouteObject } from 'react-router';
import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { createRouterStart, routes } from './router.tsx';
import { Root } from './Root.tsx';
import { CrashScreen } from './CrashScreen.tsx';
import { RootErrorPage } from './RootErrorPage.tsx';
import { endSession } from '../shared/session.ts';
import { fakeToken, jsonResponse, setupI18n } from '../test/render.tsx';

const user = (roles: string[]) => ({
  _id: 'u1',
  email: 'staff@acme.ng',
  userName: 'Sam Staff',
  roles,
  businessId: 'b1',
  businessName: 'Acme Ltd',
  ownerEmail: 'ada@acme.ng',
  imagePath: null,
  country: 'NG',
  currency: 'NGN',
  timeZone: 'Africa/Lagos',
  emailConfirmed: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const signIn = (roles: string[]) => {
  localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ id: 'u1' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/v1/auth/users/u1') return jsonResponse({ success: true, data: user(roles) });
      if (url.startsWith('/api/v1/notification/fetch/')) return jsonResponse({ success: true, data: [] });
      if (url === '/api/v1/notification/stream') return new Response(new ReadableStream({ start: () => undefined }), { status: 200 });
      if (url === '/api/v1/dashboard/summary') return jsonResponse({ success: true, data: { users: 1, departments: 0, collectionPoints: 0, unreadNotifications: 0 } });
      return jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
};

// As main.tsx starts it: the start table, the rest of the routes added by the first navigation that needs them.
const start = (path: string) => {
  const { routes: startRoutes, patchRoutesOnNavigation } = createRouterStart();
  const router = createMemoryRouter(startRoutes, { initialEntries: [path], patchRoutesOnNavigation });
  render(<RouterProvider router={router} />);
  return router;
};

// The first visit of a layout transforms its lazy modules (MUI shell, layout, search); on a busy machine that takes
// longer than testing-library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeAll(setupI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

describe('routing (spec 01 §2)', () => {
  it('sends a visitor at / to /home', async () => {
    const router = start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends a visitor at /index.html to /home', async () => {
    const router = start('/index.html');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends a visitor at a main-layout page to the login, remembering the page', async () => {
    const router = start('/employee');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Femployee');
  });

  it('sends a signed-in user without the area role to /notAuthorize', async () => {
    signIn(['HR-access']);
    const router = start('/salary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notAuthorize'));
    expect(await screen.findByTestId('not-authorized')).toBeInTheDocument();
  });

  it('lets a user with the role in, and /projects defaults to /projects/default', async () => {
    signIn(['Projects-access']);
    const router = start('/projects');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/default'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
  });

  it('shows the 404 page on an unknown path', async () => {
    start('/no-such-page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});

describe('the start table (issue 10)', () => {
  const childPaths = (list: RouteObject[], id: string): (string | undefined)[] => {
    for (const route of list) {
      if (route.id === id) return (route.children ?? []).map((child) => (child.index ? '(index)' : child.path));
      const found = route.children ? childPaths(route.children, id) : [];
      if (found.length) return found;
    }
    return [];
  };

  it('starts with the dashboard and the not-found page below the layouts, the account screens as they are', () => {
    const { routes: startRoutes } = createRouterStart();
    expect(childPaths(startRoutes, 'main')).toEqual(['(index)']);
    expect(childPaths(startRoutes, 'site')).toEqual(['*']);
    expect(childPaths(startRoutes, 'root')).toEqual(childPaths(routes, 'root'));
    expect(childPaths(routes, 'main').length).toBeGreaterThan(30);
  });

  it('adds the rest of the table on the first navigation that needs it', async () => {
    const router = start('/login');
    await waitFor(() => expect(router.state.initialized).toBe(true));
    // Not in the start table: without the rest, /employee would be the not-found page instead of the login redirect.
    await router.navigate('/employee');
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Femployee'));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('crash handling (spec 01 §2)', () => {
  it('shows "Something went wrong. Please try again later." and goes back one page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('render failed');
    };
    const GoToB = () => {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/b')}>
          to b
        </button>
      );
    };
    const router = createMemoryRouter([{ Component: Root, children: [{ path: '/a', Component: GoToB }, { path: '/b', Component: Boom, ErrorBoundary: CrashScreen }] }], {
      initialEntries: ['/a'],
    });
    render(<RouterProvider router={router} />);
    (await screen.findByRole('button', { name: 'to b' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
  });
});

describe('default error page', () => {
  it("is titled 'Unexpected Application Error!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ Component: Root, errorElement: <RootErrorPage />, children: [{ path: '/', loader: () => Promise.reject(new Error('layout failed')), Component: () => null }] }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('layout failed')).toBeInTheDocument();
  });
});
