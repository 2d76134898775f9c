/**
 * File areas ("spaces", spec 001 §1–§3): where a file lives decides who may see and change it.
 *
 * - `personal`: 我的文件 (/myDocument, source type 2), the user's own; its id is the user's id.
 * - `project`: a company project (/projectFile, source type 1); members have a role.
 * - knowledge bases (source type 3, 001 §3 "Knowledge-base types"): `StandardInfo` the public
 *   standard library (/standardData), `Company` the company resource library (/companyKnowledgeBase,
 *   company edition only), `Mine` the user's resource library (/myKnowledgeBase).
 * - public libraries: `component` (/commonBuildLibrary) and `blueprint` (/blueprintData).
 *
 * Rights (what the caller may do in a space; the server decides, the web only hides buttons):
 * | space | view, download | upload, new folder | rename, delete | share | manage members |
 * |---|---|---|---|---|---|
 * | personal, Mine | owner | owner | owner | owner | — |
 * | project manager | yes | yes | yes | yes | yes |
 * | project editor | yes | yes | yes | yes | — |
 * | project viewer | yes | — | — | — | — |
 * | company administrator (any project of the company) | as manager |||||
 * | Company base, members | yes | yes | own uploads; administrators all | yes | — |
 * | StandardInfo, component, blueprint | everyone signed in | system administrators | system administrators | — | — |
 * Anyone else sees nothing of a space: its ids answer 404 like missing ones.
 */
import { z } from 'zod';
import { Api } from './routes.ts';

export const SPACE_KINDS = [
  'personal',
  'project',
  'StandardInfo',
  'Company',
  'Mine',
  'component',
  'blueprint',
] as const;
export const SpaceKind = z.enum(SPACE_KINDS);
export type SpaceKindValue = z.infer<typeof SpaceKind>;

/** Knowledge-base kinds (001 §3). */
export const KNOWLEDGE_BASE_KINDS = ['StandardInfo', 'Company', 'Mine'] as const;
/** Public library kinds (001 §2 /commonBuildLibrary, /blueprintData). */
export const PUBLIC_LIBRARY_KINDS = ['component', 'blueprint'] as const;
/** Kinds created on first use, one per scope (everyone, a company, a user). */
export const LIBRARY_KINDS = [...KNOWLEDGE_BASE_KINDS, ...PUBLIC_LIBRARY_KINDS] as const;
export type LibraryKindValue = (typeof LIBRARY_KINDS)[number];
export const LibraryKind = z.enum(LIBRARY_KINDS, { message: '不支持的资源库类型' });

/** Source type of a space's files (001 §3: 1 enterprise, 2 personal, 3 knowledge base). */
export const SOURCE_TYPE_OF_KIND: Record<SpaceKindValue, 1 | 2 | 3> = {
  personal: 2,
  project: 1,
  StandardInfo: 3,
  Company: 3,
  Mine: 3,
  component: 3,
  blueprint: 3,
};

/** Project roles (issue 5) with their labels. */
export const PROJECT_ROLES = ['manager', 'editor', 'viewer'] as const;
export const ProjectRole = z.enum(PROJECT_ROLES, { message: '角色只能是 manager、editor 或 viewer' });
export type ProjectRoleValue = z.infer<typeof ProjectRole>;
export const PROJECT_ROLE_LABELS: Record<ProjectRoleValue, string> = {
  manager: '管理者',
  editor: '编辑者',
  viewer: '查看者',
};

/** What the caller may do in a space (see the module table). */
export const SpaceRights = z.object({
  view: z.boolean(),
  download: z.boolean(),
  upload: z.boolean(),
  /** Rename, delete, new folder, new version — of every row (Company base: see `editOwn`). */
  edit: z.boolean(),
  /** Only rows they uploaded may be renamed or deleted (Company base members). */
  editOwn: z.boolean(),
  share: z.boolean(),
  /** Rename or delete the project, manage its members. */
  manage: z.boolean(),
});
export type SpaceRightsValue = z.infer<typeof SpaceRights>;

/** A space as the lists present it: which area, its name, the caller's rights and project role. */
export const SpaceSummary = z.object({
  spaceId: z.string(),
  kind: SpaceKind,
  name: z.string(),
  sourceType: z.number(),
  rights: SpaceRights,
  role: ProjectRole.nullable(),
});
export type SpaceSummaryValue = z.infer<typeof SpaceSummary>;

/** Message of an action the caller's role does not allow (403). */
export const NO_RIGHT_MESSAGE = '您没有此操作的权限，请联系项目管理员';
/** Message of a preview without view permission (001 §2 Preview overlay). */
export const NO_VIEW_MESSAGE = '您没有查看权限，请联系管理员';

/**
 * Body of the four list-add confirmations (001 §7 ProjectFileListAdd, DrawingFileListAdd,
 * KnowledgeBaseListAdd, publiclibraryFileListAdd; routes.ts): the files a batch of tus uploads created,
 * confirmed into their area. Each endpoint accepts only files the caller uploaded into its kind of area.
 */
export const ListAddBody = z.object({
  list: z.array(z.object({ IUID: z.string().min(1) })).max(1000, '一次最多确认1000个文件'),
});
export type ListAddBodyValue = z.infer<typeof ListAddBody>;

/**
 * The list-add call that confirms finished uploads into an area (001 §7 ProjectFileListAdd /
 * DrawingFileListAdd "chosen by a flag", KnowledgeBaseListAdd, publiclibraryFileListAdd), by the
 * area's kind (absent = the personal space).
 */
export function listAddPath(kind: SpaceKindValue | undefined): string {
  if (kind === 'project') return Api.projectFileListAdd;
  if (kind && (PUBLIC_LIBRARY_KINDS as readonly string[]).includes(kind)) return Api.publicLibraryFileListAdd;
  if (kind && (KNOWLEDGE_BASE_KINDS as readonly string[]).includes(kind)) return Api.knowledgeBaseListAdd;
  return Api.drawingFileListAdd;
}

/** The route of each area kind that opens a folder and highlights a row (001 §2 route table). */
export const AREA_ROUTES: Record<SpaceKindValue, string> = {
  personal: '/myDocument',
  project: '/projectFile',
  StandardInfo: '/standardData',
  Company: '/companyKnowledgeBase',
  Mine: '/myKnowledgeBase',
  component: '/commonBuildLibrary',
  blueprint: '/blueprintData',
};

/**
 * Where 定位 opens a file (001 §2 `pageMode=location&iuid=`): its area's route, with the project of a
 * project file; `spaceKind` absent = the personal space.
 */
export function locateUrl(row: { iuid: string; spaceId: string; spaceKind?: SpaceKindValue }): string {
  const kind = row.spaceKind ?? 'personal';
  const q = new URLSearchParams({ pageMode: 'location', iuid: row.iuid });
  if (kind === 'project') q.set('projectId', row.spaceId);
  return `${AREA_ROUTES[kind]}?${q.toString()}`;
}
