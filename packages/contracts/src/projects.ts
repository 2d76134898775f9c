/**
 * Projects (spec 001 §2 project group, §3 Project, §7 GetProject / GetProjectFileTree; issue 5):
 * a company's projects, each a file area (source type 1) with members in a role (spaces.ts).
 *
 * The five lists of the project group (kept alive in the web, paged: default page 1, 10 rows):
 * - `lately`: projects the caller opened, most recent first (最近浏览);
 * - `all`: every project the caller may view (member, or any project of their company for a company
 *   administrator) (全部项目);
 * - `myCreated`: created by the caller (我的项目);
 * - `myParticipateIn`: the caller is a member but not the creator (我参与的项目);
 * - `myCollectionProject`: collected by the caller (我的收藏).
 */
import { z } from 'zod';
import { ProjectRole } from './spaces.ts';
import { FileNameSchema } from './validation.ts';

export const PROJECT_SCOPES = [
  'lately',
  'all',
  'myCreated',
  'myParticipateIn',
  'myCollectionProject',
] as const;
export const ProjectScope = z.enum(PROJECT_SCOPES, { message: '不支持的项目列表' });
export type ProjectScopeValue = z.infer<typeof ProjectScope>;

/** Project names follow the file-name rule of 001 §5, at most 50 characters. */
export const ProjectName = FileNameSchema.pipe(z.string().max(50, '项目名称不能超过50个字符'));

/** A project as the lists show it. Times "yyyy-MM-dd HH:mm:ss" (001 §9). */
export const ProjectRow = z.object({
  iuid: z.string(),
  projectName: z.string(),
  creatorName: z.string(),
  /** The caller's role (a company administrator who is not a member acts as manager). */
  role: ProjectRole,
  memberCount: z.number(),
  fileCount: z.number(),
  /** Bytes of the project's files. */
  usedBytes: z.number(),
  collectbit: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
  /** When the caller last opened it ('' never). */
  visitTime: z.string(),
});
export type ProjectRowValue = z.infer<typeof ProjectRow>;

/** `GET Api.projectList` query. */
export const ProjectListQuery = z.object({
  scope: ProjectScope.default('all'),
  page: z.coerce.number().int().min(1).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(10),
  /** Name contains (case-insensitive). */
  keyword: z.string().trim().max(50).optional(),
});
export type ProjectListQueryValue = z.infer<typeof ProjectListQuery>;

export const ProjectList = z.object({ list: z.array(ProjectRow), count: z.number() });
export type ProjectListValue = z.infer<typeof ProjectList>;

export const ProjectCreateBody = z.object({ projectName: ProjectName });
export const ProjectRenameBody = z.object({ iuid: z.string().min(1), projectName: ProjectName });
export const ProjectIuidBody = z.object({ iuid: z.string().min(1) });
export const ProjectIuidQuery = z.object({ iuid: z.string().min(1) });

/** A member row of the members dialog. */
export const ProjectMember = z.object({
  userId: z.string(),
  userName: z.string(),
  phone: z.string(),
  role: ProjectRole,
  isCreator: z.boolean(),
  createTime: z.string(),
});
export type ProjectMemberValue = z.infer<typeof ProjectMember>;

/** Add a member (a person of the same company) or change their role. */
export const ProjectMemberSetBody = z.object({
  iuid: z.string().min(1),
  userId: z.string().min(1),
  role: ProjectRole,
});
export const ProjectMemberRemoveBody = z.object({ iuid: z.string().min(1), userId: z.string().min(1) });

/** `POST /api/Noticeboard/GetProject` form body (001 §7): type '1' projects, '2' personal space. */
export const GetProjectBody = z.object({ type: z.enum(['1', '2']).default('1') });
/** One entry of GetProject's answer. */
export const ProjectBrief = z.object({ iuid: z.string(), projectName: z.string() });
export type ProjectBriefValue = z.infer<typeof ProjectBrief>;

/** `POST /api/Noticeboard/GetProjectFileTree` query (001 §7): type 1 project / 2 personal, iuid. */
export const ProjectFileTreeQuery = z.object({
  type: z.enum(['1', '2']).default('1'),
  /** The project (type 1); ignored for type 2. */
  iuid: z.string().default(''),
  /** Load only the children of this folder (lazy tree); '' = the whole tree. */
  folderId: z.string().default(''),
});

/** A node of the project file tree (001 §3 Project file tree node). */
export interface ProjectTreeNodeValue {
  iuid: string;
  fileName: string;
  filePath: string;
  turnPath: string;
  /** 1 folder, 2 file. */
  fileType: number;
  fileSuffix: string;
  children: ProjectTreeNodeValue[];
}
export const ProjectTreeNode: z.ZodType<ProjectTreeNodeValue> = z.lazy(() =>
  z.object({
    iuid: z.string(),
    fileName: z.string(),
    filePath: z.string(),
    turnPath: z.string(),
    fileType: z.number(),
    fileSuffix: z.string(),
    children: z.array(ProjectTreeNode),
  }),
);
