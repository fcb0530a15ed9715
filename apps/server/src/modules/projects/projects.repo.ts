import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { designs, mailingLists, projects, users } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

/** What a presented project needs: the row, its design summary and its current list. */
const projectRecord = {
  project: projects,
  design: {
    hasContent: designs.hasContent, thumbnails: designs.thumbnails, updatedAt: designs.updatedAt,
    /** Save time (ISO 8601) of each reinforcement slot that has a thumbnail, e.g. `{ r1: '2026-…' }`; not the designs themselves. */
    reinforcementThumbnails: sql<Record<string, string> | null>`(select jsonb_object_agg(e.key, e.value->>'updatedAt') from jsonb_each(${designs.reinforcements}) e where e.value->>'thumbnail' is not null)`,
  },
  list: { id: mailingLists.id, name: mailingLists.name, rowCount: mailingLists.rowCount },
};

const selectRecords = (db: Db) =>
  db.select(projectRecord).from(projects)
    .leftJoin(designs, eq(designs.projectId, projects.id))
    // The list must belong to the project's owner: projects.list_id has no foreign key.
    .leftJoin(mailingLists, and(eq(mailingLists.id, projects.listId), eq(mailingLists.userId, projects.userId)));

export type ProjectRecord = Awaited<ReturnType<typeof selectRecords>>[number];

/** Projects (docs/requirements/projects.md#data). Every query is scoped to the owning user. */
export const projectsRepo = {
  /** The user's projects with design and list summaries, newest first. */
  listRecords: (db: Db, userId: string): Promise<ProjectRecord[]> =>
    selectRecords(db).where(eq(projects.userId, userId)).orderBy(desc(projects.createdAt), desc(projects.id)),

  findRecord: async (db: Db, userId: string, id: string): Promise<ProjectRecord | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await selectRecords(db).where(and(eq(projects.id, id), eq(projects.userId, userId))).limit(1))[0];
  },

  findRow: async (db: Db, userId: string, id: string): Promise<ProjectRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(projects).where(and(eq(projects.id, id), eq(projects.userId, userId))).limit(1))[0];
  },

  /** Whether the mailing list exists and belongs to the user. */
  ownsList: async (db: Db, userId: string, listId: string): Promise<boolean> => {
    if (!isUuid(listId)) return false;
    return (await db.select({ id: mailingLists.id }).from(mailingLists)
      .where(and(eq(mailingLists.id, listId), eq(mailingLists.userId, userId))).limit(1)).length > 0;
  },

  /** How many of the user's projects have `listId` as their current list. */
  countUsingList: async (db: Db, userId: string, listId: string): Promise<number> =>
    (await db.select({ n: count() }).from(projects).where(and(eq(projects.userId, userId), eq(projects.listId, listId))))[0].n,

  countForUser: async (db: Db, userId: string): Promise<number> =>
    (await db.select({ n: count() }).from(projects).where(eq(projects.userId, userId)))[0].n,

  /** Serialises project creation per user (row lock on the user) so the plan limit holds. */
  lockUser: async (db: Db, userId: string): Promise<void> => {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  insert: async (db: Db, values: NewProject): Promise<ProjectRow> =>
    (await db.insert(projects).values(values).returning())[0],

  update: async (db: Db, userId: string, id: string, set: Partial<NewProject>): Promise<ProjectRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.update(projects).set({ ...set, updatedAt: new Date() })
      .where(and(eq(projects.id, id), eq(projects.userId, userId))).returning())[0];
  },

  /** Sets the project's list only while it has none; true when it did. */
  adoptList: async (db: Db, userId: string, id: string, listId: string): Promise<boolean> =>
    (await db.update(projects).set({ listId, updatedAt: new Date() })
      .where(and(eq(projects.id, id), eq(projects.userId, userId), isNull(projects.listId)))
      .returning({ id: projects.id })).length > 0,

  delete: async (db: Db, userId: string, id: string): Promise<boolean> => {
    if (!isUuid(id)) return false;
    return (await db.delete(projects).where(and(eq(projects.id, id), eq(projects.userId, userId))).returning({ id: projects.id })).length > 0;
  },
};
