import type { JobDefinition } from '../jobs/job.js';
import type { Subscriptions } from '../jobs/events.js';
import { storagePurgeJob } from '../jobs/storage-purge.js';
import { watchStaleRuns } from '../jobs/tracked-job.js';
import type { AppContext } from '../platform/context.js';
import type { RouteModule } from '../platform/module.js';
import { registerOwnedFiles } from '../platform/owned-files.js';
import { apiKeysPurgeJob } from './api-keys/api-keys.jobs.js';
import { indexListSearchJob } from './mailing-lists/mailing-lists.jobs.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { accountRoutes } from './account/account.routes.js';
import { readImbSettings } from './account/account.service.js';
import { auditRoutes } from './audit/audit.routes.js';
import { adminUsersRoutes } from './auth/admin-users.routes.js';
import { effectsRoutes } from './effects/effects.routes.js';
import { adminFontsRoutes } from './fonts/admin-fonts.routes.js';
import { sampleTemplatesRoutes } from './sample-templates/sample-templates.routes.js';
import { adminPricingRoutes } from './subscriptions/pricing.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { authPurgeJob } from './auth/auth.jobs.js';
import { passwordResetRoutes } from './auth/password-reset.routes.js';
import { passwordResetMailJob } from './auth/password-reset.service.js';
import { columnMappingsRoutes } from './column-mappings/column-mappings.routes.js';
import { addressCheckRoutes } from './address-checks/address-check.routes.js';
import { templateGuideRoutes } from './designs/guide.routes.js';
import { fontsRoutes } from './fonts/fonts.routes.js';
import { mailingListsRoutes } from './mailing-lists/mailing-lists.routes.js';
import { listSourceFiles } from './mailing-lists/mailing-lists.service.js';
import { mapsGenerateJob, recoverGenerations, recoverGenerationsAtStart } from './maps/map-generation.js';
import { mapsRoutes } from './maps/maps.routes.js';
import { markersRoutes } from './maps/markers.routes.js';
import { accountMarkerFiles } from './maps/marker.service.js';
import { listMapImages } from './maps/route-drawing.js';
import { mapImageRoutes, routePreviewsRoutes } from './maps/route-previews.routes.js';
import { followUpOrderJob, followUpScheduleJob } from './orders/follow-ups.jobs.js';
import { followUpsRoutes } from './orders/follow-ups.routes.js';
import { orderRenderJob } from './orders/render-order.job.js';
import { accountOrderFiles } from './orders/orders.service.js';
import {
  notificationDeliveryFanOutJob, notificationDigestJob, notificationDispatchJob, notificationFanOutJob, startDispatch as startNotificationDispatch,
} from './notifications/notifications.jobs.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { permitsRoutes } from './permits/permits.routes.js';
import { printRoutes } from './print/print.routes.js';
import { projectPrintFiles } from './print/print.service.js';
import { approvalsRoutes } from './print/approvals.routes.js';
import { printRenderJob, recoverPrintJobs, recoverPrintJobsAtStart } from './print/print.job.js';
import { projectDesignRoutes } from './projects/project-design.routes.js';
import { reinforcementsRoutes } from './reinforcements/reinforcements.routes.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { projectFolders } from './projects/projects.service.js';
import { qrCodesRoutes } from './qr-codes/qr-codes.routes.js';
import { scanActivityRoutes } from './scans/scan-activity.routes.js';
import { scansPurgeIpsJob } from './scans/scans.jobs.js';
import { shortLinkRoutes } from './scans/short-link.routes.js';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js';
import { trackingRoutes } from './tracking/tracking.routes.js';
import { accountTrackingFiles } from './tracking/tracking.service.js';
import { trackingImportJob, trackingPullJob, trackingSimulateJob } from './tracking/tracking.jobs.js';
import { billingRoutes } from './subscriptions/billing.routes.js';
import { startDispatch as startWebhookDispatch, webhookDispatchJob, webhookFanOutJob } from './webhooks/webhooks.jobs.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';
import { manifestRoutes } from './tracking/manifest.routes.js';
import { registerImbSettingsReader } from './tracking/imb-settings.js';
import { orderWebhookFanOutJob } from './webhooks/order-webhooks.jobs.js';
import { deliveryWebhookFanOutJob } from './webhooks/delivery-webhooks.jobs.js';

