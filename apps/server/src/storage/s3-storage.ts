/**
 * S3-compatible object storage (issue 15 "Object storage and nodes that share nothing"; DESIGN.md: the
 * scale-out variant of local disk), on the official AWS SDK v3 (`@aws-sdk/client-s3`, multipart uploads
 * through `@aws-sdk/lib-storage`). Tested against Ceph's RADOS Gateway (scripts/ceph-s3.sh).
 *
 * Keys are the same POSIX-style relative keys as on local disk, optionally under `prefix`. An import
 * is one (multipart) upload, so a reader sees the old object or the whole new one, never a part.
 * Reads stream GetObject with an HTTP Range. Tools that need a file (converters) get a copy downloaded
 * into their scratch folder (`localFile`). With `publicEndpoint`, downloads are handed to browsers as
 * presigned GetObject URLs on that address (`directUrl`, `@aws-sdk/s3-request-presigner`), so their
 * bytes go from the store to the browser without passing through an API node.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStorage, StoredObject } from './object-storage.ts';

/** Where the store is and how to sign in (the `S3_*` settings). */
export interface S3StorageOptions {
  /** `http(s)://host:port` of the S3 API; unset for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`endpoint/bucket/key`), as Ceph RGW and MinIO want. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket (e.g. `bimdrive/`); '' for none. */
  prefix?: string;
  /** Part size of multipart uploads in bytes (default 16 MiB; S3 allows at most 10,000 parts). */
  partBytes?: number;
  /** Parts uploaded at once (default 4). */
  queueSize?: number;
  /**
   * `http(s)://host:port` at which browsers reach the store (`S3_PUBLIC_ENDPOINT`, often the
   * reverse proxy's address for it). When set, `directUrl` presigns URLs for it; unset, every byte
   * is streamed through the API node.
   */
  publicEndpoint?: string;
}

/** An S3 store as ObjectStorage, plus its client (for tests and the migrate command). */
export interface S3Storage extends ObjectStorage {
  client: S3Client;
  bucket: string;
  /** The object key in the bucket for a storage key. */
  objectKey: (key: string) => string;
  /** Create the bucket when it does not exist. @throws when the store cannot be reached or refuses. */
  ensureBucket: () => Promise<void>;
}

/** Whether a store is an S3 store (STORAGE=s3), e.g. to keep tus uploads in progress in its bucket. */
export function isS3Storage(storage: ObjectStorage): storage is S3Storage {
  const s = storage as Partial<S3Storage>;
  return typeof s.objectKey === 'function' && typeof s.bucket === 'string' && s.client !== undefined;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** Create an S3 store. Nothing is contacted until the first call. */
export function createS3Storage(opts: S3StorageOptions): S3Storage {
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      ...(endpoint ? { endpoint } : {}),
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // RGW 16 and MinIO verify the classic checksums only; send them when an operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(opts.endpoint);
  // Signs only (never sends): the URLs carry the address browsers use.
  const presigner = opts.publicEndpoint ? clientFor(opts.publicEndpoint) : null;
  const bucket = opts.bucket;
  const prefix = opts.prefix ?? '';
  const objectKey = (key: string) => {
    if (key.startsWith('/') || key.split('/').some((p) => p === '..' || p === '.'))
      throw new Error(`storage key escapes root: ${key}`);
    return prefix + key;
  };

  const read = (key: string, range?: { start: number; end: number }): Readable => {
    const out = new PassThrough({ highWaterMark: 1 << 20 });
    client
      .send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .then((res) => {
        const body = res.Body as Readable | undefined;
        if (!body) return out.end();
        body.on('error', (err) => out.destroy(err));
        out.on('close', () => body.destroy());
        body.pipe(out);
      })
      .catch((err: unknown) => {
        // Callers treat a missing object as fs does (ENOENT).
        const e = err instanceof Error ? err : new Error(String(err));
        if (notFound(err)) Object.assign(e, { code: 'ENOENT' });
        out.destroy(e);
      });
    return out;
  };

  return {
    client,
    bucket,
    objectKey,
    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        if (!notFound(err)) throw err;
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      }
    },
    async importFile(key, sourcePath) {
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: objectKey(key),
          Body: createReadStream(sourcePath, { highWaterMark: 1 << 20 }),
        },
        partSize: opts.partBytes ?? 16 << 20,
        queueSize: opts.queueSize ?? 4,
        leavePartsOnError: false,
      });
      await upload.done();
      await unlink(sourcePath);
    },
    async stat(key): Promise<StoredObject | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    read,
    async localFile(key, scratchDir) {
      const file = path.join(scratchDir, `${randomBytes(6).toString('hex')}-${path.posix.basename(key)}`);
      try {
        await pipeline(read(key), createWriteStream(file));
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
      return file;
    },
    async deletePrefix(keyPrefix) {
      const p = objectKey(keyPrefix).replace(/\/?$/, '/');
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: p, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length)
          await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // The prefix itself may be an object (deletePrefix of a single key).
      await client
        .send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: [{ Key: objectKey(keyPrefix) }], Quiet: true },
          }),
        )
        .catch(() => undefined);
    },
    ...(presigner && {
      directUrl: (
        key: string,
        o: { expiresInSeconds: number; contentType: string; contentDisposition: string },
      ) =>
        getSignedUrl(
          presigner,
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ResponseContentType: o.contentType,
            ResponseContentDisposition: o.contentDisposition,
          }),
          { expiresIn: o.expiresInSeconds },
        ),
    }),
  };
}

/** Read a whole stream into a Buffer (small objects, tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
