import type { ComponentType } from 'react';
import { redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { Root } from './Root.tsx';
import { RootErrorPage } from './RootErrorPage.tsx';
import { CrashScreen } from './CrashScreen.tsx';
import { StartFrame } from './StartFrame.tsx';
import { indexHtmlRedirect, redirectIfSignedIn, requireAccess, requireSession } from './guards.ts';
import { TUTORIAL_PATHS } from './tutorials.ts';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { i18n, loadAppTexts } from '../shared/i18n/index.ts';
import { nextTask } from './nextTask.ts';
import { loadThemed } from '../shared/ui/lazyPart.ts';

/**
 * A lazily loaded screen: each page is its own chunk, fetched when its route is first visited. A screen that
 * crashes (or whose data fails to load) shows the crash message and goes back one page.
 */
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load(), ErrorBoundary: CrashScreen });

/** The people screens (employees, departments, collection points, portal) bring their own texts, the `people` namespace. */
const withPeopleTexts = (load: () => Promise<ComponentType>) => () => Promise.all([load(), i18n.loadNamespaces('people')]).then(([Component]) => Component);

/** Attendance, leave, schedule and the portal bring the `time` namespace. */
const withTimeTexts = (load: () => Promise<ComponentType>) => () => Promise.all([load(), i18n.loadNamespaces('time')]).then(([Component]) => Component);

/** The pay screens bring their own texts, the `pay` namespace. */
const withPayTexts = (load: () => Promise<ComponentType>) => () => Promise.all([load(), i18n.loadNamespaces('pay')]).then(([Component]) => Component);

/** Pay structures bring the `structures` namespace. */
const withStructureTexts = (load: () => Promise<ComponentType>) => () => Promise.all([load(), i18n.loadNamespaces('structures')]).then(([Component]) => Component);
/** The remittance tracker brings the `remittances` namespace. */
const withRemittanceTexts = (load: () => Promise<ComponentType>) => () => Promise.all([load(), i18n.loadNamespaces('remittances')]).then(([Component]) => Component);

/** The dashboard's module figures are worded in the `costs` namespace: fetched with the page, not after it renders. */
const withCostsTexts = (load: () => Promise<ComponentType>) => () => Promise.all([load(), i18n.loadNamespaces('costs')]).then(([Component]) => Component);

/** Project costing (issue 35) brings the `projects` namespace. */
const withProjectsTexts = (load: () => Promise<ComponentType>) => () => Promise.all([load(), i18n.loadNamespaces('projects')]).then(([Component]) => Component);

/** A layout: its failures reach the root's 'Unexpected Application Error!' page. */
const layoutRoute = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/**
 * A page inside the main layout: signed in and holding the area's role (shared/access.ts), inside MUI's theme.
 * The dashboard is the one page without MUI: a signed-in start renders it before MUI loads (issue 10).
 */
const guarded = (path: string | undefined, load: () => Promise<ComponentType>, { plain = false } = {}): RouteObject => {
  const lazyPage = page(plain ? load : loadThemed(load));
  return path === undefined ? { index: true, loader: requireAccess, lazy: lazyPage } : { path, loader: requireAccess, lazy: lazyPage };
};

