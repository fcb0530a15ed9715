// Table ownership (docs/architecture.md#module-map): a server module's code touches only its own
// tables. Run by `npm run lint`. For every file under apps/server/src/modules/<module>/ (tests
// excepted: they may seed any table) it reads
//   - the tables imported by name from apps/server/src/db/schema/… (row types, enums and jsonb
//     shapes are free; `import * as` from the schema is refused: import tables by name), and
//   - the tables named in raw SQL (FROM, JOIN, UPDATE, INTO, DELETE FROM … followed by a table name),
// and fails for a table another module owns, unless EXCEPTIONS lists that file and table with
// the reason. Ownership is per schema file, or per table where one file holds several domains.
// Beside this check, `no-cross-module-repo` in .dependency-cruiser.cjs keeps other modules'
// repositories out (call the owning module's service instead).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SCHEMA_DIR = 'apps/server/src/db/schema';
const MODULES_DIR = 'apps/server/src/modules';

/** Schema file → owning module(s), or table export → owning module(s) where one file holds several domains. */
const OWNERS = {
  'admin.ts': { adminAudit: ['audit'], effects: ['effects'], sampleTemplates: ['sample-templates'], priceSchedule: ['subscriptions'] },
  'api-keys.ts': ['api-keys'],
  'fonts.ts': ['fonts'],
  // Delivered-piece follow-ups (docs/requirements/mail-tracking.md#delivery-events): settings and the orders they place.
  'follow-ups.ts': ['orders'],
  // Shared limits (rate-limit counters, work-slot leases): touched only by platform/shared-rate-limit.ts and platform/work-slots.ts, never by a module.
  'limits.ts': [],
  'mailing-lists.ts': { mailingLists: ['mailing-lists'], mailingListRecords: ['mailing-lists'], columnMappings: ['column-mappings'] },
  'maps.ts': ['maps'],
  'notifications.ts': ['notifications'],
  'orders.ts': { orders: ['orders'], idempotencyKeys: ['api-keys'] },
  'permits.ts': ['permits'],
  'print-jobs.ts': ['print'],
  'projects.ts': { projects: ['projects'], designs: ['designs', 'reinforcements'] },
  'qr-codes.ts': ['qr-codes'],
  'scans.ts': ['scans'],
  'subscriptions.ts': ['subscriptions'],
  // The user's own row and sessions are read by sign-in (auth) and by the account pages (account).
  'users.ts': { users: ['auth', 'account'], sessions: ['auth', 'account'], authAttempts: ['auth'], passwordResets: ['auth'] },
  'tracking.ts': ['tracking'],
  'webhooks.ts': ['webhooks'],
};

/**
 * Cross-module table uses allowed, each with its reason: `file` (under modules/) → table
 * (export name) → why. Everything else goes through the owning module's service.
 */
const EXCEPTIONS = {
  'scans/scans.repo.ts': {
    // The scan hot path (docs/requirements/scans-and-analytics.md#scan-recording): one statement per
    // scan batch of the group-commit recorder finds each code's link, record and list, counts the
    // scans on short_links and inserts the scans — splitting it per module would add statements per batch.
    shortLinks: 'scan hot path: one statement per scan batch reads the codes and updates short_links.scan_count',
    mailingListRecords: 'scan hot path and scan activity: the scanned record\'s fields read in the same statement',
    mailingLists: 'scan hot path and scan activity: the list\'s owner and headers read in the same statement',
    columnMappings: 'scan activity: the list\'s mapping read in the same statement as its scans (one query per page)',
    mapRoutes: 'scan hot path: the record\'s route image token read in the same statement',
    mailPieces: 'list analytics: scans by days after their piece\'s in-home time, the pieces\' in-home times joined in one statement (read only)',
  },
  // Read-only joins for display or a check inside one statement (no writes to another module's table).
  'api-keys/api-keys.repo.ts': {
    users: 'key authentication: the owner\'s admin and disabled flags read with the key, one prepared statement per API call',
    apiUsage: 'rate-window purge: the purged windows\' counts move to api_usage in the same transaction, so no call is counted twice or lost',
  },
  'audit/audit.repo.ts': { users: 'the actor\'s email copied into the entry by the insert statement itself' },
  'column-mappings/column-mappings.repo.ts': { mailingLists: 'the owned list and its mapping read in one prepared statement (ownership check and read together)' },
  'fonts/fonts.repo.ts': { users: 'admin font list: the uploader\'s email joined for display' },
  'maps/map-routes.repo.ts': { mailingListRecords: 'records paged with their routes in one query (left join map_routes), read only' },
  'orders/order-tracking.ts': {
    // The tracking module's pieces and events, read for orders until it offers a function for them (never written).
    mailPieces: 'orders present their piece\'s tracking_events, and a delivered piece\'s follow-up reads its record and test flag (read only)',
    trackingEvents: 'orders present their piece\'s tracking_events: a page of orders\' events in one statement (read only)',
    printJobs: 'a delivered piece\'s follow-up finds the project of its print file, joined in the same statement as the piece (read only)',
  },
  'permits/permits.repo.ts': { users: 'row lock on the owner (SELECT … FOR UPDATE) in the caller\'s transaction, so the plan limit holds' },
  'print/approvals.repo.ts': { users: 'the approver\'s email joined for display' },
  'print/print.repo.ts': { projects: 'print jobs listed with their project\'s name (join for display)' },
  'projects/projects.repo.ts': {
    designs: 'project list: each project presented with its design summary in the same query',
    mailingLists: 'project list and list check: the current list\'s name and row count joined, ownership of a list checked in the project\'s statement',
    users: 'row lock on the owner (SELECT … FOR UPDATE) in the caller\'s transaction, so the plan limit holds',
  },
  'qr-codes/qr-codes.repo.ts': {
    mailingListRecords: 'short links are created per record in keyset ranges of the records (INSERT … SELECT), one statement per batch',
    mailingLists: 'scan context of a list (owner, name, headers) read with its QR configuration in one statement',
    columnMappings: 'scan context of a list: its mapping read in the same statement',
  },
  'subscriptions/billing.repo.ts': {
    users: 'admin user list and upgrade requests: users shown with their plan (one paged query)',
    sessions: 'admin user list: latest sign-in as a subquery of the paged query',
    printJobs: 'monthly usage counted from the events themselves in one statement (read only)',
    orders: 'monthly usage counted from the events themselves in one statement (read only)',
    scans: 'monthly usage counted from the events themselves in one statement (read only)',
    apiRateWindows: 'monthly usage: API calls of windows not purged yet (read only)',
    apiKeys: 'monthly usage: the windows of the user\'s keys; admin user detail: keys counted (read only)',
    projects: 'admin user detail: what the user owns counted in one statement (read only)',
    mailingLists: 'admin user detail: what the user owns counted in one statement (read only)',
  },
  'subscriptions/pricing.repo.ts': { users: 'admin pricing page: users without a subscription counted on the free plan (read only)' },
};

