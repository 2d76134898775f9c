/** Unit tests of the thumbnail source rule and the signed thumbnail tokens (issue 14). */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StatusType } from '@bimdrive/contracts';
import { thumbKeyOf, thumbSourceOf } from './thumbnail-maker.ts';
import { signThumbToken, THUMB_URL_BUCKET_SECONDS, thumbUrlOf, verifyThumbToken } from './thumb-urls.ts';

const SPACE = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';
const row = (suffix: string, over: Partial<Parameters<typeof thumbSourceOf>[0]> = {}) => ({
  spaceId: SPACE,
  id: ID,
  storageKey: null,
  suffix,
  statusType: StatusType.none,
  derivedKey: null,
  ...over,
});
const ORIGINAL = `files/${SPACE}/${ID}/original`;
const DERIVED = `files/${SPACE}/${ID}/derived`;

describe('thumbSourceOf', () => {
  it('reads images and PDFs from their original at once', () => {
    for (const s of ['png', 'JPG', 'gif', 'webp', 'bmp', 'tiff', 'svg', 'gpj'])
      expect(thumbSourceOf(row(s))).toEqual({ kind: 'image', key: ORIGINAL, suffix: s.toLowerCase() });
    expect(thumbSourceOf(row('pdf'))).toEqual({ kind: 'pdf', key: ORIGINAL, suffix: 'pdf' });
  });

  it('waits for an office rendition and a video poster', () => {
    expect(thumbSourceOf(row('docx', { statusType: StatusType.queued }))).toBeNull();
    expect(thumbSourceOf(row('mp4', { statusType: StatusType.converting }))).toBeNull();
    const rendition = `${DERIVED}/rendition.pdf`;
    expect(thumbSourceOf(row('docx', { statusType: StatusType.done, derivedKey: rendition }))).toEqual({
      kind: 'pdf',
      key: rendition,
      suffix: 'pdf',
    });
    expect(thumbSourceOf(row('avi', { statusType: StatusType.done }))).toEqual({
      kind: 'image',
      key: `${DERIVED}/poster.jpg`,
      suffix: 'jpg',
    });
  });

  it('draws converted models from their preview or converted GLB and drawings from their DXF', () => {
    const done = (suffix: string, derived: string) =>
      thumbSourceOf(row(suffix, { statusType: StatusType.done, derivedKey: `${DERIVED}/${derived}` }));
    expect(done('ifc', 'model.frag')).toEqual({
      kind: 'model',
      key: `${DERIVED}/preview.glb`,
      suffix: 'glb',
    });
    for (const s of ['glb', 'obj', 'fbx', '3ds'])
      expect(done(s, 'model.glb')).toEqual({ kind: 'model', key: `${DERIVED}/model.glb`, suffix: 'glb' });
    for (const s of ['dwg', 'dxf'])
      expect(done(s, 'drawing.dxf')).toEqual({
        kind: 'drawing',
        key: `${DERIVED}/drawing.dxf`,
        suffix: 'dxf',
      });
    for (const s of ['ifc', 'obj', 'dwg'])
      for (const statusType of [StatusType.queued, StatusType.converting, StatusType.failed])
        expect(thumbSourceOf(row(s, { statusType, derivedKey: null }))).toBeNull();
  });

  it('gives text, archives and failed office files none', () => {
    for (const s of ['txt', 'zip', 'md', ''])
      expect(thumbSourceOf(row(s, { statusType: StatusType.done }))).toBeNull();
    expect(thumbSourceOf(row('xlsx', { statusType: StatusType.failed }))).toBeNull();
  });

  it('keeps each version in its own derived folder', () => {
    const v2 = `files/${SPACE}/${ID}/v2/original`;
    expect(thumbKeyOf(row('png'))).toBe(`${DERIVED}/thumb.webp`);
    expect(thumbKeyOf(row('png', { storageKey: v2 }))).toBe(`files/${SPACE}/${ID}/v2/derived/thumb.webp`);
  });
});

describe('thumbnail tokens', () => {
  const key = randomBytes(32);
  const USER = '33333333-3333-4333-8333-333333333333';
  const SESSION = '44444444-4444-4444-8444-444444444444';
  const claim = { fileId: ID, version: 3, format: 1, userId: USER, sessionId: SESSION };
  const now = Date.UTC(2026, 0, 1, 10, 20);

  it('verifies what it signed, for one to two hours', () => {
    const t = signThumbToken(key, claim, now);
    expect(verifyThumbToken(key, t, now)).toEqual(claim);
    expect(verifyThumbToken(key, t, now + 3600_000)).toEqual(claim);
    expect(verifyThumbToken(key, t, Date.UTC(2026, 0, 1, 12, 0))).toBeNull();
  });

  it('is the same URL within an hour, so browsers reuse the cached picture', () => {
    const start = Math.floor(now / 1000 / THUMB_URL_BUCKET_SECONDS) * THUMB_URL_BUCKET_SECONDS * 1000;
    expect(signThumbToken(key, claim, start)).toBe(signThumbToken(key, claim, start + 3599_000));
    expect(signThumbToken(key, claim, start)).not.toBe(signThumbToken(key, claim, start + 3600_000));
  });

  it('refuses forged, altered and malformed tokens', () => {
    const t = signThumbToken(key, claim, now);
    expect(verifyThumbToken(randomBytes(32), t, now)).toBeNull();
    expect(verifyThumbToken(key, t.replace('.3.', '.4.'), now)).toBeNull();
    // Another session cannot borrow it.
    expect(verifyThumbToken(key, t.replace(SESSION, USER), now)).toBeNull();
    expect(verifyThumbToken(key, `${t}x`, now)).toBeNull();
    expect(verifyThumbToken(key, 'a.b.c', now)).toBeNull();
    expect(verifyThumbToken(key, '', now)).toBeNull();
  });

  it('puts a URL only on files whose thumbnail is written', () => {
    const f = { id: ID, kind: 2, versionNo: 3, thumbVersion: 1 };
    const signer = { key, userId: USER, sessionId: SESSION };
    expect(thumbUrlOf(signer, f, now)).toMatch(/^\/api\/files\/thumb\?t=[\w.-]+$/);
    expect(thumbUrlOf(signer, { ...f, thumbVersion: 0 }, now)).toBeNull();
    expect(thumbUrlOf(signer, { ...f, thumbVersion: -1 }, now)).toBeNull();
    expect(thumbUrlOf(signer, { ...f, kind: 1 }, now)).toBeNull();
  });
});
