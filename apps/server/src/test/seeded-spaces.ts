/**
 * Companies and projects written straight into an integration test's database (spec 000 §3 Company,
 * users.corp_id / is_corp_admin; 001 §3 Project: a `spaces` row of kind 'project' and its
 * `project_members` rows), for tests that depend only on what these rows mean (quota, plans, the space
 * policy) and not on how the API makes them. For companies and projects made through the API see
 * companies-fixture.ts and projects-fixture.ts.
 */
import { eq } from 'drizzle-orm';
import type { ProjectRoleValue } from '@bimdrive/contracts';
import { companies, users } from '../db/schema/accounts.ts';
import { projectMembers, spaces } from '../db/schema/spaces.ts';
import type { TestApp, TestUser } from './harness.ts';

/**
 * Insert the company row `values` (name, a unique creditCode, quotaBytes in bytes; planId,
 * serviceStopAt… when the test needs them); `members` become its members, `admins` its
 * administrators. @returns the company id.
 */
export async function seedCompany(
  t: TestApp,
  values: typeof companies.$inferInsert,
  members: TestUser[],
  admins: TestUser[] = [],
): Promise<string> {
  const db = t.built.ctx.db;
  const [c] = await db.insert(companies).values(values).returning({ id: companies.id });
  const corpId = c!.id;
  for (const u of members) await db.update(users).set({ corpId }).where(eq(users.id, u.login.userID));
  for (const u of admins)
    await db.update(users).set({ corpId, isCorpAdmin: true }).where(eq(users.id, u.login.userID));
  return corpId;
}

/**
 * Insert a project `name` of the company `companyId`, created by `creator`, with `members` in their
 * roles (the creator is a member only when listed). @returns the project (space) id.
 */
export async function seedProject(
  t: TestApp,
  project: { name: string; companyId: string; creator: TestUser },
  members: [TestUser, ProjectRoleValue][],
): Promise<string> {
  const db = t.built.ctx.db;
  const [p] = await db
    .insert(spaces)
    .values({
      kind: 'project',
      name: project.name,
      companyId: project.companyId,
      creatorId: project.creator.login.userID,
    })
    .returning({ id: spaces.id });
  const projectId = p!.id;
  if (members.length)
    await db
      .insert(projectMembers)
      .values(members.map(([u, role]) => ({ projectId, userId: u.login.userID, role })));
  return projectId;
}
