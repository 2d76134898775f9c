/**
 * The project space /projectFile (issue 5; 001 §2 /projectFile source type 1, §3 projectInfo, 000 §4
 * "current project … reset to the first when no longer listed"): decides the current project — the
 * `?projectId=` asked for, else the one stored in localStorage `projectInfo` when still listed, else
 * the first of GetProject — writes it into the URL and the store, records the visit (ProjectInfo,
 * feeding 最近浏览) and lays out the tree panel left of the file browser the route composes
 * (`children(projectId)`). A located file without `projectId` (`pageMode=location&iuid=`) takes its
 * project from GET Api.fileInfo (the row's spaceId).
 */
import { Button, Empty, Result, Spin, Space, Typography } from 'antd';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session-store.ts';
import { useFileSpaceId } from '../api/file-space.ts';
import { useGetProject } from '../api/get-project.ts';
import { useProjectInfo } from '../api/project-info.ts';
import { clearStoredProject, pickProject, readStoredProject, storeProject } from '../lib/current-project.ts';
import '../i18n.ts';
import { ProjectTreePanel } from './project-tree-panel.tsx';
import { NoCompanyActions } from './no-company-actions.tsx';

/** Props of ProjectSpace. */
export interface ProjectSpaceProps {
  /** The file browser of the project (SpaceFilesPage composed by the route). */
  children: (projectId: string) => ReactNode;
}

/** The /projectFile screen frame. */
export function ProjectSpace({ children }: ProjectSpaceProps): ReactElement {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [params, setParams] = useSearchParams();
  const requested = params.get('projectId') ?? '';
  const folderId = params.get('folderId') ?? '';
  const locateId = params.get('pageMode') === 'location' ? (params.get('iuid') ?? '') : '';
  const briefs = useGetProject();
  const fileSpace = useFileSpaceId(requested ? '' : locateId);
  const waitingForFile = !requested && !!locateId && fileSpace.isLoading;
  const current = briefs.data
    ? pickProject(briefs.data, requested || (fileSpace.data ?? ''), readStoredProject())
    : null;
  const projectId = current?.iuid ?? '';
  const listed = !!briefs.data?.some((p) => p.iuid === projectId);
  const info = useProjectInfo(projectId);

  // The chosen project goes into the URL (kept by the file browser) and into localStorage.
  useEffect(() => {
    if (!briefs.data || waitingForFile) return;
    if (!current) {
      clearStoredProject();
      return;
    }
    if (listed) storeProject(current);
    if (requested !== current.iuid) {
      const next = new URLSearchParams(params);
      next.set('projectId', current.iuid);
      setParams(next, { replace: true });
    }
  }, [briefs.data, waitingForFile, current, listed, requested, params, setParams]);

  // A project that GetProject did not list is shown only once ProjectInfo has confirmed it (the server
  // decides: 404 for strangers), so no other call toasts a refusal first.
  const confirming = !!current && !listed && !info.isSuccess && !info.isError;
  if (briefs.isLoading || waitingForFile || confirming || (current && requested !== current.iuid))
    return <Spin style={{ display: 'block', margin: '96px auto' }} />;

  if (!current)
    return (
      <div className="page-card" style={{ display: 'grid', placeItems: 'center' }}>
        <Empty
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>{t('space.noProject')}</Typography.Text>
              <Typography.Text type="secondary">
                {user?.corpIdbit ? t('space.noProjectHint') : t('noCompany')}
              </Typography.Text>
            </Space>
          }
        >
          {user && !user.corpIdbit ? (
            <NoCompanyActions />
          ) : (
            <Button type="primary" onClick={() => void navigate('/all')}>
              {t('space.toProjects')}
            </Button>
          )}
        </Empty>
      </div>
    );

  if (!listed && info.isError)
    return (
      <div className="page-card">
        <Result
          status="404"
          title={t('space.notFound')}
          extra={
            <Button type="primary" onClick={() => void navigate('/all')}>
              {t('space.toProjects')}
            </Button>
          }
        />
      </div>
    );

  return (
    <div className="project-space" data-testid="project-space">
      <ProjectTreePanel
        projects={briefs.data ?? []}
        projectId={projectId}
        projectName={info.data?.projectName ?? current.projectName}
        folderId={folderId}
        onPickProject={(iuid) => void navigate(`/projectFile?projectId=${iuid}`)}
        onOpenFolder={(id) => setParams(new URLSearchParams({ projectId, ...(id ? { folderId: id } : {}) }))}
      />
      <div className="project-files">{children(projectId)}</div>
    </div>
  );
}
