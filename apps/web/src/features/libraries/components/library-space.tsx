/**
 * Resolves a library route's area (issue 5; 001 §2 library group, §3): asks `GetLibrary` for the
 * caller's knowledge base or public library of `kind` and renders `children(space)` — the shared file
 * browser with that space id — once known. While it loads a spinner shows; a refusal (the Company base
 * without a company, or in the personal edition) shows the server's message with a way home.
 */
import type { LibraryKindValue, SpaceSummaryValue } from '@bimdrive/contracts';
import { Button, Result, Spin } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLibrary } from '../api/get-library.ts';
import '../i18n.ts';

/** Props of LibrarySpace. */
export interface LibrarySpaceProps {
  kind: LibraryKindValue;
  /** The page of the resolved area. */
  children: (space: SpaceSummaryValue) => ReactNode;
}

/** The area of a library route, then its page. */
export function LibrarySpace({ kind, children }: LibrarySpaceProps): ReactElement {
  const { t } = useTranslation('libraries');
  const navigate = useNavigate();
  const library = useLibrary(kind);
  if (library.isError)
    return (
      <div className="page-card" data-testid="library-refused">
        <Result
          status="403"
          title={t('refused.title')}
          subTitle={library.error.message || t('refused.subTitle')}
          extra={
            <Button type="primary" onClick={() => void navigate('/myDocument')}>
              {t('refused.back')}
            </Button>
          }
        />
      </div>
    );
  if (!library.data)
    return (
      <div className="page-card" style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
        <Spin />
      </div>
    );
  return <>{children(library.data)}</>;
}