/** Every domain's `/api` routes on the web listener, each its own encapsulated plugin. */
export const webModules: readonly RouteModule[] = [
  authRoutes,
  passwordResetRoutes,
  subscriptionsRoutes,
  billingRoutes,
  projectsRoutes,
  projectDesignRoutes,
  reinforcementsRoutes,
  followUpsRoutes,
  permitsRoutes,
  templateGuideRoutes,
  mailingListsRoutes,
  columnMappingsRoutes,
  addressCheckRoutes,
  fontsRoutes,
  printRoutes,
  manifestRoutes,
  approvalsRoutes,
  qrCodesRoutes,
  scanActivityRoutes,
  webhooksRoutes,
  notificationsRoutes,
  mapsRoutes,
  markersRoutes,
  apiKeysRoutes,
  routePreviewsRoutes,
  accountRoutes,
  auditRoutes,
  adminUsersRoutes,
  adminFontsRoutes,
  effectsRoutes,
  sampleTemplatesRoutes,
  adminPricingRoutes,
  trackingRoutes,
];

/** Routes on the web listener outside `/api` and its session step: the short links. */
export const rootModules: readonly RouteModule[] = [shortLinkRoutes, mapImageRoutes];

/** Every background job a worker runs (docs/architecture.md#jobs-and-events). */
export const jobDefinitions: readonly JobDefinition[] = [
  printRenderJob, authPurgeJob, passwordResetMailJob, scansPurgeIpsJob, webhookFanOutJob, webhookDispatchJob,
  notificationFanOutJob, notificationDispatchJob, notificationDigestJob, mapsGenerateJob, orderRenderJob, apiKeysPurgeJob, indexListSearchJob,
  orderWebhookFanOutJob, storagePurgeJob, deliveryWebhookFanOutJob, notificationDeliveryFanOutJob, followUpScheduleJob, followUpOrderJob,
  trackingImportJob, trackingPullJob, trackingSimulateJob,
];

/** Cron schedules (UTC unless a time zone is given). */
export const jobSchedules: ReadonlyArray<{ job: JobDefinition; cron: string; payload: object; tz?: string }> = [
  { job: authPurgeJob, cron: '17 * * * *', payload: {} },
  { job: scansPurgeIpsJob, cron: '41 * * * *', payload: {} },
  { job: notificationDigestJob, cron: '*/15 * * * *', payload: {} },
  // Deliveries' retries due later: a dispatcher run stays up only while one is due within a minute.
  { job: webhookDispatchJob, cron: '* * * * *', payload: {} },
  { job: notificationDispatchJob, cron: '* * * * *', payload: {} },
  { job: apiKeysPurgeJob, cron: '23 * * * *', payload: {} },
  { job: indexListSearchJob, cron: '*/5 * * * *', payload: {} },
  // New IV-MTR piece scans (a no-op unless IV_MTR_URL is set).
  { job: trackingPullJob, cron: '*/15 * * * *', payload: {} },
];

/**
 * Schedules older versions set and this one does not: removed at a worker's start so their jobs stop arriving.
 * 'print.recover' and 'maps.recover' ran every minute; `watchStaleRuns` now takes over stale runs every 10 s.
 */
export const retiredSchedules: readonly string[] = ['print.recover', 'maps.recover'];

/** Jobs that run when a domain event is published (scans, order changes and delivery events fan out here). */
export const eventSubscriptions: Subscriptions = {
  'scans.recorded': [webhookFanOutJob, notificationFanOutJob],
  'order.changed': [orderWebhookFanOutJob],
  'mail.tracked': [deliveryWebhookFanOutJob, notificationDeliveryFanOutJob, followUpScheduleJob],
};

/**
 * The stored files each kind of owner holds, by the module that writes them (docs/architecture.md#storage):
 * read before the owner's rows are deleted, removed after by 'storage.purge'. A project's lists are
 * not its own (they outlive it), so neither are their files.
 */
registerOwnedFiles({
  list: [listSourceFiles, listMapImages],
  project: [projectFolders, projectPrintFiles],
  account: [accountMarkerFiles, accountOrderFiles, accountTrackingFiles],
});

/** Print reads the account's Mailer ID settings through the tracking module (the account module imports print). */
registerImbSettingsReader(readImbSettings);

/** Start-up work of a worker process, after its job handlers are registered. */
export const workerStartTasks: ReadonlyArray<(ctx: AppContext) => Promise<void>> = [
  recoverPrintJobsAtStart, recoverGenerationsAtStart, startWebhookDispatch, startNotificationDispatch,
  async (ctx) => watchStaleRuns(ctx, [(c) => recoverPrintJobs(c), (c) => recoverGenerations(c)]),
];
