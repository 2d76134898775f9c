/**
 * Accounts and companies (spec 000 §1–§5, §7): companies, users, sessions, join applications and
 * invitations, SMS codes, phone-change grants and DingTalk identities.
 * Drizzle, PostgreSQL dialect (PGlite and PostgreSQL alike); sizes are bytes, times timestamptz.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idColumn, setNullRef } from './columns.ts';

/**
 * Companies (spec 000 §1, §3 Space info): name, unified social credit code (GB 32100-2015, unique),
 * company space quota and service end (null: 无限制).
 */
export const companies = pgTable('companies', {
  id: idColumn(),
  name: text('name').notNull(),
  creditCode: text('credit_code').notNull().unique(),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  serviceStopAt: timestamp('service_stop_at', { withTimezone: true }),
  /** The sharing plan bought last (000 §9; `PLANS` ids in contracts/plans.ts); null = free trial. */
  planId: text('plan_id'),
  /**
   * When a system administrator disabled the company (usage state 停用, 001 §2 /companyManagement);
   * null = in use. While set, its space (projects, company library, their files and share links) is
   * refused to everybody (spaces/space-access.ts); members keep their personal space.
   */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Accounts (spec 000 §3 User). `phone` is the canonical 11-digit form. `corpId` is the company the
 * user belongs to (corpIdbit), `isCorpAdmin` whether they administer it (iscorpadmin).
 */
export const users = pgTable('users', {
  id: idColumn(),
  phone: text('phone').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  isAdministrator: boolean('is_administrator').notNull().default(false),
  corpId: setNullRef('corp_id', () => companies.id),
  isCorpAdmin: boolean('is_corp_admin').notNull().default(false),
  avatar: text('avatar').notNull().default(''),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  /** End of the personal space service (000 §3 Space info serviceStopTime); null = 无限制. */
  serviceStopAt: timestamp('service_stop_at', { withTimezone: true }),
  /** The personal sharing plan bought last (000 §9; contracts/plans.ts); null = free trial. */
  planId: text('plan_id'),
  /** Disabled by a system administrator (001 §2 /personalManagement): no sign-in, sessions ended. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The last successful sign-in (any path). */
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Sessions: one active per account; a new sign-in revokes the others (000 §7 AccountExit). */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Join applications (000 §3 Join application, §4): `status` 2 pending, 1 approved, 0 rejected; at
 * most one pending per user. `userName` is the name the applicant gave on the join form.
 */
export const companyApplications = pgTable(
  'company_applications',
  {
    id: idColumn(),
    corpId: cascadeRef('corp_id', () => companies.id),
    userId: cascadeRef('user_id', () => users.id),
    userName: text('user_name').notNull(),
    status: smallint('status').notNull().default(2),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    index('company_applications_corp_idx').on(t.corpId, t.status),
    uniqueIndex('company_applications_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 2`),
  ],
);

/**
 * Invitations to a company (spec 000 §2 member list "copy invite link", §3 Company person
 * `invitebit`): an administrator invites a phone under a name; the invitation shows in the member
 * list with invitebit false until the person accepts it through a link. `status` 2 pending,
 * 1 accepted (`userId` who joined), 0 revoked (the row was removed). One pending invitation per
 * phone and company.
 */
export const companyInvites = pgTable(
  'company_invites',
  {
    id: idColumn(),
    corpId: cascadeRef('corp_id', () => companies.id),
    phone: text('phone').notNull(),
    userName: text('user_name').notNull(),
    status: smallint('status').notNull().default(2),
    invitedBy: setNullRef('invited_by', () => users.id),
    userId: setNullRef('user_id', () => users.id),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('company_invites_corp_idx').on(t.corpId, t.status),
    uniqueIndex('company_invites_one_pending_idx')
      .on(t.corpId, t.phone)
      .where(sql`${t.status} = 2`),
  ],
);

/**
 * Invite links: each copy of an invitation's link mints a random token; only its SHA-256 is kept.
 * A link works while its invitation is pending and it has not expired.
 */
export const companyInviteLinks = pgTable('company_invite_links', {
  id: idColumn(),
  inviteId: cascadeRef('invite_id', () => companyInvites.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * SMS verification codes (issue 4; 000 §4 phone change, SMS sign-in and registration). Only the
 * HMAC-SHA256 of `purpose:phone:code` is kept; a code lives 5 minutes, is single use (`consumedAt`)
 * and dies after 5 wrong attempts. `purpose`: login | register | editPhoneOld | editPhoneNew.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: idColumn(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/**
 * Step 1 of a phone change (000 §4) proven by a session: the current phone was verified with a code.
 * `EditPhone` consumes it (deleted) and accepts it only for a while after `verifiedAt`.
 */
export const phoneChangeGrants = pgTable('phone_change_grants', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: cascadeRef('user_id', () => users.id),
  oldPhone: text('old_phone').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * DingTalk identities linked to accounts (000 §2 /ddLogin, §7 DDLogin and ThirdPartyAccount/Login):
 * one row per (DingTalk corp, unionId); `corpId` '' for a personal DingTalk sign-in without a corp.
 * `dingUserId` is the person's userid inside the corp (in-app sign-in only; unique per corp only).
 * The first sign-in links by mobile to an existing account or creates one; later ones reuse the row.
 */
export const dingtalkAccounts = pgTable(
  'dingtalk_accounts',
  {
    id: idColumn(),
    corpId: text('corp_id').notNull(),
    unionId: text('union_id').notNull(),
    dingUserId: text('ding_user_id'),
    userId: cascadeRef('user_id', () => users.id),
    name: text('name').notNull().default(''),
    avatarUrl: text('avatar_url').notNull().default(''),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dingtalk_accounts_identity_uq').on(t.corpId, t.unionId),
    index('dingtalk_accounts_user_idx').on(t.userId),
  ],
);
