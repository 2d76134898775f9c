/**
 * Files and what hangs off them (spec 001 §3–§9): file and folder rows, versions, tus uploads in
 * progress, transfer records, favourites, model–drawing links, open models and share links.
 * Drizzle, PostgreSQL dialect (PGlite and PostgreSQL alike); sizes are bytes, times timestamptz.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeRef, conversionColumns, createdAt, idColumn, setNullRef } from './columns.ts';
import { users } from './accounts.ts';

/**
 * Files and folders of every area — spec 001 §3 file row, §4 statuses. `spaceId` (column owner_id)
 * is the area the row lives in: the owner's user id for the personal space (source type 2), a
 * `spaces.id` otherwise; access to a row is decided by its space (modules/spaces/space-access.ts).
 * `uploaderId` is who created it. `kind` 1 folder, 2 file. `parentId` null at the root.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    spaceId: uuid('owner_id').notNull(),
    uploaderId: setNullRef('uploader_id', () => users.id),
    parentId: uuid('parent_id'),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    suffix: text('suffix').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key'),
    sourceType: smallint('source_type').notNull().default(2),
    ...conversionColumns(),
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
    id: idColumn(),
    fileId: cascadeRef('file_id', () => files.id),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    suffix: text('suffix').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploaderId: setNullRef('uploader_id', () => users.id),
    storageKey: text('storage_key').notNull(),
    ...conversionColumns(),
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
    ownerId: cascadeRef('owner_id', () => users.id),
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
    id: idColumn(),
    ownerId: cascadeRef('owner_id', () => users.id),
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
    userId: cascadeRef('user_id', () => users.id),
    fileId: cascadeRef('file_id', () => files.id),
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
    modelId: cascadeRef('model_id', () => files.id),
    drawingId: cascadeRef('drawing_id', () => files.id),
    linkedBy: setNullRef('linked_by', () => users.id),
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
    userId: cascadeRef('user_id', () => users.id),
    fileId: cascadeRef('file_id', () => files.id),
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
    ownerId: cascadeRef('owner_id', () => users.id),
    fileId: cascadeRef('file_id', () => files.id),
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
