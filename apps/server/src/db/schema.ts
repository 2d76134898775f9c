/**
 * Database schema (Drizzle, PostgreSQL dialect; runs on PGlite and PostgreSQL alike).
 * Sizes are bytes (bigint as JS number), times are timestamptz.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Companies (spec 000 §1, §3 Space info): name, unified social credit code (GB 32100-2015, unique),
 * company space quota and service end (null: 无限制).
 */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
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
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  isAdministrator: boolean('is_administrator').notNull().default(false),
  corpId: uuid('corp_id').references(() => companies.id, { onDelete: 'set null' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

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
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
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
    projectId: uuid('project_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

/** Collected projects (/myCollectionProject). */
export const projectCollections = pgTable(
  'project_collections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** Last visit of a project by a user (/lately, recently viewed). */
export const projectVisits = pgTable(
  'project_visits',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('project_visits_recent_idx').on(t.userId, t.visitedAt),
  ],
);

/**
 * Files and folders of every area — spec 001 §3 file row, §4 statuses. `spaceId` (column owner_id)
 * is the area the row lives in: the owner's user id for the personal space (source type 2), a
 * `spaces.id` otherwise; access to a row is decided by its space (modules/spaces/space-access.ts).
 * `uploaderId` is who created it. `kind` 1 folder, 2 file. `parentId` null at the root.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('owner_id').notNull(),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id'),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    suffix: text('suffix').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key'),
    sourceType: smallint('source_type').notNull().default(2),
    statusType: smallint('status_type').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    statusMsg: text('status_msg').notNull().default(''),
    derivedKind: text('derived_kind'),
    derivedKey: text('derived_key'),
    derivedBytes: bigint('derived_bytes', { mode: 'number' }).notNull().default(0),
    stats: jsonb('stats'),
    /** Number of the current version (issue 5 versions; 1 until a new version is added). */
    versionNo: integer('version_no').notNull().default(1),
    /**
     * Thumbnail of the current version (issue 14): 0 none yet (or it could not be made), n > 0 the
     * format `thumb.webp` was written in, beside the derived files (modules/thumbnails). Set by the
     * thumbnail job, so listings know without touching the disk.
     */
    thumbVersion: smallint('thumb_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_parent_idx').on(t.spaceId, t.parentId, t.kind, t.name),
    // Sorted folder pages (001 §4 table sort): by size or modified time, with the id tiebreak, read
    // in index order; a size range filter is a range on the same index.
    index('files_owner_parent_size_idx').on(t.spaceId, t.parentId, t.kind, t.sizeBytes, t.id),
    index('files_owner_parent_updated_idx').on(t.spaceId, t.parentId, t.kind, t.updatedAt, t.id),
    // Descending sorts keep folders first (kind ascending) and the id tiebreak ascending, which no
    // backward scan of the indexes above gives: these serve them in index order.
    index('files_owner_parent_size_desc_idx').on(
      t.spaceId,
      t.parentId,
      t.kind,
      t.sizeBytes.desc().nullsFirst(),
      t.id,
    ),
    index('files_owner_parent_updated_desc_idx').on(
      t.spaceId,
      t.parentId,
      t.kind,
      t.updatedAt.desc().nullsFirst(),
      t.id,
    ),
    uniqueIndex('files_unique_name_idx').on(
      t.spaceId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/**
 * Versions of a file (001 §7 FileVersionAdd, 000 §7 FileVersionInfo). Every version's bytes count
 * against the owner's quota. The file row mirrors its current version (`files.version_no`): size,
 * storage key, conversion status and derived outputs; rows here keep each version's own. Version 1
 * of a file uploaded before it had versions is recorded from the file row when first needed.
 * Storage: version n ≥ 2 under `files/<owner>/<file>/v<n>/{original,derived/}`.
 */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    suffix: text('suffix').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    statusType: smallint('status_type').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    statusMsg: text('status_msg').notNull().default(''),
    derivedKind: text('derived_kind'),
    derivedKey: text('derived_key'),
    derivedBytes: bigint('derived_bytes', { mode: 'number' }).notNull().default(0),
    stats: jsonb('stats'),
    /** This version's thumbnail format (files.thumbVersion). */
    thumbVersion: smallint('thumb_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('file_versions_file_number_idx').on(t.fileId, t.number)],
);

/** tus uploads in progress (creation → completion). Reserved bytes count against the quota. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id'),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** A new version of this file (FileVersionAdd) instead of a new file; null for plain uploads. */
    versionOf: uuid('version_of'),
    /** The area the file goes into (files.spaceId). */
    spaceId: uuid('space_id'),
    /** Who pays for the bytes: 'user:<id>', 'company:<id>' or '' (libraries); reservations sum per account. */
    quotaAccount: text('quota_account').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId),
    index('uploads_expires_idx').on(t.expiresAt),
    index('uploads_quota_idx').on(t.quotaAccount),
  ],
);

/**
 * Completed-transfer records (spec 000 §3 "Completed upload record", §7 GetTransmissionData): one row
 * per finished upload (or version upload) of a user. Deleting a record never touches the file.
 * `fileType` is the upload status of 001 §4 (1 uploading, 0 failed, 2 complete); the server writes
 * rows at completion (2) and the list shows only 2. `sourceType` 1 enterprise, 2 personal, 3 knowledge
 * base; `mainIuid` the file; `knowledgeBaseType` StandardInfo / Company / Mine for knowledge bases.
 */
export const transferRecords = pgTable(
  'transfer_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    fileType: smallint('file_type').notNull().default(2),
    sourceType: smallint('source_type').notNull().default(2),
    mainIuid: text('main_iuid').notNull().default(''),
    knowledgeBaseType: text('knowledge_base_type').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('transfer_records_owner_idx').on(t.ownerId, t.createdAt)],
);

