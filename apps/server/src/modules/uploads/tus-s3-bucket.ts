/**
 * The S3 requests of the store of tus uploads in progress (tus-s3-store.ts; issue 15): one method
 * per request the store makes (GetObject, PutObject, HeadObject, CopyObject, DeleteObject(s), a
 * multipart upload's Create/UploadPart/Complete/Abort, the paged ListObjectsV2 and
 * ListMultipartUploads) on the product's S3 store (its client and bucket), and the keys of the
 * store's own objects: `<S3_PREFIX><folder><id><suffix>`, e.g. `tus/<id>.info` (tus-s3-record.ts)
 * and `tus/<id>.part-<random>` (tus-s3-incomplete-part.ts).
 * Keys given to the methods are bucket keys (prefix included). Errors are S3's, as thrown by the
 * SDK (`isMissing` tells a missing object or multipart upload), except `deleteKey` (never throws)
 * and `abortMultipart` (false when the multipart upload is already gone).
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type _Object,
  type MultipartUpload,
} from '@aws-sdk/client-s3';
import { ERRORS } from '@tus/utils';
import type { S3Storage } from '../../storage/s3-storage.ts';

/** The upload id a key of the store's own objects starts with (`<uuid>.info`, `<uuid>.part-…`). */
export const UUID_PREFIX = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/** Whether an S3 error says the object or the multipart upload does not exist. */
export const isMissing = (err: unknown) => {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchKey' ||
    e?.name === 'NoSuchUpload' ||
    e?.Code === 'NoSuchUpload' ||
    e?.$metadata?.httpStatusCode === 404
  );
};

/** The S3 requests of the store, on one bucket (see the module comment). */
export class TusS3Bucket {
  private readonly s3: S3Storage;
  /** Folder of the store's own objects under the prefix (`tus/`). */
  readonly folder: string;

  constructor(s3: S3Storage, folder: string) {
    this.s3 = s3;
    this.folder = folder;
  }

  private get client() {
    return this.s3.client;
  }
  /** The bucket's name. */
  get bucket(): string {
    return this.s3.bucket;
  }
  /** Bucket key of storage key `key` (the prefix put in front). */
  objectKey(key: string): string {
    return this.s3.objectKey(key);
  }
  /** Bucket key of one of this upload's own objects (`suffix`: `.info`, `.part-…`). @throws FILE_NOT_FOUND for an id not a UUID. */
  own(id: string, suffix: string): string {
    if (!UUID_PREFIX.test(id) || id.length !== 36) throw ERRORS.FILE_NOT_FOUND;
    return this.s3.objectKey(`${this.folder}${id}${suffix}`);
  }

  /** GetObject, the body as text. */
  async getText(key: string): Promise<string> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return res.Body!.transformToString();
  }
  /** GetObject, the body as bytes. */
  async getBytes(key: string): Promise<Buffer> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }
  /** PutObject of `body` (whole), with the content type or length when given. */
  async put(
    key: string,
    body: string | Buffer,
    extra: { ContentType?: string; ContentLength?: number } = {},
  ): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ...extra }));
  }
  /** DeleteObject; any failure is ignored. */
  async deleteKey(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
  }
  /** DeleteObjects (quiet) of `keys` (at most 1,000). */
  async deleteKeys(keys: string[]): Promise<void> {
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((k) => ({ Key: k })), Quiet: true },
      }),
    );
  }
  /** HeadObject: the object's size in bytes, null when there is none. */
  async headSize(key: string): Promise<number | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return h.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
  /** Server-side CopyObject `from` → `to` in the bucket (up to 5 GiB). */
  async copyObject(from: string, to: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  /** CreateMultipartUpload at `key`. @returns its upload id. */
  async createMultipart(key: string): Promise<string> {
    const res = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    return res.UploadId!;
  }
  /** UploadPart number `n` of multipart upload `uploadId` at `key`. @returns its ETag ('' when none). */
  async uploadPart(key: string, uploadId: string, n: number, data: Buffer): Promise<string> {
    const res = await this.client.send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: n,
        Body: data,
        ContentLength: data.length,
      }),
    );
    return res.ETag ?? '';
  }
  /** CompleteMultipartUpload of `uploadId` at `key` with `parts` (numbers and ETags, in order). */
  async completeMultipart(
    key: string,
    uploadId: string,
    parts: readonly { n: number; etag: string }[],
  ): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
      }),
    );
  }
  /** AbortMultipartUpload. @returns false when it no longer exists (no error then). */
  async abortMultipart(key: string, uploadId: string): Promise<boolean> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** ListObjectsV2 under `prefix`, page by page (the next page is asked for when the caller goes on). */
  async *listObjects(prefix: string): AsyncGenerator<_Object[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      yield page.Contents ?? [];
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  /** ListMultipartUploads under `prefix`, page by page (as `listObjects`). */
  async *listMultipartUploads(prefix: string): AsyncGenerator<MultipartUpload[]> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: prefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      yield page.Uploads ?? [];
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }
}
