/**
 * Column helpers shared by the schema files (Drizzle, PostgreSQL dialect).
 */
import { bigint, jsonb, smallint, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `id uuid primary key default gen_random_uuid()`: the id column of most tables. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * `<name> uuid not null references <target> on delete cascade`: a row that belongs to another and
 * goes with it (issue 17: one spelling for the schema's many owner links).
 */
export const cascadeRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/**
 * `<name> uuid references <target> on delete set null`: an optional link that outlives its target
 * (who created, uploaded or invited; the row stays when that user or company goes).
 */
export const setNullRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).references(target, { onDelete: 'set null' });

/**
 * The conversion state a file row and each of its versions carry (issue 17: one definition for
 * `files` and `file_versions`): conversion status (`statusType`), progress %, message,
 * the derived output (kind, storage key, bytes) and the model's stats.
 */
export const conversionColumns = () => ({
  statusType: smallint('status_type').notNull().default(0),
  progress: smallint('progress').notNull().default(0),
  statusMsg: text('status_msg').notNull().default(''),
  derivedKind: text('derived_kind'),
  derivedKey: text('derived_key'),
  derivedBytes: bigint('derived_bytes', { mode: 'number' }).notNull().default(0),
  stats: jsonb('stats'),
});
