/**
 * File areas other than a user's personal space (spec 001 §2, §3): projects, knowledge bases and public
 * libraries, and a project's members, collections and visits.
 * Drizzle, PostgreSQL dialect (PGlite and PostgreSQL alike); sizes are bytes, times timestamptz.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idColumn, setNullRef } from './columns.ts';
import { companies, users } from './accounts.ts';

/**
 * File areas other than a user's personal space (spec 001 §2 project and library groups, §3 source
 * types): a project (source type 1), a knowledge base (source type 3: `StandardInfo` the public
 * standard library, `Company` one per company, `Mine` one per user) or a public library
 * (`component` /commonBuildLibrary, `blueprint` /blueprintData). Knowledge bases and libraries are
 * created on first use. `companyId` is the company of a project or `Company` base; `creatorId` the
 * project's creator or the `Mine` base's owner.
 */
export const spaces = pgTable(
  'spaces',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    creatorId: setNullRef('creator_id', () => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('spaces_company_idx').on(t.companyId, t.kind),
    index('spaces_creator_idx').on(t.creatorId, t.kind),
    // One knowledge base or library per scope, created lazily and race-free.
    uniqueIndex('spaces_singleton_uq')
      .on(t.kind)
      .where(sql`${t.kind} in ('StandardInfo', 'component', 'blueprint')`),
    uniqueIndex('spaces_company_kb_uq')
      .on(t.companyId)
      .where(sql`${t.kind} = 'Company'`),
    uniqueIndex('spaces_mine_kb_uq')
      .on(t.creatorId)
      .where(sql`${t.kind} = 'Mine'`),
  ],
);

/** Project members (issue 5): `role` manager | editor | viewer (PROJECT_ROLES in contracts). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: cascadeRef('project_id', () => spaces.id),
    userId: cascadeRef('user_id', () => users.id),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

/** Collected projects (/myCollectionProject). */
export const projectCollections = pgTable(
  'project_collections',
  {
    userId: cascadeRef('user_id', () => users.id),
    projectId: cascadeRef('project_id', () => spaces.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** Last visit of a project by a user (/lately, recently viewed). */
export const projectVisits = pgTable(
  'project_visits',
  {
    userId: cascadeRef('user_id', () => users.id),
    projectId: cascadeRef('project_id', () => spaces.id),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('project_visits_recent_idx').on(t.userId, t.visitedAt),
  ],
);