const found = [];

/** Table export name → { table (SQL name), owners }. */
const tables = new Map();
for (const file of readdirSync(SCHEMA_DIR)) {
  const text = readFileSync(path.join(SCHEMA_DIR, file), 'utf8');
  for (const [, name, sqlName] of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
    const own = OWNERS[file];
    const owners = Array.isArray(own) ? own : own?.[name];
    if (!owners) found.push(`${SCHEMA_DIR}/${file}: table ${name} has no owner in scripts/check-table-ownership.mjs (OWNERS)`);
    tables.set(name, { sqlName, owners: owners ?? [] });
  }
}
const bySqlName = new Map([...tables].map(([name, t]) => [t.sqlName, name]));

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield p;
  }
}

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

for (const file of sourceFiles(MODULES_DIR)) {
  const rel = path.relative(MODULES_DIR, file).split(path.sep).join('/');
  const module = rel.split('/')[0];
  const text = stripComments(readFileSync(file, 'utf8'));
  const used = new Map(); // table export name → how it is used
  for (const [stmt, typeOnly, names, from] of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/g)) {
    if (!/\/db\/schema(\/|')/.test(`${from}'`)) continue;
    if (typeOnly) continue;
    if (!names.trim().startsWith('{')) {
      found.push(`${file}: ${stmt.trim()}: import tables by name from the schema`);
      continue;
    }
    for (const part of names.replace(/[{}]/g, '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (!name || name.startsWith('type ')) continue;
      if (tables.has(name)) used.set(name, 'imported');
    }
  }
  for (const [, sqlName] of text.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+"?([a-z_]+)"?/gi)) {
    const name = bySqlName.get(sqlName);
    if (name && !used.has(name)) used.set(name, `raw SQL (${sqlName})`);
  }
  for (const [name, how] of used) {
    if (tables.get(name).owners.includes(module)) continue;
    if (EXCEPTIONS[rel]?.[name]) continue;
    found.push(`${file}: ${how}: table ${name} belongs to ${tables.get(name).owners.join(', ')}, not ${module} (call its service, or list an exception with the reason)`);
  }
}

for (const [rel, listed] of Object.entries(EXCEPTIONS)) {
  const file = path.join(MODULES_DIR, rel);
  if (!statSync(file, { throwIfNoEntry: false })) found.push(`scripts/check-table-ownership.mjs: exception for a missing file ${rel}`);
  for (const name of Object.keys(listed)) if (!tables.has(name)) found.push(`scripts/check-table-ownership.mjs: exception for an unknown table ${name} (${rel})`);
}

if (found.length) {
  console.error(found.join('\n'));
  console.error(`\n${found.length} table use(s) outside the owning module: see scripts/check-table-ownership.mjs.`);
  process.exit(1);
}
console.log(`tables: every module touches only its own tables (${Object.values(EXCEPTIONS).reduce((n, e) => n + Object.keys(e).length, 0)} listed exceptions)`);
