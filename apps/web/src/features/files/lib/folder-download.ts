/**
 * Folder download as a zip (001 §7 `GET /api/home/CompressFileFolder?iuid=`; issue 5): the server
 * hands out a short-lived signed URL for the folder and this session, and the browser's own download
 * fetches it (the zip is streamed while it is built; the name is `<folder>.zip`).
 */
import { Api } from '@bimdrive/contracts';
import { api } from '../../../lib/api-client.ts';
import { saveUrl } from '../../../lib/download.ts';

/** Start the browser's download of a folder as `<folder name>.zip`. Errors are toasted by the client. */
export async function downloadFolderZip(iuid: string, folderName: string): Promise<void> {
  const url = await api<string>({ url: Api.compressFolderUrl, params: { iuid } });
  // Followed in the transfer panel's downloading tab when it is mounted (lib/download.ts saveUrl).
  saveUrl(url, `${folderName}.zip`, 'folder');
}
