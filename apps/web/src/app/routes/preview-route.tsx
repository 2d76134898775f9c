/**
 * Route `/preview?iuid=<file>[&version=<n>]` (spec 001 §2 "/preview"; issue 13): a file's preview by
 * URL for a signed-in user, e.g. a link pasted in a chat. It opens the preview overlay over 我的文件;
 * closing the overlay leaves for /myDocument. Who may view the file is checked by the preview call
 * (a file the user may not see answers its error in the overlay).
 */
import { useEffect, type ReactElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePreview } from '../../stores/preview-store.ts';
import { MyDocumentRoute } from './my-document-route.tsx';

/** The /preview route element: 我的文件 with the file's preview open over it. */
export function PreviewRoute(): ReactElement {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const iuid = params.get('iuid') ?? '';
  const version = Number(params.get('version')) || undefined;
  useEffect(() => {
    if (!iuid) {
      void navigate('/myDocument', { replace: true });
      return;
    }
    usePreview.getState().open({ iuid, fileName: '', fileSuffix: '', version });
    // Leave /preview once the overlay closes (关闭 or Escape).
    return usePreview.subscribe((s, prev) => {
      if (prev.file && !s.file) void navigate('/myDocument', { replace: true });
    });
  }, [iuid, version, navigate]);
  return <MyDocumentRoute />;
}