/** Favourites (collect): spec 001 §4 "Collect toggles collectbit". */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] })],
);

/**
 * Drawings linked to a model (001 §2 link-drawing dialog; issue 13 "Drawing ↔ model"): the DWG files
 * chosen for a model file; both rows go with either file.
 */
export const modelDrawingLinks = pgTable(
  'model_drawing_links',
  {
    modelId: uuid('model_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    drawingId: uuid('drawing_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.drawingId] }),
    index('model_drawing_links_drawing_idx').on(t.drawingId),
  ],
);

/**
 * Models open in a viewer right now (001 §8 -120; modules/model-opens): one row per socket and file,
 * seen by every API node. `version` is the version shown; `tabId` the browser tab (x-tab-id); a row
 * counts while `heartbeatAt` is recent (MODEL_OPEN_TTL_MS) and goes when its socket disconnects.
 */
export const modelOpens = pgTable(
  'model_opens',
  {
    socketId: text('socket_id').notNull(),
    tabId: text('tab_id').notNull().default(''),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.socketId, t.fileId] }),
    index('model_opens_file_idx').on(t.fileId, t.heartbeatAt),
  ],
);

/** Share links (001 §3 share entry, §9 validity). `expiresAt` null = long-term. */
export const shares = pgTable(
  'shares',
  {
    code: text('code').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    pwd: text('pwd').notNull().default(''),
    isPublic: boolean('is_public').notNull(),
    allowDownload: boolean('allow_download').notNull(),
    viewName: text('view_name').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    visits: integer('visits').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('shares_owner_idx').on(t.ownerId), index('shares_file_idx').on(t.fileId)],
);

/**
 * Join applications (000 §3 Join application, §4): `status` 2 pending, 1 approved, 0 rejected; at
 * most one pending per user. `userName` is the name the applicant gave on the join form.
 */
export const companyApplications = pgTable(
  'company_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corpId: uuid('corp_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    corpId: uuid('corp_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    userName: text('user_name').notNull(),
    status: smallint('status').notNull().default(2),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
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
  id: uuid('id').primaryKey().defaultRandom(),
  inviteId: uuid('invite_id')
    .notNull()
    .references(() => companyInvites.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
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
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    corpId: text('corp_id').notNull(),
    unionId: text('union_id').notNull(),
    dingUserId: text('ding_user_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

/**
 * Orders of the payment centre (000 §2 /payCenter, /wxPay, /aliPay; §9 plans; modules/orders). One
 * row per purchase attempt. `orderNo` is the merchant's trade number sent to the provider
 * (out_trade_no). `amountFen` is computed on the server from the plan table (fen, 1 yuan = 100 fen).
 * `state`: unpaid → paid (verified notify or query) | closed (2 h unpaid, or closed at the provider);
 * paid → refunded (by hand). `channel`: wechat | alipay. The buyer is `userId` (who placed it) and,
 * for a company plan, `companyId` (whose service it extends). `codeUrl` is the QR content (WeChat
 * Native code_url, Alipay precreate qr_code), `payUrl` Alipay's page-pay address.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    planId: text('plan_id').notNull(),
    periodId: text('period_id').notNull(),
    months: integer('months').notNull(),
    amountFen: integer('amount_fen').notNull(),
    channel: text('channel').notNull(),
    state: text('state').notNull().default('unpaid'),
    description: text('description').notNull().default(''),
    codeUrl: text('code_url'),
    payUrl: text('pay_url'),
    /** The provider's transaction id (WeChat transaction_id, Alipay trade_no), once paid. */
    providerTradeNo: text('provider_trade_no'),
    /** Service end of the buyer before and after this order was applied (audit). */
    serviceStopBefore: timestamp('service_stop_before', { withTimezone: true }),
    serviceStopAfter: timestamp('service_stop_after', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    index('orders_state_idx').on(t.state, t.expiresAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);

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
