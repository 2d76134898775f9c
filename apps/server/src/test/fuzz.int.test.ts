/**
 * A fuzz over every operation (issue 15): every registered route (the app's route registry) is sent
 * malformed input — NUL bytes, lone surrogates, huge strings, wrong types, negative and huge numbers,
 * bad and foreign uuids, broken JSON, deep nesting, odd path parameters — anonymously and as a
 * signed-in user whose own file, folder and share link ids make the plausible values reach deep
 * into the services. No answer may be a 5xx, except the deliberate 503 of a full password-hash
 * queue. The fields of each route come from its own zod schemas (the ones that validate it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Api, type ShareCreatedValue } from '@bimdrive/contracts';
import type { RouteInfo } from '../modules/auth/route-auth.ts';
import { call, testDbKind, uploadTestFile } from './harness.ts';
import { useTestApp } from './suite-app.ts';
import { CODE_X, createCompany } from './companies-fixture.ts';
import { createProject } from './projects-fixture.ts';
import { shareEntry } from './share-entry.ts';

/** Strings no route may choke on. */
const BAD_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '',
  ' ',
  'x'.repeat(9000),
  '名称🙂',
  '../../../etc/passwd',
  '..\\..\\windows',
  '%00%2e%2e',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '-1',
  '0',
  '1e308',
  '-1e308',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
];

/** Values of the wrong type (JSON bodies). */
const BAD_VALUES: unknown[] = [
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 63),
  true,
  false,
  null,
  [],
  {},
  [1, 'a', null],
  { a: { b: { c: 'd' } } },
  Array.from({ length: 2000 }, (_, i) => i),
];

