/**
 * Revocation (issue 15): signed URLs carry the share link or session they were handed out for and are
 * checked against it at each use, so cancelling or expiring a link, removing a member, signing out or
 * signing in elsewhere stops every URL already handed out within seconds (ticket-access.ts), and a
 * link stops working when its creator loses the right to share the file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Api,
  type BimIframeLinkValue,
  type PreviewInfoValue,
  type ShareCreatedValue,
} from '@bimdrive/contracts';
import { shares } from '../../db/schema/files.ts';
import { call, joinCompany, signUp, testDbKind, uploadTestFile, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { CODE_X, companyWithMembers } from '../../test/companies-fixture.ts';
import { createProject } from '../../test/projects-fixture.ts';
import { shareEntry } from '../../test/share-entry.ts';
import { TICKET_RECHECK_MS } from '../files/ticket-access.ts';

const IMAGE = 'images/SimpleWall_Screenshot_1.png';

type Access = { accessToken: string; preview: PreviewInfoValue };

describe(`revocation of handed-out URLs (${testDbKind})`, () => {
  const [t, admin, owner, member] = useTestApp({ users: ['管理员甲', '项目经理乙', '成员丙'] });
  let projectId = '';

  const status = async (url: string) => (await fetch(new URL(url, t.baseUrl))).status;

  /** Poll `url` until it answers `want` (at most a few seconds beyond the recheck interval). */
  async function answersWithin(url: string, want: number): Promise<number> {
    const until = Date.now() + TICKET_RECHECK_MS + 5000;
    let got = await status(url);
    while (got !== want && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      got = await status(url);
    }
    return got;
  }

  /** A public, download-allowed link of `iuid` by `u`, and what a visitor is handed for it. */
  async function shareAndVisit(u: TestUser, iuid: string) {
    const r = await call<ShareCreatedValue>(t, 'POST', Api.share, {
      token: u.token,
      body: [shareEntry(iuid, { Isvisible: '1', Isallow: '1' })],
    });
    expect(r.body.code).toBe(1);
    const code = r.body.data.shareCode;
    const info = await call<{ access: Access }>(t, 'GET', Api.shareInfo, { query: { code } });
    expect(info.body.code).toBe(1);
    const { accessToken, preview } = info.body.data.access;
    expect(preview.viewUrl).toBeTruthy();
    expect(preview.originalUrl).toBeTruthy();
    expect(await status(preview.viewUrl!)).toBe(200);
    expect(await status(preview.originalUrl!)).toBe(200);
    return { code, accessToken, viewUrl: preview.viewUrl!, originalUrl: preview.originalUrl! };
  }

  /** `u` joins the company of `admin` by application. */
  const joinCompanyX = (u: TestUser) => joinCompany(t, u, admin, '甲建设集团', CODE_X);

  const setMember = (userId: string, role: string) =>
    call(t, 'POST', Api.projectMemberSet, { token: owner.token, body: { iuid: projectId, userId, role } });

  /** An upload of a shared test file into the project by `u` (tus metadata spaceId). */
  const uploadToProject = (u: TestUser, rel = IMAGE) => uploadTestFile(t, u.token, rel, '', projectId);

  beforeAll(async () => {
    await companyWithMembers(t, admin, '甲建设集团', CODE_X, [owner, member]);
    projectId = (await createProject(t, owner, '撤销测试')).iuid;
  }, 120_000);

  it('cancelling a link stops its visitor token and every file URL it handed out', async () => {
    const iuid = await uploadTestFile(t, owner.token, IMAGE);
    const s = await shareAndVisit(owner, iuid);
    const cancel = await call(t, 'POST', Api.shareCancel, {
      token: owner.token,
      body: { shareCode: s.code },
    });
    expect(cancel.body.code).toBe(1);
    expect(await answersWithin(s.viewUrl, 403)).toBe(403);
    expect(await answersWithin(s.originalUrl, 403)).toBe(403);
    const preview = await call(t, 'GET', Api.sharePreview, { auth: `Share ${s.accessToken}` });
    expect(preview.status).toBe(404);
  });

  it('an expired link stops its URLs too', async () => {
    const iuid = await uploadTestFile(t, owner.token, IMAGE);
    const s = await shareAndVisit(owner, iuid);
    await t.built.ctx.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.code, s.code));
    expect(await answersWithin(s.originalUrl, 403)).toBe(403);
    expect((await call(t, 'GET', Api.shareInfo, { query: { code: s.code } })).status).toBe(410);
  });

  it("a link stops when its creator leaves the project, and the member's own URLs stop too", async () => {
    expect((await setMember(member.login.userID, 'editor')).body.code).toBe(1);
    const iuid = await uploadToProject(member);
    const s = await shareAndVisit(member, iuid);
    // The member's own preview and download URLs, handed to their session.
    const own = await call<PreviewInfoValue>(t, 'GET', Api.preview, {
      token: member.token,
      query: { IUID: iuid },
    });
    const dl = await call<string>(t, 'GET', Api.ossFile, { token: member.token, query: { IUID: iuid } });
    expect(await status(own.body.data.viewUrl!)).toBe(200);
    expect(await status(dl.body.data)).toBe(200);
    // An embed link of a model of the project: it outlives sessions, not the member's right.
    const model = await uploadToProject(member, 'gltf/BoxTextured.glb');
    const frame = await call<BimIframeLinkValue>(t, 'POST', Api.bimIframeLink, {
      token: member.token,
      body: { IUID: model, hours: 24, viewMode: 'full' },
    });
    expect(frame.body.code).toBe(1);
    const src = new URL(frame.body.data.url).searchParams.get('src')!;
    const framePreview = () => call(t, 'GET', Api.bimIframePreview, { query: { src } });
    expect((await framePreview()).status).toBe(200);

    const removed = await call(t, 'POST', Api.projectMemberRemove, {
      token: owner.token,
      body: { iuid: projectId, userId: member.login.userID },
    });
    expect(removed.body.code).toBe(1);
    expect(await answersWithin(s.viewUrl, 403)).toBe(403);
    expect(await answersWithin(own.body.data.viewUrl!, 403)).toBe(403);
    expect(await answersWithin(dl.body.data, 403)).toBe(403);
    expect((await call(t, 'GET', Api.shareInfo, { query: { code: s.code } })).status).toBe(404);
    const until = Date.now() + TICKET_RECHECK_MS + 5000;
    while ((await framePreview()).status !== 403 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 250));
    expect((await framePreview()).status).toBe(403);
    // Back in the project, the same link works again: it lives on its creator's right.
    expect((await setMember(member.login.userID, 'editor')).body.code).toBe(1);
    expect((await call(t, 'GET', Api.shareInfo, { query: { code: s.code } })).status).toBe(200);
    // Lowered to a viewer, who may not share: the link stops again.
    expect((await setMember(member.login.userID, 'viewer')).body.code).toBe(1);
    expect((await call(t, 'GET', Api.shareInfo, { query: { code: s.code } })).status).toBe(404);
  });

  it("a link of a company's project stops when its creator is removed from the company", async () => {
    const other = await signUp(t, '成员丁');
    await joinCompanyX(other);
    expect((await setMember(other.login.userID, 'editor')).body.code).toBe(1);
    const iuid = await uploadToProject(other);
    const s = await shareAndVisit(other, iuid);
    const gone = await call(t, 'POST', Api.companyRemove, {
      token: admin.token,
      body: { userId: other.login.userID },
    });
    expect(gone.body.code).toBe(1);
    expect(await answersWithin(s.originalUrl, 403)).toBe(403);
    expect((await call(t, 'GET', Api.shareInfo, { query: { code: s.code } })).status).toBe(404);
  });

  it('signing out or in elsewhere stops the URLs handed to the old session', async () => {
    const u = await signUp(t, '个人戊');
    const iuid = await uploadTestFile(t, u.token, IMAGE);
    const dl = await call<string>(t, 'GET', Api.ossFile, { token: u.token, query: { IUID: iuid } });
    expect(await status(dl.body.data)).toBe(200);
    const again = await call<{ token: string }>(t, 'POST', Api.login, {
      body: { phone: u.phone, password: u.password },
    });
    expect(again.body.code).toBe(1);
    expect(await answersWithin(dl.body.data, 403)).toBe(403);
    const token = again.body.data.token;
    const dl2 = await call<string>(t, 'GET', Api.ossFile, { token, query: { IUID: iuid } });
    expect(await status(dl2.body.data)).toBe(200);
    expect((await call(t, 'POST', Api.logout, { token })).body.code).toBe(1);
    expect(await answersWithin(dl2.body.data, 403)).toBe(403);
  });

  it('a URL without an origin, or of another file than its link, is refused', async () => {
    const iuid = await uploadTestFile(t, owner.token, IMAGE);
    const other = await uploadTestFile(t, owner.token, IMAGE);
    const s = await shareAndVisit(owner, iuid);
    const bare = await t.built.ctx.tokens.signTicket(
      { fileId: iuid, variant: 'original', download: true },
      600,
    );
    expect(await status(`${Api.signedFile}?t=${encodeURIComponent(bare)}`)).toBe(403);
    const crossed = await t.built.ctx.tokens.signTicket(
      { fileId: other, variant: 'original', download: false, shareCode: s.code },
      600,
    );
    expect(await status(`${Api.signedFile}?t=${encodeURIComponent(crossed)}`)).toBe(403);
  });
});
