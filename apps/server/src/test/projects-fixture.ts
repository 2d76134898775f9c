/**
 * Projects for integration tests, made through the API (spec 001 §2 project group, §3 Project, §7
 * ProjectAdd / ProjectMemberSet): a project created by a company member (who becomes its manager)
 * and members given a role. For project rows written straight into the database see seeded-spaces.ts.
 */
import { Api, type ProjectRoleValue, type ProjectRowValue } from '@bimdrive/contracts';
import { call, type Reachable, type TestUser } from './harness.ts';

/**
 * `u` (a company member) creates the project `projectName` and becomes its manager.
 * @returns the new project row. @throws when the server refuses (message included).
 */
export async function createProject(
  t: Reachable,
  u: TestUser,
  projectName: string,
): Promise<ProjectRowValue> {
  const r = await call<ProjectRowValue>(t, 'POST', Api.projectCreate, {
    token: u.token,
    body: { projectName },
  });
  if (r.body.code !== 1) throw new Error(`create project ${projectName}: ${r.body.msg}`);
  return r.body.data;
}

/**
 * `by` (a manager of the project `projectId`) gives `member` the role `role` in it.
 * @throws when the server refuses (message included).
 */
export async function setProjectMember(
  t: Reachable,
  by: TestUser,
  projectId: string,
  member: TestUser,
  role: ProjectRoleValue,
): Promise<void> {
  const r = await call(t, 'POST', Api.projectMemberSet, {
    token: by.token,
    body: { iuid: projectId, userId: member.login.userID, role },
  });
  if (r.body.code !== 1) throw new Error(`set ${role} ${member.phone} in ${projectId}: ${r.body.msg}`);
}
