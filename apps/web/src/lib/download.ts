/**
 * Download a stored file (spec 001 §7 `GET /api/Home/GetossFile`): ask for a short-lived signed URL,
 * then let the browser fetch it through an anchor. "Code 1 with no data shows the server msg as info"
 * (001 §8).
 */
import { Api, ResultCode } from '@bimdrive/contracts';
import { message } from 'antd';
import { request } from './api-client.ts';

/** Ask the server for the signed download URL of one file; null when refused (the client toasted). */
export async function getDownloadUrl(iuid: string): Promise<string | null> {
  const body = await request<string | null>({ url: Api.ossFile, params: { IUID: iuid } });
  if (body.code !== ResultCode.ok) return null;
  if (!body.data) {
    if (body.msg) void message.info(body.msg);
    return null;
  }
  return body.data;
}

/** Download one file by iuid: signed URL → anchor click (keeps the SPA page). */
export async function downloadFile(iuid: string, fileName: string): Promise<void> {
  const url = await getDownloadUrl(iuid);
  if (!url) return;
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
