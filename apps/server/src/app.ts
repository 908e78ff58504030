import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { TDeps } from './platform/deps.ts';
import { trustProxyOption } from './config.ts';
import { onClientError, onFrameworkError, registerErrorHandler, registerNotFound } from './platform/http/error-handler.ts';
import { registerRateLimit } from './platform/http/rate-limit.ts';
import { inlineScriptHashes, registerSecurityHeaders } from './platform/http/security-headers.ts';
import { logSerializers } from './platform/http/log-redaction.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import { registerGuard, type TAccess, type TAuth } from './platform/auth/guard.ts';
import { registerMetrics } from './platform/http/metrics.ts';

/** What the route-table test walks: every API route with the access rule it declared. */
export type TRouteEntry = { method: string; url: string; access: TAccess | undefined; multipart: boolean };
declare module 'fastify' {
  interface FastifyInstance {
    routeCatalogue: TRouteEntry[];
    /** Starts the job runner (a second call does nothing). buildApp's onReady does, unless startJobsLater. */
    startJobs: () => Promise<void>;
  }
}
import type { TTokenClaims } from './platform/auth/jwt.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { userRoutes } from './features/users/users.routes.ts';
import { createInvitationsService } from './features/users/invitations.service.ts';
import { invitationRoutes } from './features/users/invitations.routes.ts';
import { createCollectionPointsService } from './features/portal/collection-points.service.ts';
import { collectionPointRoutes } from './features/portal/collection-points.routes.ts';
import { createDepartmentsService } from './features/employees/departments.service.ts';
import { departmentRoutes } from './features/employees/departments.routes.ts';
import { createNotificationsService } from './features/notifications/notifications.service.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { createJobRunner, jobsLifecycle } from './platform/jobs/jobs.ts';
import { registerPlatformSchedules, registerSchedule, SCHEDULES } from './platform/jobs/schedules.ts';
import { createScheduledBackup } from './platform/backup/scheduled.ts';
import { createEmployeesService } from './features/employees/employees.service.ts';
import { employeeRoutes } from './features/employees/employees.routes.ts';
import { createDesignationsService } from './features/employees/designations.service.ts';
import { designationRoutes } from './features/employees/designations.routes.ts';
import { createEmployeeImportService } from './features/employees/employee-import.service.ts';
import { employeeImportRoutes } from './features/employees/employee-import.routes.ts';
import { createDocumentsService } from './features/documents/documents.service.ts';
import { documentRoutes } from './features/documents/documents.routes.ts';
import { createPortalService } from './features/portal/portal.service.ts';
import { portalRoutes } from './features/portal/portal.routes.ts';
import { createSearchService } from './features/search/search.service.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { createInventoryService } from './features/inventory/inventory.service.ts';
import { createPlacesService } from './features/places/places.service.ts';
import { placeRoutes } from './features/places/places.routes.ts';
import { createRequisitionsService } from './features/inventory/requisitions.service.ts';
import { createTransfersService } from './features/inventory/transfers.service.ts';
import { transferRoutes } from './features/inventory/transfers.routes.ts';
import { createCountsService } from './features/inventory/counts.service.ts';
import { countRoutes } from './features/inventory/counts.routes.ts';
import { createPurchaseRequestsService } from './features/inventory/purchase-requests.service.ts';
import { purchaseRequestRoutes } from './features/inventory/purchase-requests.routes.ts';
import { requisitionIssueRoutes } from './features/inventory/requisitions.routes.ts';
import { inventoryRoutes } from './features/inventory/inventory.routes.ts';
import { createCollectorStockService } from './features/inventory/collector-stock.service.ts';
import { collectorStockRoutes } from './features/inventory/collector-stock.routes.ts';
import { createInventoryImportService } from './features/inventory/inventory-import.service.ts';
import { inventoryImportRoutes } from './features/inventory/inventory-import.routes.ts';
import { createFleetService } from './features/fleet/fleet.service.ts';
import { fleetRoutes } from './features/fleet/fleet.routes.ts';
import { createEnergyService } from './features/energy/energy.service.ts';
import { energyRoutes } from './features/energy/energy.routes.ts';
import { createApprovalsService } from './features/approvals/approvals.service.ts';
import { approvalRoutes } from './features/approvals/approvals.routes.ts';
import { createCostsService } from './features/costs/costs.service.ts';
import { createLedgerService } from './features/projects/ledger.service.ts';
import { createLabourAllocationService } from './features/projects/labour-allocation.service.ts';
import { labourAllocationRoutes } from './features/projects/labour-allocation.routes.ts';
import { costRoutes } from './features/costs/costs.routes.ts';
import { createProjectCostingService } from './features/projects/project-costing.service.ts';
import { projectCostingRoutes } from './features/projects/project-costing.routes.ts';
import { createOcrService } from './features/ocr/ocr.service.ts';
import { ocrRoutes } from './features/ocr/ocr.routes.ts';
import { createReportsService } from './features/reports/reports.service.ts';
import { reportRoutes } from './features/reports/reports.routes.ts';
import { createAnnouncementsService } from './features/reports/announcements.service.ts';
import { announcementRoutes } from './features/reports/announcements.routes.ts';
import { createDashboardFiguresService } from './features/dashboard/figures.service.ts';
import { dashboardFigureRoutes } from './features/dashboard/figures.routes.ts';
import { createOrdersService } from './features/orders/orders.service.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { createWithholdingService } from './features/orders/withholding.service.ts';
import { withholdingRoutes } from './features/orders/withholding.routes.ts';
import { createInvoiceHoldsService } from './features/orders/match.service.ts';
import { invoiceHoldRoutes } from './features/orders/match.routes.ts';
import { createVendorsService } from './features/vendors/vendors.service.ts';
import { vendorRoutes } from './features/vendors/vendors.routes.ts';
import { createVendorImportService } from './features/vendors/vendor-import.service.ts';
import { vendorImportRoutes } from './features/vendors/vendor-import.routes.ts';
import { purgeUnconfirmedRegistrations } from './features/auth/registrations.ts';
import { createAttendanceService } from './features/attendance/attendance.service.ts';
import { attendanceRoutes } from './features/attendance/attendance.routes.ts';
import { createLeaveService } from './features/leave/leave.service.ts';
import { createLeaveMarks } from './features/leave/leave-mark.ts';
import { leaveRoutes } from './features/leave/leave.routes.ts';
import { createComplaintsService } from './features/complaints/complaints.service.ts';
import { complaintRoutes } from './features/complaints/complaints.routes.ts';
import { createRemindersService } from './features/reminders/reminders.service.ts';
import { reminderRoutes } from './features/reminders/reminders.routes.ts';
import { employeeReminderSource } from './features/employees/employee-reminders.ts';
import { createAppraisalsService } from './features/appraisals/appraisals.service.ts';
import { createAppraisalReportService } from './features/appraisals/appraisal-report.service.ts';
import { appraisalRoutes } from './features/appraisals/appraisals.routes.ts';
import { createPayrollServices } from './features/payroll/payroll.services.ts';
import { payrollRoutes } from './features/payroll/payroll.routes.ts';
import { approvalSettingRoutes } from './features/payroll/approval-setting.routes.ts';
import { paySetupRoutes } from './features/payroll/pay-setup.routes.ts';
import { offCycleRoutes } from './features/payroll/off-cycle.routes.ts';
import { structureRoutes } from './features/payroll/structures/structures.routes.ts';
import { payRulesRoutes } from './features/payroll/pay-rules.routes.ts';
import { createRemittancesService } from './features/remittances/remittances.service.ts';
import { remittanceRoutes } from './features/remittances/remittances.routes.ts';
import { createExpensesService } from './features/expenses/expenses.service.ts';
import { expenseRoutes } from './features/expenses/expenses.routes.ts';
import { createBusinessService } from './features/business/business.service.ts';
import { businessRoutes } from './features/business/business.routes.ts';
import { createApiKeysService } from './features/integrations/api-keys.service.ts';
import { createWebhooksService } from './features/integrations/webhooks.service.ts';
import { integrationRoutes } from './features/integrations/integrations.routes.ts';
import { createBusinessDataService } from './features/business/business-data.service.ts';
import { businessDataRoutes } from './features/business/business-data.routes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Every feature's service, built once; features reach each other only through these. */
export const buildServices = (deps: TDeps) => {
  const notifications = createNotificationsService(deps);
  const { JOB_LEASE_SECONDS: leaseSeconds, JOB_RETRY_DELAY_SECONDS: retryDelaySeconds } = deps.config;
  const jobs = createJobRunner(deps, { leaseSeconds, heartbeatSeconds: leaseSeconds / 3, retryDelaySeconds });
  registerPlatformSchedules(jobs, deps);
  registerSchedule(jobs, 'notificationRetention', notifications.deleteExpired);
  const employees = createEmployeesService(deps, { notify: notifications.notify, notice: notifications.notice });
  registerSchedule(jobs, 'employeeCountFold', employees.foldLiveCounts);
  const places = createPlacesService(deps);
  const collectionPoints = createCollectionPointsService(deps, { places });
  const departments = createDepartmentsService(deps);
  const approvals = createApprovalsService(deps, { notify: notifications.notify });
  const ledger = createLedgerService(deps); // the project cost ledger every cost source writes (issue 35)
  const inventory = createInventoryService(deps, { notify: notifications.notify, collectionPoints, departments, places, employees, ledger });
  registerSchedule(jobs, 'reorderChecks', inventory.checkReorderLevels);
  const costs = createCostsService(deps, { collectionPoints, departments, places, ledger });
  const orders = createOrdersService(deps, { notify: notifications.notify, approvals, places, ledger });
  costs.useInvoiceMatcher(orders.matchInvoice); // issue 35: an OCR'd supplier invoice already on an order adds no second cost
  const projectCosting = createProjectCostingService(deps, { ledger, costs, places }); // project costing read side (issue 35)
  orders.onGoodsReturned(inventory.returnGoods); // a return to the supplier takes the stock out in the same transaction
  const transfers = createTransfersService(deps, { inventory, places });
  const purchaseRequests = createPurchaseRequestsService(deps, { orders });
  orders.onGoodsReceived(inventory.receiveGoods); // GRN raises stock in the receipt's transaction
  const attendance = createAttendanceService(deps, { notify: notifications.notify, approvals });
  const leave = createLeaveService(deps, { notify: notifications.notify, attendance, approvals });
  attendance.useLeaveMarks(createLeaveMarks()); // a `leave` mark books the day through the leave feature (issue 33)
  const complaints = createComplaintsService(deps, { notify: notifications.notify, attendance });
  registerSchedule(jobs, 'overdueComplaints', complaints.notifyOverdue);
  registerSchedule(jobs, 'complaintReminders', complaints.remindAssignees);
  const documents = createDocumentsService(deps);
  // HR reminders: features push their due items (fleet documents will register here too).
  const reminders = createRemindersService(deps, { notify: notifications.notify });
  reminders.register(employeeReminderSource);
  reminders.register({ name: 'documents', items: documents.dueItems });
  registerSchedule(jobs, 'hrReminders', reminders.notifyDue);
  registerSchedule(jobs, 'hrReminderDigest', reminders.sendDigests);
  registerSchedule(jobs, 'leaveAccrual', leave.monthlyAccrual);
  const fleet = createFleetService(deps, { approvals, places, employees, ledger });
  // Fleet reminders (issue 34): service due, truck papers, driver licences; read by Inventory/Procurement-access.
  reminders.register({ name: 'fleet', items: fleet.dueItems, roles: ['Inventory-access', 'Procurement-access'], subject: 'inventory' });
  const energy = createEnergyService(deps, { collectionPoints, places, isGenerator: fleet.isGenerator, ledger });
  fleet.useGeneratorFuel(energy.generatorFuel);
  const labourAllocation = createLabourAllocationService(deps, { ledger, places, employees }); // issue 35: payroll labour on projects
  const payroll = createPayrollServices(deps, { notify: notifications.notify, jobs, approvals, monthEvents: { leave, attendance }, labour: labourAllocation });
  leave.usePayItems(payroll.structures); // leave allowance reaches pay as a one-month item (issue 33)
  employees.onExitChanged(payroll.payRules.onExitChanged); // an exit changes the employee's draft runs (issue 32)
  const ocr = createOcrService(deps);
  const expenses = createExpensesService(deps, { notify: notifications.notify, approvals, costs, places, reimbursements: payroll.reimbursements, ocr });
  const vendors = createVendorsService(deps, { notify: notifications.notify, orders, places });
  const withholding = createWithholdingService(deps, { orders, approvals }); // issue 35 (wht): WHT schedule, ageing, supplier PDFs
  const remittances = createRemittancesService(deps, { payroll, leave, notify: notifications.notify, withholding });
  registerSchedule(jobs, 'remittanceReminders', remittances.sendReminders);
  const auth = createAuthService(deps);
  const invitations = createInvitationsService(deps);
  registerSchedule(jobs, 'unconfirmedPurge', () => purgeUnconfirmedRegistrations(deps));
  const businessData = createBusinessDataService(deps, { jobs });
  registerSchedule(jobs, 'businessExportCleanup', businessData.deleteExpired);
  const backups = createScheduledBackup(deps, { notify: notifications.notify });
  if (deps.config.backupCron) jobs.schedule(SCHEDULES.backup.name, deps.config.backupCron, () => backups.run());
  else jobs.unschedule(SCHEDULES.backup.name);
  return {
    attendance,
    leave,
    complaints,
    jobs,
    employees,
    search: createSearchService({ employees, vendors, orders, inventory, fleet, costs }),
    costs,
    ledger,
    labourAllocation,
    reports: createReportsService(deps, { costs, ledger, orders, energy, fleet }), // issue 35: the analyst reads the ledger, procurement, energy and fleet
    projectCosting,
    announcements: createAnnouncementsService(deps, { notify: notifications.notify }),
    ocr,
    expenses,
    dashboardFigures: createDashboardFiguresService({ employees, costs, attendance, leave, orders, inventory, fleet, payroll, remittances }),
    designations: createDesignationsService(deps),
    employeeImport: createEmployeeImportService(deps, { notify: notifications.notify, jobs }),
    inventoryImport: createInventoryImportService(deps, { notify: notifications.notify, jobs }),
    documents,
    reminders,
    places,
    portal: createPortalService(deps),
    auth,
    users: createUsersService(deps, { inviteInstead: invitations.invite }),
    invitations,
    collectionPoints,
    departments,
    notifications,
    dashboard: createDashboardService(deps),
    inventory,
    requisitions: createRequisitionsService(deps, { approvals, inventory, collectionPoints, places, transfers, purchaseRequests }),
    transfers,
    counts: createCountsService(deps, { approvals, inventory, places }),
    purchaseRequests,
    collectorStock: createCollectorStockService(deps, { inventory, collectionPoints, employees }),
    fleet,
    energy,
    approvals,
    appraisals: createAppraisalsService(deps, { notify: notifications.notify, employees }),
    appraisalReports: createAppraisalReportService(deps),
    payroll,
    remittances,
    orders,
    withholding,
    invoiceHolds: createInvoiceHoldsService(deps, { ledger }),
    vendors,
    vendorImport: createVendorImportService(deps, { notify: notifications.notify, jobs }),
    business: createBusinessService(deps),
    apiKeys: createApiKeysService(deps),
    webhooks: createWebhooksService(deps, { jobs }),
    businessData,
  };
};
export type TServices = ReturnType<typeof buildServices>;

