/**
 * Sorting, filtering and searching of the file lists (001 §3 table column, §4; issue 5 data table and
 * search) on a real database: every whitelisted sort field both ways (folders first, id tiebreak),
 * each filter and combinations, stable paging through ties, refusals of bad parameters, subtree
 * search, 我的收藏 and 我的分享 sorting/filtering, and the cross-area search limited to the caller.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  BAD_SORT_FIELD_MESSAGE,
  FILE_SORT_FIELDS,
  type FileRowValue,
  type ListDataValue,
  type SearchDataValue,
} from '@bimdrive/contracts';
import { favourites, files, shares } from '../../db/schema/files.ts';
import { call, testDbKind } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

interface Seed {
  name: string;
  suffix: string;
  size: number;
  status: number;
  created: string;
  updated: string;
}

/** Local time "yyyy-MM-dd HH:mm:ss" → Date (the server reads filter times the same way). */
const at = (s: string) => {
  const [d, t] = s.split(' ');
  const [y, m, day] = d!.split('-').map(Number);
  const [h, mi, sec] = t!.split(':').map(Number);
  return new Date(y!, m! - 1, day!, h!, mi!, sec!);
};

// Names start with distinct lower-case letters so every collation orders them alike.
const SEEDS: Seed[] = [
  {
    name: 'alpha.ifc',
    suffix: 'ifc',
    size: 5_000_000,
    status: 3,
    created: '2026-01-05 10:00:00',
    updated: '2026-03-01 08:00:00',
  },
  {
    name: 'bravo.dwg',
    suffix: 'dwg',
    size: 120_000,
    status: 4,
    created: '2026-01-01 09:00:00',
    updated: '2026-02-10 12:00:00',
  },
  {
    name: 'charlie.pdf',
    suffix: 'pdf',
    size: 2_000,
    status: 0,
    created: '2026-01-03 11:30:00',
    updated: '2026-01-20 18:00:00',
  },
  {
    name: 'delta.docx',
    suffix: 'docx',
    size: 800_000,
    status: 3,
    created: '2026-01-02 15:00:00',
    updated: '2026-02-28 09:15:00',
  },
  {
    name: 'echo.ifc',
    suffix: 'ifc',
    size: 45_000_000,
    status: 2,
    created: '2026-01-04 08:00:00',
    updated: '2026-01-15 07:00:00',
  },
  {
    name: 'foxtrot.mp4',
    suffix: 'mp4',
    size: 9_000_000,
    status: 1,
    created: '2026-01-06 13:00:00',
    updated: '2026-03-05 16:45:00',
  },
  {
    name: 'golf.png',
    suffix: 'png',
    size: 64_000,
    status: 0,
    created: '2026-01-07 17:00:00',
    updated: '2026-02-01 10:00:00',
  },
];

