/**
 * The operation log (spec 001 §2 /operationLog): the append-only audit trail of actions.
 * Drizzle, PostgreSQL dialect (PGlite and PostgreSQL alike); sizes are bytes, times timestamptz.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The operation log (001 §2 /operationLog; modules/operation-log): an append-only audit trail of
 * what matters for security and support, written by each action in its own transaction. `action` is
 * a stable code (`auth.login.ok`, `file.upload`, `share.create`, `admin.user.disable`, …; contracts
 * OPERATION_ACTIONS). The actor's name, phone and company are copied at write time, so an entry
 * reads the same after the account changes or goes; no foreign keys for the same reason. `companyId`
 * scopes what a company administrator may read. Rows are only inserted, and removed when older
 * than OPERATION_LOG_RETENTION_DAYS (a daily job).
 */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    actorPhone: text('actor_phone').notNull().default(''),
    companyId: uuid('company_id'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    action: text('action').notNull(),
    objectType: text('object_type').notNull().default(''),
    objectId: text('object_id').notNull().default(''),
    objectName: text('object_name').notNull().default(''),
    detail: jsonb('detail'),
  },
  (t) => [
    index('operation_log_at_idx').on(t.at),
    index('operation_log_company_idx').on(t.companyId, t.at),
    index('operation_log_actor_idx').on(t.actorId, t.at),
    index('operation_log_action_idx').on(t.action, t.at),
  ],
);