/** Spec 01 §2: the main layout at "/" with every area of the product. */
const mainRoutes: RouteObject[] = [
  guarded(undefined, withCostsTexts(() => import('../features/dashboard/pages/DashboardPage.tsx').then((m) => m.DashboardPage)), { plain: true }),
  guarded('user', () => import('../features/users/pages/SettingsPage.tsx').then((m) => m.SettingsPage)),
  guarded('places', () => import('../features/places/pages/PlacesPage.tsx').then((m) => m.PlacesPage)),
  guarded('profile', () => import('../features/users/pages/ProfilePage.tsx').then((m) => m.ProfilePage)),
  { path: 'notAuthorize', loader: requireSession, lazy: page(loadThemed(() => import('../features/site/pages/NotAuthorizedPage.tsx').then((m) => m.NotAuthorizedPage))) },
  guarded('wages', withPayTexts(() => import('../features/payroll/pages/WagesPage.tsx').then((m) => m.WagesPage))),
  guarded('approval', () => import('../features/orders/pages/ApprovalPage.tsx').then((m) => m.ApprovalPage)),
  guarded('products', () => import('../features/vendors/pages/ProductsPage.tsx').then((m) => m.ProductsPage)),
  guarded('blog', () => import('../features/notifications/pages/BlogPage.tsx').then((m) => m.BlogPage)),
  guarded('tracker', () => import('../features/costs/pages/EnergyTrackerPage.tsx').then((m) => m.EnergyTrackerPage)),
  guarded('collection/:dept', withPeopleTexts(() => import('../features/collection/pages/CollectionPage.tsx').then((m) => m.CollectionPage))),
  guarded('management', () => import('../features/reports/pages/ManagementPage.tsx').then((m) => m.ManagementPage)),
  guarded('procurement-summary', () => import('../features/orders/pages/ProcurementSummaryPage.tsx').then((m) => m.ProcurementSummaryPage)),
  guarded('management-project-summary/:dept', () =>
    import('../features/reports/pages/ManagementProjectSummaryPage.tsx').then((m) => m.ManagementProjectSummaryPage),
  ),
  guarded('employee-summary', withPeopleTexts(() => import('../features/employees/pages/EmployeeSummaryPage.tsx').then((m) => m.EmployeeSummaryPage))),
  guarded('pay-summary', withPayTexts(() => import('../features/payroll/pages/PaySummaryPage.tsx').then((m) => m.PaySummaryPage))),
  guarded('employee', withPeopleTexts(() => import('../features/employees/pages/EmployeesPage.tsx').then((m) => m.EmployeesPage))),
  guarded('salary', withPayTexts(() => import('../features/payroll/pages/SalaryPage.tsx').then((m) => m.SalaryPage))),
  guarded('attendance/:email', withTimeTexts(() => import('../features/attendance/pages/AttendancePage.tsx').then((m) => m.AttendancePage))),
  guarded('inventory', () => import('../features/inventory/pages/InventoryPage.tsx').then((m) => m.InventoryPage)),
  guarded('manage-po', () => import('../features/orders/pages/ManagePoPage.tsx').then((m) => m.ManagePoPage)),
  guarded('invoices', () => import('../features/orders/pages/InvoicesPage.tsx').then((m) => m.InvoicesPage)),
  { path: 'projects', loader: () => redirect('/projects/default') },
  guarded('projects/:dept', () => import('../features/costs/pages/ProjectsPage.tsx').then((m) => m.ProjectsPage)),
  guarded('project-costs', withProjectsTexts(() => import('../features/projects/pages/ProjectCostingListPage.tsx').then((m) => m.ProjectCostingListPage))),
  guarded('project-costs/:projectId', withProjectsTexts(() => import('../features/projects/pages/ProjectCostsPage.tsx').then((m) => m.ProjectCostsPage))),
  guarded('schedule', withTimeTexts(() => import('../features/leave/pages/SchedulePage.tsx').then((m) => m.SchedulePage))),
  guarded('leave/:unit', withTimeTexts(() => import('../features/leave/pages/LeavePage.tsx').then((m) => m.LeavePage))),
  guarded('complaints', withTimeTexts(() => import('../features/complaints/pages/ComplaintsPage.tsx').then((m) => m.ComplaintsPage))),
  guarded('standing-po', () => import('../features/orders/pages/StandingPoPage.tsx').then((m) => m.StandingPoPage)),
  guarded('manage-client', () => import('../features/vendors/pages/ManageClientPage.tsx').then((m) => m.ManageClientPage)),
  guarded('inventory/:email/:selectTag', () => import('../features/inventory/pages/ProjectInventoryPage.tsx').then((m) => m.ProjectInventoryPage)),
  guarded('new-employee', withPeopleTexts(() => import('../features/employees/pages/NewEmployeePage.tsx').then((m) => m.NewEmployeePage))),
  guarded('inventory-records', () => import('../features/inventory/pages/InventoryRecordsPage.tsx').then((m) => m.InventoryRecordsPage)),
  guarded('inventory-transfers', () => import('../features/inventory/pages/TransfersPage.tsx').then((m) => m.TransfersPage)),
  guarded('inventory-counts', () => import('../features/inventory/pages/CountsPage.tsx').then((m) => m.CountsPage)),
  guarded('purchase-requests', () => import('../features/inventory/pages/PurchaseRequestsPage.tsx').then((m) => m.PurchaseRequestsPage)),
  guarded('employee-detail', withPeopleTexts(() => import('../features/employees/pages/EmployeeDetailPage.tsx').then((m) => m.EmployeeDetailPage))),
  guarded('employee-update/:id', withPeopleTexts(() => import('../features/employees/pages/EmployeeUpdatePage.tsx').then((m) => m.EmployeeUpdatePage))),
  guarded('material-requisition', () => import('../features/orders/pages/MaterialRequisitionPage.tsx').then((m) => m.MaterialRequisitionPage)),
  guarded('fleet-requisition', () => import('../features/fleet/pages/FleetRequisitionPage.tsx').then((m) => m.FleetRequisitionPage)),
  guarded('fleet/:id', () => import('../features/fleet/pages/TruckPage.tsx').then((m) => m.TruckPage)),
  guarded('energy-movement', () => import('../features/costs/pages/EnergyMovementPage.tsx').then((m) => m.EnergyMovementPage)),
  guarded('tax-filling', withPayTexts(() => import('../features/payroll/pages/TaxFilingPage.tsx').then((m) => m.TaxFilingPage))),
  guarded('pay-structures', withStructureTexts(() => import('../features/structures/pages/PayStructuresPage.tsx').then((m) => m.PayStructuresPage))),
  guarded('expenses', () => Promise.all([import('../features/expenses/pages/ExpensesPage.tsx').then((m) => m.ExpensesPage), i18n.loadNamespaces('expenses')]).then(([Component]) => Component)),
  guarded('remittances', withRemittanceTexts(() => import('../features/remittances/pages/RemittancesPage.tsx').then((m) => m.RemittancesPage))),
  guarded('appraisal-config', () => import('../features/appraisal/pages/AppraisalConfigPage.tsx').then((m) => m.AppraisalConfigPage)),
  guarded('department-view/:unit/:dept', withPeopleTexts(() => import('../features/employees/pages/DepartmentViewPage.tsx').then((m) => m.DepartmentViewPage))),
];