describe(`file lists: sort, filter, search (${testDbKind})`, () => {
  const [t, a, b] = useTestApp({ users: ['甲', '乙'] });
  let folderId: string;
  let nestedId: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    const db = t.built.ctx.db;
    const [folder] = await db
      .insert(files)
      .values({ spaceId: a.login.userID, kind: 1, name: 'lists' })
      .returning();
    folderId = folder!.id;
    // Two sub-folders (folders list first whatever the sort) and a nested matching file.
    const subs = await db
      .insert(files)
      .values([
        {
          spaceId: a.login.userID,
          parentId: folderId,
          kind: 1,
          name: 'zulu',
          createdAt: at('2026-01-01 00:00:00'),
          updatedAt: at('2026-01-01 00:00:00'),
        },
        {
          spaceId: a.login.userID,
          parentId: folderId,
          kind: 1,
          name: 'yankee',
          createdAt: at('2026-01-09 00:00:00'),
          updatedAt: at('2026-03-09 00:00:00'),
        },
      ])
      .returning();
    nestedId = subs.find((s) => s.name === 'yankee')!.id;
    const rows = await db
      .insert(files)
      .values([
        ...SEEDS.map((s) => ({
          spaceId: a.login.userID,
          parentId: folderId,
          kind: 2,
          name: s.name,
          suffix: s.suffix,
          sizeBytes: s.size,
          statusType: s.status,
          createdAt: at(s.created),
          updatedAt: at(s.updated),
        })),
        {
          spaceId: a.login.userID,
          parentId: nestedId,
          kind: 2,
          name: 'hotel-alpha.ifc',
          suffix: 'ifc',
          sizeBytes: 10,
        },
        // B's look-alikes: never in A's lists or searches.
        { spaceId: b.login.userID, kind: 2, name: 'alpha-of-b.ifc', suffix: 'ifc', sizeBytes: 5_000_000 },
      ])
      .returning();
    for (const r of rows) ids.set(r.name, r.id);
  });

  const list = async (query: Record<string, string>, token = a.token) =>
    call<ListDataValue>(t, 'GET', Api.myDocumentList, { token, query: { folderId, rows: '100', ...query } });
  const names = async (query: Record<string, string>) => {
    const r = await list(query);
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data.list.map((x) => x.fileName);
  };

  /** Expected order of the seeded files for a sort: by the field, then by id. */
  const expected = (field: (typeof FILE_SORT_FIELDS)[number], order: 'asc' | 'desc') => {
    const key = (s: Seed): number | string =>
      field === 'fileName'
        ? s.name
        : field === 'fileBytes'
          ? s.size
          : field === 'updateTime'
            ? at(s.updated).getTime()
            : field === 'createTime'
              ? at(s.created).getTime()
              : field === 'fileSuffix'
                ? s.suffix
                : s.status;
    const dir = order === 'asc' ? 1 : -1;
    return [...SEEDS]
      .sort((x, y) => {
        const kx = key(x);
        const ky = key(y);
        if (kx !== ky) return (kx < ky ? -1 : 1) * dir;
        return ids.get(x.name)! < ids.get(y.name)! ? -1 : 1;
      })
      .map((s) => s.name);
  };

  it('sorts by every whitelisted field both ways, folders first', async () => {
    for (const field of FILE_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        const got = await names({ sort: field, order });
        const folders = got.slice(0, 2);
        expect(new Set(folders), `${field} ${order}`).toEqual(new Set(['yankee', 'zulu']));
        expect(got.slice(2), `${field} ${order}`).toEqual(expected(field, order));
      }
    }
    // Without a sort: by name ascending.
    expect((await names({})).slice(2)).toEqual(expected('fileName', 'asc'));
  });

  it('refuses a sort field outside the whitelist and bad filters clearly', async () => {
    for (const sort of ['size_bytes', 'fileName; drop table files', 'owner_id']) {
      const r = await list({ sort });
      expect(r.status).toBe(400);
      expect(r.body.code).not.toBe(1);
      expect(r.body.msg).toBe(BAD_SORT_FIELD_MESSAGE);
    }
    const bad: Array<[Record<string, string>, string]> = [
      [{ order: 'sideways' }, '排序方向'],
      [{ sizeMin: '10', sizeMax: '5' }, '下限大于上限'],
      [{ sizeMin: '-1' }, '不能为负数'],
      [{ updateFrom: 'yesterday' }, '时间格式'],
      [{ updateFrom: '2026-02-01 00:00:00', updateTo: '2026-01-01 00:00:00' }, '开始晚于结束'],
      [{ suffix: "ifc','x" }, '后缀'],
      [{ type: 'spreadsheet' }, '文件类型'],
      [{ status: '9' }, '状态'],
    ];
    for (const [query, msg] of bad) {
      const r = await list(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.msg, JSON.stringify(query)).toContain(msg);
    }
  });

  it('filters by name, suffix, type group, status, size and time ranges', async () => {
    expect(await names({ name: 'ALP' })).toEqual(['alpha.ifc']);
    expect(await names({ name: '%' })).toEqual([]); // wildcards match literally
    expect(await names({ suffix: 'ifc,dwg' })).toEqual(['alpha.ifc', 'bravo.dwg', 'echo.ifc']);
    expect(await names({ suffix: 'IFC' })).toEqual(['alpha.ifc', 'echo.ifc']);
    expect(await names({ type: 'office,pdf' })).toEqual(['charlie.pdf', 'delta.docx']);
    expect(await names({ type: 'folder,image' })).toEqual(['yankee', 'zulu', 'golf.png']);
    expect(await names({ status: '3' })).toEqual(['alpha.ifc', 'delta.docx']);
    expect(await names({ status: '0,4' })).toEqual(['bravo.dwg', 'charlie.pdf', 'golf.png']);
    // Inclusive bounds; folders have no size, so a size range leaves them out.
    expect(await names({ sizeMin: '120000', sizeMax: '5000000' })).toEqual([
      'alpha.ifc',
      'bravo.dwg',
      'delta.docx',
    ]);
    expect(await names({ sizeMin: '9000000' })).toEqual(['echo.ifc', 'foxtrot.mp4']);
    expect(await names({ sizeMax: '64000' })).toEqual(['charlie.pdf', 'golf.png']);
    expect(await names({ updateFrom: '2026-02-28 09:15:00', updateTo: '2026-03-05 16:45:00' })).toEqual([
      'alpha.ifc',
      'delta.docx',
      'foxtrot.mp4',
    ]);
    // A date alone is its midnight; the folder created 2026-01-09 00:00:00 is just outside.
    expect(await names({ createFrom: '2026-01-06', createTo: '2026-01-08 23:59:59' })).toEqual([
      'foxtrot.mp4',
      'golf.png',
    ]);
    expect(await names({ createFrom: '2026-01-06', createTo: '2026-01-09 00:00:00' })).toEqual([
      'yankee',
      'foxtrot.mp4',
      'golf.png',
    ]);
    // An ISO instant with an offset is read as that instant.
    const iso = at('2026-03-05 16:45:00').toISOString();
    expect(await names({ updateFrom: iso, type: 'video' })).toEqual(['foxtrot.mp4']);
    // The total counts the filtered rows.
    const r = await list({ suffix: 'ifc', rows: '1' });
    expect(r.body.data.count).toBe(2);
  });

  it('combines filters with a sort', async () => {
    expect(
      await names({
        type: 'model,office',
        status: '3,4',
        sizeMin: '100000',
        sort: 'fileBytes',
        order: 'desc',
      }),
    ).toEqual(['alpha.ifc', 'delta.docx', 'bravo.dwg']);
    expect(
      await names({
        suffix: 'ifc,mp4,png',
        updateFrom: '2026-01-16 00:00:00',
        sort: 'updateTime',
        order: 'asc',
      }),
    ).toEqual(['golf.png', 'alpha.ifc', 'foxtrot.mp4']);
    expect(await names({ name: 'o', status: '0', sort: 'fileName', order: 'desc' })).toEqual(['golf.png']);
  });

  it('pages stably through ties (id breaks them) and past the end', async () => {
    const db = t.built.ctx.db;
    const [tie] = await db
      .insert(files)
      .values({ spaceId: a.login.userID, kind: 1, name: 'ties' })
      .returning();
    await db.insert(files).values(
      Array.from({ length: 11 }, (_, i) => ({
        spaceId: a.login.userID,
        parentId: tie!.id,
        kind: 2,
        name: `t${String(i).padStart(2, '0')}.txt`,
        suffix: 'txt',
        sizeBytes: i % 2 ? 100 : 200,
      })),
    );
    for (const order of ['asc', 'desc'] as const) {
      const seen: FileRowValue[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const r = await list({ folderId: tie!.id, rows: '3', page: String(page), sort: 'fileBytes', order });
        expect(r.body.data.count).toBe(11);
        seen.push(...r.body.data.list);
      }
      expect(seen).toHaveLength(11);
      expect(new Set(seen.map((s) => s.iuid)).size).toBe(11);
      const sizes = seen.map((s) => s.fileBytes);
      expect(sizes).toEqual([...sizes].sort((x, y) => (order === 'asc' ? x - y : y - x)));
      for (const size of [100, 200]) {
        const idsOfSize = seen.filter((s) => s.fileBytes === size).map((s) => s.iuid);
        expect(idsOfSize).toEqual([...idsOfSize].sort());
      }
    }
    const past = await list({ folderId: tie!.id, rows: '3', page: '9', suffix: 'txt' });
    expect(past.body.data).toMatchObject({ count: 11, list: [] });
  });

  it('searches names through the folder subtree, rows carrying their own path', async () => {
    const r = await list({ keyword: 'alpha' });
    expect(r.body.data.list.map((x) => [x.fileName, x.fullPath])).toEqual([
      ['alpha.ifc', '我的文件/lists/'],
      ['hotel-alpha.ifc', '我的文件/lists/yankee/'],
    ]);
    expect(r.body.data.count).toBe(2);
    const inner = await list({ folderId: nestedId, keyword: 'alpha' });
    expect(inner.body.data.list.map((x) => x.fileName)).toEqual(['hotel-alpha.ifc']);
    // A search combines with filters and sorts.
    const big = await list({ keyword: 'alpha', sizeMin: '100', sort: 'fileBytes', order: 'desc' });
    expect(big.body.data.list.map((x) => x.fileName)).toEqual(['alpha.ifc']);
    // B searching its own space never sees A's files; A's folder id is not B's.
    const bRoot = await list({ folderId: '', keyword: 'alpha' }, b.token);
    expect(bRoot.body.data.list.map((x) => x.fileName)).toEqual(['alpha-of-b.ifc']);
    const bInA = await list({ keyword: 'alpha' }, b.token);
    expect(bInA.status).toBe(404);
  });

  it('locates a file: its folder at the page that holds it under the sort', async () => {
    const r = await list({
      folderId: '',
      locate: ids.get('foxtrot.mp4')!,
      rows: '3',
      sort: 'fileBytes',
      order: 'desc',
      suffix: 'png', // ignored: the located file must be on the page
    });
    expect(r.status, r.body.msg).toBe(200);
    // Folders yankee and zulu, then echo (45 MB), foxtrot (9 MB): position 3 → page 2 of 3 rows.
    expect(r.body.data.located).toEqual({ iuid: ids.get('foxtrot.mp4'), folderId, page: 2 });
    expect(r.body.data.list.map((x) => x.fileName)).toEqual(['foxtrot.mp4', 'alpha.ifc', 'delta.docx']);
    expect(r.body.data.breadcrumbs.map((b) => b.fileName)).toEqual(['我的文件', 'lists']);
    const nested = await list({ locate: ids.get('hotel-alpha.ifc')! });
    expect(nested.body.data.located).toEqual({
      iuid: ids.get('hotel-alpha.ifc'),
      folderId: nestedId,
      page: 1,
    });
    const byName = await list({ locate: ids.get('golf.png')!, rows: '2' });
    // yankee, zulu | alpha, bravo | charlie, delta | echo, foxtrot | golf → page 5.
    expect(byName.body.data.located?.page).toBe(5);
    expect(byName.body.data.list.map((x) => x.fileName)).toEqual(['golf.png']);
    const other = await list({ locate: ids.get('alpha-of-b.ifc')! });
    expect(other.status).toBe(404);
    const theirs = await list({ locate: ids.get('alpha.ifc')! }, b.token);
    expect(theirs.status).toBe(404);
  });

  it('searches across areas: only the caller’s files, paged, with location', async () => {
    const search = (query: Record<string, string>, token = a.token) =>
      call<SearchDataValue>(t, 'GET', Api.searchFiles, { token, query });
    const all = await search({ keyword: 'alpha' });
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(2);
    expect(all.body.data.list.map((h) => [h.fileName, h.area, h.sourceType, h.fullPath])).toEqual([
      ['alpha.ifc', 'myDocument', 2, '我的文件/lists/'],
      ['hotel-alpha.ifc', 'myDocument', 2, '我的文件/lists/yankee/'],
    ]);
    expect(all.body.data.list[0]!.locateUrl).toBe(
      `/myDocument?pageMode=location&iuid=${ids.get('alpha.ifc')}`,
    );
    const bHits = await search({ keyword: 'alpha' }, b.token);
    expect(bHits.body.data.list.map((h) => h.fileName)).toEqual(['alpha-of-b.ifc']);
    // Paging: one per page, together the whole result, no repeats.
    const p1 = await search({ keyword: 'a', rows: '4', page: '1' });
    const p2 = await search({ keyword: 'a', rows: '4', page: '2' });
    const p3 = await search({ keyword: 'a', rows: '4', page: '3' });
    const seen = [...p1.body.data.list, ...p2.body.data.list, ...p3.body.data.list].map((h) => h.iuid);
    expect(p1.body.data.count).toBe(seen.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(ids.get('alpha-of-b.ifc'));
    // The file lists' sort and filters apply to the hits.
    const models = await search({ keyword: 'a', type: 'model', sort: 'fileBytes', order: 'desc' });
    expect(models.body.data.list.map((h) => h.fileName)).toEqual([
      'alpha.ifc',
      'bravo.dwg',
      'hotel-alpha.ifc',
    ]);
    expect(models.body.data.count).toBe(3);
    expect((await search({ keyword: 'a', sort: 'bytes' })).body.msg).toBe(BAD_SORT_FIELD_MESSAGE);
    // The favourites area alone: only collected files (each file once when in several areas).
    await t.built.ctx.db.insert(favourites).values({ userId: a.login.userID, fileId: ids.get('echo.ifc')! });
    // B collecting nothing of A's: a favourite row pointing at A's file must not leak either.
    await t.built.ctx.db.insert(favourites).values({ userId: b.login.userID, fileId: ids.get('alpha.ifc')! });
    const favOnly = await search({ keyword: '.ifc', areas: 'myCollection' });
    expect(favOnly.body.data.list.map((h) => [h.fileName, h.area, h.collectbit])).toEqual([
      ['echo.ifc', 'myCollection', true],
    ]);
    const everywhere = await search({ keyword: 'echo' });
    expect(everywhere.body.data.list.map((h) => [h.fileName, h.area])).toEqual([['echo.ifc', 'myDocument']]);
    expect((await search({ keyword: 'alpha' }, b.token)).body.data.count).toBe(1);
    expect((await search({ keyword: 'alpha', areas: 'myCollection' }, b.token)).body.data.count).toBe(0);
    // Refusals.
    expect((await search({ keyword: '  ' })).status).toBe(400);
    const area = await search({ keyword: 'a', areas: 'everyone' });
    expect(area.status).toBe(400);
    expect(area.body.msg).toContain('搜索区域');
    expect((await call(t, 'GET', Api.searchFiles, { query: { keyword: 'a' } })).status).toBe(401);
  });

  it('sorts and filters 我的收藏', async () => {
    const db = t.built.ctx.db;
    await db
      .insert(favourites)
      .values(
        ['bravo.dwg', 'golf.png', 'delta.docx'].map((n) => ({ userId: a.login.userID, fileId: ids.get(n)! })),
      )
      .onConflictDoNothing();
    const favs = (query: Record<string, string>) =>
      call<ListDataValue>(t, 'GET', Api.myCollectionList, { token: a.token, query });
    const bySize = await favs({ sort: 'fileBytes', order: 'desc' });
    expect(bySize.body.data.list.map((r) => r.fileName)).toEqual([
      'echo.ifc',
      'delta.docx',
      'bravo.dwg',
      'golf.png',
    ]);
    expect(bySize.body.data.list[0]!.fullPath).toBe('我的文件/lists/');
    const filtered = await favs({ type: 'model', sort: 'fileName', order: 'asc' });
    expect(filtered.body.data).toMatchObject({ count: 2 });
    expect(filtered.body.data.list.map((r) => r.fileName)).toEqual(['bravo.dwg', 'echo.ifc']);
    expect((await favs({ sort: 'nope' })).body.msg).toBe(BAD_SORT_FIELD_MESSAGE);
    // B's favourite of A's file is not a file B owns: B's list stays empty.
    const bFavs = await call<ListDataValue>(t, 'GET', Api.myCollectionList, { token: b.token });
    expect(bFavs.body.data.count).toBe(0);
  });

  it('sorts, filters and pages 我的分享; another user sees none of them', async () => {
    const db = t.built.ctx.db;
    const now = Date.now();
    await db.insert(shares).values([
      {
        code: 'sh-a1',
        ownerId: a.login.userID,
        fileId: ids.get('alpha.ifc')!,
        isPublic: true,
        allowDownload: true,
        createdAt: at('2026-02-01 10:00:00'),
        expiresAt: null,
      },
      {
        code: 'sh-a2',
        ownerId: a.login.userID,
        fileId: ids.get('bravo.dwg')!,
        isPublic: false,
        pwd: 'abcd',
        allowDownload: false,
        createdAt: at('2026-02-03 10:00:00'),
        expiresAt: new Date(now - 86_400_000),
      },
      {
        code: 'sh-a3',
        ownerId: a.login.userID,
        fileId: ids.get('charlie.pdf')!,
        isPublic: true,
        allowDownload: true,
        createdAt: at('2026-02-02 10:00:00'),
        expiresAt: new Date(now + 7 * 86_400_000),
      },
      {
        code: 'sh-a4',
        ownerId: a.login.userID,
        fileId: ids.get('delta.docx')!,
        isPublic: true,
        allowDownload: true,
        createdAt: at('2026-02-04 10:00:00'),
        cancelledAt: new Date(),
      },
    ]);
    const page = (query: Record<string, string>, token = a.token) =>
      call<{ list: Array<{ fileName: string; expired: boolean }>; count: number }>(
        t,
        'GET',
        Api.myShareListPage,
        { token, query },
      );
    const names = async (query: Record<string, string>) =>
      (await page(query)).body.data.list.map((r) => r.fileName);
    expect(await names({})).toEqual(['bravo.dwg', 'charlie.pdf', 'alpha.ifc']); // newest first; cancelled gone
    expect(await names({ sort: 'fileName', order: 'asc' })).toEqual([
      'alpha.ifc',
      'bravo.dwg',
      'charlie.pdf',
    ]);
    expect(await names({ sort: 'fileName', order: 'desc' })).toEqual([
      'charlie.pdf',
      'bravo.dwg',
      'alpha.ifc',
    ]);
    expect(await names({ sort: 'createTime', order: 'asc' })).toEqual([
      'alpha.ifc',
      'charlie.pdf',
      'bravo.dwg',
    ]);
    // Long-term links expire last.
    expect(await names({ sort: 'expireTime', order: 'asc' })).toEqual([
      'bravo.dwg',
      'charlie.pdf',
      'alpha.ifc',
    ]);
    expect(await names({ sort: 'expireTime', order: 'desc' })).toEqual([
      'alpha.ifc',
      'charlie.pdf',
      'bravo.dwg',
    ]);
    expect(await names({ state: 'expired' })).toEqual(['bravo.dwg']);
    expect(await names({ state: 'valid', sort: 'fileName' })).toEqual(['alpha.ifc', 'charlie.pdf']);
    expect(await names({ suffix: 'pdf,dwg', sort: 'fileName' })).toEqual(['bravo.dwg', 'charlie.pdf']);
    expect(await names({ createFrom: '2026-02-02 00:00:00', createTo: '2026-02-02 23:59:59' })).toEqual([
      'charlie.pdf',
    ]);
    const paged = await page({ rows: '2', page: '2', sort: 'fileName' });
    expect(paged.body.data).toMatchObject({ count: 3, list: [{ fileName: 'charlie.pdf' }] });
    const bad = await page({ sort: 'pwd' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(BAD_SORT_FIELD_MESSAGE);
    expect((await page({}, b.token)).body.data).toEqual({ list: [], count: 0 });
    // The old unpaged answer is unchanged.
    const old = await call<unknown[]>(t, 'GET', Api.myShareList, { token: a.token });
    expect(old.body.data).toHaveLength(3);
  });
});
