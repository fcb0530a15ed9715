import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { ACCOUNT_MESSAGES as M } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { WorkSlots } from '../../platform/work-slots.js';
import { getAccount } from './account.service.js';
import { getDesign } from '../designs/designs.service.js';
import { listReinforcements } from '../reinforcements/reinforcements.service.js';
import { getOwnedList, listLists, recordBatches } from '../mailing-lists/mailing-lists.service.js';
import { allPrintJobs, printFile } from '../print/print.service.js';
import { keyMetadata } from '../api-keys/api-keys.service.js';
import { accountOrders } from '../orders/orders.service.js';
import { listProjects } from '../projects/projects.service.js';
import { currentSubscription } from '../subscriptions/subscriptions.service.js';
import { getSettings } from './settings.service.js';
import { ExportNames } from './export-names.js';
import { ZipWriter } from './zip-writer.js';

/**
 * Exports running at once, across every process sharing the database: one per user, and at most 2
 * on the server (they read whole lists); refused at once when taken (no waiting line).
 */
const exportSlots = new WorkSlots({ kind: 'account-export', total: 2, perUser: 1, waitMs: 0, busyMessage: M.exportBusy, userBusyMessage: M.exportRunning });

/** Orders read per query. */
const ORDER_PAGE = 500;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const README = (exportedAt: string) => `Mailcraft — your data, exported ${exportedAt}

account.json                 your profile, settings and plan
projects/<name>/project.json a project's details
projects/<name>/design.json  its design (pdfme templates: inside and, when double-sided, outside)
projects/<name>/reinforcements.json  its reinforcement designs, when it has any
projects/<name>/print/*.pdf  every print file you generated for it, proofs included ('… proof.pdf')
lists/<name>.csv             each mailing list with its original columns and records (UTF-8)
orders.json                  your Print-on-Demand orders, live and test, with the recipient each was made for
api-keys.json                your API keys: name, mode, permissions, rate limit, status and dates (never the keys themselves)

Names are your own, made safe for file names; a repeated name gets ' (2)'.
`;

/**
 * GET /api/account/export (docs/requirements/administration.md#administration 'Download my data'): a ZIP of the principal's data, streamed
 * as it is written — account.json, each project's project.json and design.json (+
 * reinforcements.json) and every finished print file, proofs included, each mailing list as CSV
 * with its original columns, orders.json (every on-demand order, live and test), api-keys.json
 * (key metadata, no secret or hash) and README.txt. Read through the owning modules' services.
 * The export's slot (`exportSlots`) is held until the stream closes or the writing fails.
 * Errors: RATE_LIMITED (429) while one of the user's exports runs, or 2 in all.
 */
export async function exportAccount(ctx: AppContext, principal: Principal): Promise<Readable> {
  const slot = await exportSlots.take(ctx.db, principal.userId);
  const zip = new ZipWriter();
  const release = () => void slot.release();
  zip.stream.once('close', release);
  writeExport(ctx, principal, zip).then(() => zip.end(), (err: Error) => {
    zip.fail(err);
    release();
  });
  return zip.stream;
}

async function writeExport(ctx: AppContext, principal: Principal, zip: ZipWriter): Promise<void> {
  const { db } = ctx;
  const exportedAt = new Date().toISOString();
  await zip.addText('README.txt', README(exportedAt));
  const plan = (await currentSubscription(ctx, principal)).subscription.plan;
  await zip.addText('account.json', json({
    ...(await getAccount(ctx, principal)),
    settings: await getSettings(ctx, principal),
    plan: { id: plan.id, name: plan.display_name },
    exported_at: exportedAt,
  }));

  const projectNames = new ExportNames();
  for (const project of await listProjects(ctx, principal)) {
    const dir = `projects/${projectNames.take(project.name)}`;
    await zip.addText(`${dir}/project.json`, json(project));
    await zip.addText(`${dir}/design.json`, json(await getDesign(db, { id: project.id, paperSize: project.paper_size, sides: project.sides })));
    const reinforcements = await listReinforcements(db, { id: project.id, paperSize: project.paper_size });
    if (reinforcements.length > 0) await zip.addText(`${dir}/reinforcements.json`, json(reinforcements));
    const printNames = new ExportNames();
    for (const job of await allPrintJobs(ctx, principal, project.id)) {
      if (job.status !== 'done') continue;
      const file = await printFile(ctx, principal, job.id).catch(() => null); // a file removed since is left out
      const name = `${job.created_at.slice(0, 19).replace(/:/g, '-')} ${job.id.slice(0, 8)}${job.options.proof ? ' proof' : ''}`;
      if (file) await zip.addChunks(`${dir}/print/${printNames.take(name, '.pdf')}`, file.stream, false);
    }
  }

  const listNames = new ExportNames();
  for (const summary of await listLists(ctx, principal)) {
    const list = await getOwnedList(db, principal, summary.id);
    await zip.addChunks(`lists/${listNames.take(list.name.replace(/\.(csv|tsv|txt|xlsx?)$/i, ''), '.csv')}`, listCsv(ctx, list), true);
  }

  const orders = [];
  for (let offset = 0; ; offset += ORDER_PAGE) {
    const page = await accountOrders(ctx, principal, { limit: ORDER_PAGE, offset });
    orders.push(...page);
    if (page.length < ORDER_PAGE) break;
  }
  await zip.addText('orders.json', json(orders));
  await zip.addText('api-keys.json', json(await keyMetadata(ctx, principal)));
}

/** A list as CSV: the header row, then every record's values in header order (CRLF, RFC 4180 quoting). */
async function* listCsv(ctx: AppContext, list: { id: string; headers: string[] }): AsyncIterable<string> {
  yield `${Papa.unparse([list.headers], { newline: '\r\n' })}\r\n`;
  for await (const batch of recordBatches(ctx.db, list, 2000)) {
    yield `${Papa.unparse(batch.map((r) => r.values as string[]), { newline: '\r\n' })}\r\n`;
  }
}
