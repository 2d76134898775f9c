/**
 * Open a shared file for a visitor (spec 000 §2 /s, 001 §6 share mode): keep the visitor token for
 * this tab and show the file in the preview overlay in share mode. Used by the landing page and, for
 * a public link, straight from the route loader as soon as the link is verified.
 */
import type { PreviewInfoValue } from '@bimdrive/contracts';
import { usePreview } from '../../../stores/preview-store.ts';
import { saveAccessToken } from '../api/visitor.ts';

export function openSharePreview(code: string, accessToken: string, preview: PreviewInfoValue): void {
  saveAccessToken(code, accessToken);
  usePreview
    .getState()
    .open(
      { iuid: preview.iuid, fileName: preview.fileName, fileSuffix: preview.fileSuffix },
      { shareCode: code, accessToken, preview },
    );
}

/** Whether preview state `s` shows the file of share `code`. */
export const isShareOpenIn = (s: ReturnType<typeof usePreview.getState>, code: string): boolean =>
  s.file !== null && s.share?.shareCode === code;

/** Whether the file of share `code` is already open in the overlay. */
export const isSharePreviewOpen = (code: string): boolean => isShareOpenIn(usePreview.getState(), code);