/** Whole bodies of every shape. */
const BAD_BODIES: Array<{ type: string; body: string }> = [
  { type: 'application/json', body: '{}' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"x"' },
  { type: 'application/json', body: '123' },
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"a":"\\u0000"}' },
  { type: 'application/json', body: '{"\\ud800":1}' },
  { type: 'application/json', body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', body: '['.repeat(3000) + ']'.repeat(3000) },
  { type: 'application/json', body: JSON.stringify(Array.from({ length: 20_000 }, () => ({ a: 'b' }))) },
  { type: 'application/json', body: '\u0000' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%00&b=%ED%A0%80' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="userName"\r\n\r\na\u0000b\r\n--x--',
  },
  { type: 'application/octet-stream', body: '\u0000\u0001\u0002' },
];

/** Odd values of a path parameter (the tus upload id). */
const BAD_PARAMS = [
  'x',
  '%00',
  '%ED%A0%80',
  'a'.repeat(3000),
  '..%2f..%2fetc',
  '00000000-0000-0000-0000-000000000000',
];

/** Percent-encode a string as it is, lone surrogates included (as their 3-byte CESU-8 form). */
function encodeRaw(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const cu = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (cu >= 0xd800 && cu <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i += 1;
    } else if (cu >= 0xd800 && cu <= 0xdfff) {
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def | null => ((s as { _zod?: { def?: Def } })?._zod?.def as Def) ?? null;

/** Unwrap optional, default, nullable, pipe (its input) and similar wrappers. */
function unwrap(s: unknown): unknown {
  let cur = s;
  for (let i = 0; i < 10; i++) {
    const d = defOf(cur);
    if (!d) return cur;
    if (['optional', 'default', 'nullable', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type))
      cur = d.innerType;
    else if (d.type === 'pipe') cur = d.in;
    else return cur;
  }
  return cur;
}

/** The fields of an object schema (or of an array's element), with whether it is an array. */
function fieldsOf(schema: unknown): { array: boolean; keys: Record<string, unknown> } | null {
  const s = unwrap(schema);
  const d = defOf(s);
  if (!d) return null;
  if (d.type === 'object') return { array: false, keys: d.shape as Record<string, unknown> };
  if (d.type === 'array') {
    const inner = fieldsOf(d.element);
    return inner ? { array: true, keys: inner.keys } : null;
  }
  return null;
}

describe(`fuzz over every operation (${testDbKind})`, () => {
  const [t, u] = useTestApp({
    config: { wpsViewerUrl: 'http://viewer.invalid/view?src={url}' },
    users: ['模糊测试'],
  });
  const ids: Record<string, string> = {};

  /** A value the schema would plausibly accept for `key`, using the fixture's own ids. */
  function plausible(key: string, schema: unknown, route = ''): unknown {
    const s = unwrap(schema);
    const d = defOf(s);
    const type = d?.type ?? 'string';
    if (type === 'enum') return Object.values(d!.entries as Record<string, unknown>)[0];
    if (type === 'literal') return (d!.values as unknown[])[0];
    if (type === 'number' || type === 'int') return 1;
    if (type === 'boolean') return true;
    if (type === 'array') return [plausible(key, d!.element, route)];
    if (type === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d!.shape as Record<string, unknown>))
        out[k] = plausible(k, v, route);
      return out;
    }
    if (type === 'union') return plausible(key, (d!.options as unknown[])[0], route);
    if (/phone/i.test(key)) return '13700000000';
    if (/pwd|password/i.test(key)) return 'Fuzz1234!x';
    if (/^sharecode$|^code$/i.test(key)) return ids.share;
    if (/^spaceid$/i.test(key)) return ''; // the personal space
    if (/^corpid$/i.test(key)) return '';
    if (/folder|parent/i.test(key)) return ids.folder;
    if (/user/i.test(key) && /id/i.test(key)) return ids.user;
    if (/\/(Project|Noticeboard)\//.test(route) && /iuid|project/i.test(key)) return ids.project;
    if (/iuid|id$|ids$/i.test(key)) return ids.file;
    if (/name/i.test(key)) return 'fuzz';
    if (/date|time|from|to$/i.test(key)) return '2030-01-01';
    return 'abc';
  }

  const plausibleObject = (keys: Record<string, unknown>, route: string) =>
    Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, plausible(k, v, route)]));

  /** Every string leaf of a value with a NUL appended. */
  const withNul = (v: unknown): unknown =>
    typeof v === 'string'
      ? `${v}\u0000`
      : Array.isArray(v)
        ? v.map(withNul)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withNul(x)]))
          : v;

  interface Probe {
    label: string;
    path: string;
    query?: string;
    type?: string;
    body?: string;
  }

  /** The malformed requests of one route. */
  function probesOf(r: RouteInfo): Probe[] {
    const probes: Probe[] = [];
    const paths = r.url.includes('*') ? BAD_PARAMS.map((p) => r.url.replace('*', p)) : [r.url];
    for (const p of paths) probes.push({ label: 'bare', path: p });
    const path = paths[0]!;
    const schema = r.options.schema as { querystring?: z.ZodType; body?: z.ZodType } | undefined;
    const q = fieldsOf(schema?.querystring);
    if (q) {
      const base = plausibleObject(q.keys, r.url) as Record<string, unknown>;
      const qs = (o: Record<string, unknown>) =>
        Object.entries(o)
          .flatMap(([k, v]) =>
            (Array.isArray(v) ? v : [v]).map((x) => `${encodeRaw(k)}=${encodeRaw(String(x))}`),
          )
          .join('&');
      probes.push({ label: 'query plausible', path, query: qs(base) });
      probes.push({
        label: 'query plausible + NUL',
        path,
        query: qs(withNul(base) as Record<string, unknown>),
      });
      for (const key of Object.keys(q.keys)) {
        for (const bad of BAD_STRINGS)
          probes.push({
            label: `query ${key}=${JSON.stringify(bad).slice(0, 40)}`,
            path,
            query: qs({ ...base, [key]: bad }),
          });
        probes.push({
          label: `query ${key} repeated`,
          path,
          query: `${qs(base)}&${encodeRaw(key)}=a&${encodeRaw(key)}=b`,
        });
      }
    } else if (r.method === 'GET') {
      for (const bad of BAD_STRINGS.slice(0, 6))
        probes.push({ label: 'query junk', path, query: `x=${encodeRaw(bad)}` });
    }
    if (r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'OPTIONS') {
      for (const b of BAD_BODIES) probes.push({ label: `body ${b.body.slice(0, 30)}`, path, ...b });
      const f = fieldsOf(schema?.body);
      if (f) {
        const base = plausibleObject(f.keys, r.url);
        const wrap = (o: unknown) => JSON.stringify(f.array ? [o] : o);
        const json = (label: string, o: unknown) =>
          probes.push({ label, path, type: 'application/json', body: wrap(o) });
        json('body plausible', base);
        json('body plausible + NUL', withNul(base));
        for (const key of Object.keys(f.keys)) {
          for (const bad of [...BAD_STRINGS, ...BAD_VALUES])
            json(`body ${key}=${JSON.stringify(bad).slice(0, 40)}`, { ...base, [key]: bad });
          const missing: Record<string, unknown> = { ...base };
          delete missing[key];
          json(`body without ${key}`, missing);
        }
      }
    }
    return probes;
  }

  beforeAll(async () => {
    ids.user = u.login.userID;
    // A company and a project of the user's, so company and project calls get past "no company".
    await createCompany(t, u, '模糊测试公司', CODE_X);
    ids.project = (await createProject(t, u, '模糊项目')).iuid;
    ids.file = await uploadTestFile(t, u.token, 'images/SimpleWall_Screenshot_1.png');
    const folder = await call<{ iuid: string }>(t, 'POST', Api.folderAdd, {
      token: u.token,
      body: { fileName: '模糊文件夹', parentIUID: '' },
    });
    ids.folder = (folder.body.data as { iuid?: string })?.iuid ?? ids.file;
    const share = await call<ShareCreatedValue>(t, 'POST', Api.share, {
      token: u.token,
      body: [shareEntry(ids.file, { Isallow: '1' })],
    });
    ids.share = share.body.data.shareCode;
  });

  it('answers no 5xx (but a deliberate 503) to malformed input, anonymously and signed in', async () => {
    // Calls that delete the fixture (or end the session) go last, so the others reach deep.
    const rank = (r: RouteInfo) =>
      r.url === Api.logout ? 2 : /delete|cancel|remove|exit|logout/i.test(r.url) ? 1 : 0;
    const routes = t.built
      .routes()
      .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')
      .sort((a, b) => rank(a) - rank(b));
    const failures: string[] = [];
    let sent = 0;
    const send = async (r: RouteInfo, p: Probe, token?: string) => {
      const url = `${t.baseUrl}${p.path}${p.query ? `?${p.query}` : ''}`;
      let res: Response;
      try {
        res = await fetch(url, {
          method: r.method,
          redirect: 'manual', // swagger-ui's index.html redirects to itself when given a query
          headers: {
            ...(p.type ? { 'content-type': p.type } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(r.url.startsWith(Api.tus) ? { 'tus-resumable': '1.0.0', 'upload-length': '10' } : {}),
          },
          body: p.body,
        });
      } catch (err) {
        failures.push(
          `${r.method} ${r.url} [${p.label}] ${token ? 'signed-in' : 'anonymous'}: ${String(err)}`,
        );
        return;
      }
      sent += 1;
      const text = await res.text();
      if (process.env.FUZZ_TRACE && p.label.includes('plausible') && !p.label.includes('NUL'))
        console.log(`TRACE ${r.method} ${r.url} ${token ? 'S' : 'A'} ${res.status} ${text.slice(0, 100)}`);
      if (res.status < 500) return;
      let envelope: { code?: number; msg?: string } | null = null;
      try {
        envelope = JSON.parse(text) as { code?: number; msg?: string };
      } catch {
        /* not JSON */
      }
      const msg = envelope?.msg ?? text.slice(0, 80);
      // A deliberate 503 is an envelope the service chose (busy hash queue, unconfigured DingTalk):
      // anything unexpected becomes 500 in the error handler.
      if (res.status === 503 && typeof envelope?.code === 'number' && msg) return;
      failures.push(
        `${r.method} ${r.url} [${p.label}] ${token ? 'signed-in' : 'anonymous'} → ${res.status} ${msg}`,
      );
    };
    for (const r of routes) {
      const probes = probesOf(r);
      // A few at a time: the server sees concurrent requests, the machine is not flooded.
      for (let i = 0; i < probes.length; i += 4) {
        const batch = probes.slice(i, i + 4);
        await Promise.all(batch.map((p) => send(r, p)));
        await Promise.all(batch.map((p) => send(r, p, u.token)));
      }
    }
    if (failures.length > 0) console.error(`fuzz failures:\n${failures.join('\n')}`);
    expect(sent).toBeGreaterThan(5000);
    expect(failures).toEqual([]);
  }, 900_000);
});