/**
 * prepareJobs: set up the job queue's own schema (pg-boss) as soon as the services are built, while the caller
 * still runs the app's migrations (main.ts); it touches none of the app's tables.
 * startJobsLater: the job runner is not started when the app is ready; the caller starts it (app.startJobs()).
 * The API does so once it is listening: no request needs it (a job queued before it runs is handed over when it
 * starts), and its start (pg-boss, a work loop per queue) was ~0.25–0.8 s between the routes and listen.
 */
export const buildApp = async (deps: TDeps, opts: { logger?: boolean | object; prepareJobs?: boolean; startJobsLater?: boolean } = {}): Promise<FastifyInstance> => {
  const app: FastifyInstance = Fastify({
    // Request logs go through serializers that hide codes and tokens in URLs.
    loggerInstance: opts.logger === undefined ? deps.log.child({}, { serializers: logSerializers }) : undefined,
    logger: opts.logger === undefined || opts.logger === false ? opts.logger : { ...(opts.logger === true ? {} : opts.logger), serializers: logSerializers },
    genReqId: () => crypto.randomUUID(),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024, // MSG.bodyTooLarge names this limit
    // Longest path segment (an e-mail is at most 254); past it the router answers 414 through onFrameworkError.
    routerOptions: { maxParamLength: 512 },
    http: { maxHeaderSize: 16 * 1024 },
    // The onReady hook starts the job queue (pg-boss's queues and schedules, made once per database): on a fresh
    // database with several instances starting together on a busy server it took over Fastify's default 10 s, and
    // the instance gave up starting (two-instances.test.ts). A minute, as the database server's own waits allow.
    pluginTimeout: 60_000,
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
    // Every route validates with zod and serialises with ours: given as the builders Fastify takes its compilers from,
    // so it never loads its defaults (ajv, fast-json-stringify), ~140 ms of every start.
    schemaController: {
      compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => responseSerializerCompiler(deps.config.NODE_ENV) },
    },
  } as any) as unknown as FastifyInstance;
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // By the matched route, not the URL text; unmatched paths (404, refused addresses) are not cached either.
    if ((req.routeOptions.url ?? '/api/').startsWith('/api/')) reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  const catalogue: TRouteEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    // swagger-ui registers its own routes; they are public documentation.
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), access: 'public' } as any;
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      catalogue.push({ method, url: route.url, access: (route.config as { access?: TAccess } | undefined)?.access, multipart: Boolean((route.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data')) });
    }
  });

  const webDist = deps.config.WEB_DIST ? path.resolve(deps.config.WEB_DIST) : DEFAULT_WEB_DIST;
  const indexHtml = fs.existsSync(path.join(webDist, 'index.html')) ? fs.readFileSync(path.join(webDist, 'index.html')) : null;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // index.html's start script is inline (apps/web/start-paint.js): allowed by its hash, no other.
        scriptSrc: ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml.toString('utf8')) : [])],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
      },
    },
  });
  await registerRateLimit(app, deps.db);
  // API answers (and index.html) above 1 KiB compressed by what the client accepts; the SSE stream is hijacked
  // and never passes here; static files arrive already compressed (preCompressed below).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 200 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bizdesk API', version: '1.0.0', description: 'Every call of the Bizdesk specification. Bearer token from POST /api/v1/auth/login.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  const services = buildServices(deps);
  // Every kind and schedule is registered now. An error here comes back from start() (onReady), which awaits it.
  if (opts.prepareJobs) services.jobs.prepare().catch(() => undefined);
  app.decorate('startJobs', () => services.jobs.start());
  const loadPrincipal = async (claims: TTokenClaims): Promise<TAuth | null> => {
    if (claims.scope === 'user') return services.auth.loadUser(claims);
    if (claims.scope === 'portal') return services.portal.loadPortal(claims);
    if (claims.scope === 'collector') return services.portal.loadCollector(claims);
    return null;
  };
  registerGuard(app, { jwt: deps.jwt, loadPrincipal, loadApiKey: services.apiKeys.load });
  // Before the routes, so its timing hook covers each of them.
  const liveStreams = new Set<() => void>();
  await registerMetrics(app, deps.config.METRICS_TOKEN, { database: deps.database, streams: liveStreams });

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(services.auth));
  await app.register(userRoutes(services.users));
  await app.register(invitationRoutes(services.invitations));
  await app.register(collectionPointRoutes(services.collectionPoints));
  await app.register(departmentRoutes(services.departments));
  await app.register(notificationRoutes(services.notifications, { streams: liveStreams }));
  await app.register(dashboardRoutes(services.dashboard));
  await app.register(employeeRoutes(services.employees));
  await app.register(designationRoutes(services.designations));
  await app.register(employeeImportRoutes(services.employeeImport));
  await app.register(documentRoutes(services.documents));
  await app.register(portalRoutes(services.portal));
  await app.register(searchRoutes(services.search));
  await app.register(inventoryImportRoutes(services.inventoryImport));
  await app.register(inventoryRoutes(services.inventory, services.requisitions));
  await app.register(transferRoutes(services.transfers));
  await app.register(requisitionIssueRoutes(services.requisitions));
  await app.register(countRoutes(services.counts));
  await app.register(purchaseRequestRoutes(services.purchaseRequests));
  await app.register(collectorStockRoutes(services.collectorStock));
  await app.register(fleetRoutes(services.fleet));
  await app.register(energyRoutes(services.energy));
  await app.register(approvalRoutes(services.approvals));
  await app.register(costRoutes(services.costs));
  await app.register(projectCostingRoutes(services.projectCosting));
  await app.register(ocrRoutes(services.ocr));
  await app.register(reportRoutes(services.reports));
  await app.register(announcementRoutes(services.announcements));
  await app.register(dashboardFigureRoutes(services.dashboardFigures));
  await app.register(orderRoutes(services.orders));
  await app.register(withholdingRoutes(services.withholding));
  await app.register(invoiceHoldRoutes(services.invoiceHolds));
  await app.register(vendorImportRoutes(services.vendorImport));
  await app.register(vendorRoutes(services.vendors));
  await app.register(attendanceRoutes(services.attendance));
  await app.register(leaveRoutes(services.leave));
  await app.register(expenseRoutes(services.expenses));
  await app.register(complaintRoutes(services.complaints));
  await app.register(reminderRoutes(services.reminders));
  await app.register(placeRoutes(services.places));
  await app.register(labourAllocationRoutes(services.labourAllocation));
  await app.register(appraisalRoutes(services.appraisals, services.appraisalReports));
  await app.register(payrollRoutes(services.payroll));
  await app.register(approvalSettingRoutes(services.payroll.approvalSetting));
  await app.register(paySetupRoutes(services.payroll));
  await app.register(offCycleRoutes(services.payroll.offCycle));
  await app.register(structureRoutes(services.payroll.structures));
  await app.register(payRulesRoutes(services.payroll));
  await app.register(remittanceRoutes(services.remittances));
  await app.register(businessRoutes(services.business));
  await app.register(integrationRoutes(services.apiKeys, services.webhooks));
  await app.register(businessDataRoutes(services.businessData));
  await app.register(jobsLifecycle(services.jobs, { later: opts.startJobsLater }));

  if (indexHtml) {
    // Hashed assets are immutable, other public files (favicon) kept an hour, the service worker and the start
    // script never cached (a new deploy must reach them); index.html is served by the not-found handler with
    // no-cache. The build writes .br and .gz beside each text file (preCompressed).
    // wildcard false makes a GET and a HEAD route of every file: the .br/.gz twins need none (preCompressed finds
    // them beside the file asked for), and their ~270 routes were ~0.3 s of every start (441 files -> 167).
    await app.register(fastifyStatic, {
      root: webDist, wildcard: false, index: false, serve: true, preCompressed: true, cacheControl: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      allowedPath: (p) => p.startsWith('/assets/') || /\.(png|svg|ico|txt|webmanifest|json)$/.test(p) || /^\/(sw|start-read|workbox-[\w-]+)\.js$/.test(p),
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        const worker = /[\\/](sw|start-read)\.js$/.test(filePath);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }
  registerNotFound(app, indexHtml);
  return app;
};