const tutorialPage = page(() => import('../features/help/pages/TutorialPage.tsx').then((m) => m.TutorialPage));
const notFoundPage = page(() => import('../features/site/pages/NotFoundPage.tsx').then((m) => m.NotFoundPage));

/** Spec 01 §2: the public screens outside the main layout that use the site header and footer. */
const siteRoutes: RouteObject[] = [
  { path: 'home', lazy: page(() => import('../features/site/pages/HomePage.tsx').then((m) => m.HomePage)) },
  { path: 'terms', lazy: page(() => import('../features/site/pages/TermsPage.tsx').then((m) => m.TermsPage)) },
  { path: 'privacy', lazy: page(() => import('../features/site/pages/PrivacyPage.tsx').then((m) => m.PrivacyPage)) },
  { path: 'training-modules', lazy: page(() => import('../features/help/pages/TrainingModulesPage.tsx').then((m) => m.TrainingModulesPage)) },
  ...TUTORIAL_PATHS.map((path): RouteObject => ({ path: path.slice(1), lazy: tutorialPage })),
  { path: 'appraisal/:token', lazy: page(() => import('../features/appraisal/pages/AppraisalFormPage.tsx').then((m) => m.AppraisalFormPage)) },
  { path: 'create-quote/:contractId', lazy: page(() => import('../features/orders/pages/CreateQuotePage.tsx').then((m) => m.CreateQuotePage)) },
  { path: 'portal', lazy: page(withTimeTexts(withPeopleTexts(() => import('../features/portal/pages/PortalPage.tsx').then((m) => m.PortalPage)))) },
  { path: 'payroll/:id', lazy: page(withPayTexts(() => import('../features/payroll/pages/PayslipPage.tsx').then((m) => m.PayslipPage))) },
  { path: '404', lazy: notFoundPage },
  { path: '*', lazy: notFoundPage },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    errorElement: <RootErrorPage />,
    HydrateFallback: StartFrame,
    children: [
      // The account screens are MUI-free so the login route stays small (see docs/decisions.md).
      // Login is where most cold visits start: in the entry chunk, so its form paints without a second round trip.
      { path: 'login', loader: redirectIfSignedIn, Component: LoginPage, ErrorBoundary: CrashScreen },
      { path: 'register', loader: redirectIfSignedIn, lazy: page(() => import('../features/auth/pages/RegisterPage.tsx').then((m) => m.RegisterPage)) },
      { path: 'check-inbox', lazy: page(() => import('../features/auth/pages/CheckInboxPage.tsx').then((m) => m.CheckInboxPage)) },
      { path: 'forgotpassword', lazy: page(() => import('../features/auth/pages/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage)) },
      { path: 'resetpassword/:id/:token', lazy: page(() => import('../features/auth/pages/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage)) },
      { path: 'accept-invitation/:token', lazy: page(() => import('../features/auth/pages/AcceptInvitationPage.tsx').then((m) => m.AcceptInvitationPage)) },
      { path: 'confirm-email/:code', lazy: page(() => import('../features/auth/pages/ConfirmEmailPage.tsx').then((m) => m.ConfirmEmailPage)) },
      { path: 'index.html', loader: indexHtmlRedirect },
      {
        // Query cache and the `app` texts: everything past the account screens.
        id: 'app',
        lazy: async () => {
          const [{ AppShell }] = await Promise.all([import('./AppShell.tsx'), loadAppTexts()]);
          // The shell's modules were evaluated in the task before.
          await nextTask();
          return { Component: AppShell };
        },
        children: [
          { id: 'main', path: '/', loader: requireSession, lazy: layoutRoute(() => import('./layout/MainLayout.tsx').then((m) => m.MainLayout)), children: mainRoutes },
          { id: 'site', lazy: layoutRoute(loadThemed(() => import('../features/site/components/SiteLayout.tsx').then((m) => m.SiteLayout))), children: siteRoutes },
        ],
      },
    ],
  },
];

/**
 * What a router starts with (issue 10): the table above less the pages below the main and site layouts, for which
 * the dashboard and the not-found page stand. Converting, ranking and matching every path is cold code at the start
 * of a load, and it took 25–60 ms of one task on a phone-speed host; the start table answers the dashboard and the
 * account screens as they are. Any other path first reaches the not-found page's `*` or a path parameter, and
 * react-router then asks `patchRoutesOnNavigation`, which adds the rest of the table once: the navigation goes on
 * with the whole table, as before. A router of its own per call (tests create many).
 */
export const createRouterStart = (): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } => {
  const notFound = siteRoutes.find((route) => route.path === '*')!;
  const trim = (list: RouteObject[]): RouteObject[] =>
    list.map((route): RouteObject => {
      if (route.index) return route;
      if (route.id === 'main') return { ...route, children: mainRoutes.filter((child) => child.index) };
      if (route.id === 'site') return { ...route, children: [notFound] };
      return route.children ? { ...route, children: trim(route.children) } : route;
    });
  let patched = false;
  return {
    routes: trim(routes),
    patchRoutesOnNavigation: ({ patch }) => {
      if (patched) return;
      patched = true;
      // Routes already there (the dashboard, the not-found page) are recognised and not added twice.
      patch('main', mainRoutes);
      patch('site', siteRoutes);
    },
  };
};
