/**
 * One list of the project group (issue 5; 001 §2 project group, layout 1): 最近浏览 (lately), 全部项目
 * (all), 我的项目 (myCreated), 我参与的项目 (myParticipateIn), 我的收藏 (myCollectionProject). A paged
 * table (default page 1, 10 rows) of the projects with name and creator, the caller's role tag
 * (管理者/编辑者/查看者), members, files, size and updated (or last viewed) time, a collect star
 * (收藏/取消收藏), keyword search, and row actions 打开 (→ /projectFile?projectId=), 成员, and for managers
 * 重命名 and 删除 (提示 confirmation: the files are deleted too). 新建项目 is offered to company members.
 * Page, rows and keyword live in the component, which the project layout keeps mounted between visits.
 * Success toasts 添加成功 / 编辑成功 / 删除成功 (001 §8).
 */
import { PlusOutlined, ProjectOutlined, ReloadOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  formatFileSize,
  ProjectName,
  type ProjectRoleValue,
  type ProjectRowValue,
  type ProjectScopeValue,
} from '@bimdrive/contracts';
import { Button, Empty, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useConfirmedAction } from '../../../lib/confirmed-action.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import type { NameDialogProps } from '../../../components/name-dialog.tsx';
import { useSession } from '../../../stores/session-store.ts';
import { NoCompanyActions } from './no-company-actions.tsx';
import { useSetProjectCollected } from '../api/collect-project.ts';
import { useCreateProject } from '../api/create-project.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import { useProjectList } from '../api/project-list.ts';
import { useRenameProject } from '../api/rename-project.ts';
import '../i18n.ts';
import { ProjectMembersDialog } from './project-members-dialog.tsx';

/** The name dialog, loaded when first opened (issue 17). */
const NameDialog = lazyWhenOpen<NameDialogProps>(
  async () => (await import('../../../components/name-dialog.tsx')).NameDialog,
  (p) => p.open,
);

/** Props of ProjectListPage. */
export interface ProjectListPageProps {
  scope: ProjectScopeValue;
}

/** Role tag colours. */
export const ROLE_COLORS: Record<ProjectRoleValue, string> = {
  manager: 'gold',
  editor: 'blue',
  viewer: 'default',
};

/** The default page size (001 §2: page 1, 10 rows). */
const DEFAULT_ROWS = 10;

type Dialog = { kind: 'create' } | { kind: 'rename'; row: ProjectRowValue } | null;

/** The list screen of one scope. */
export function ProjectListPage({ scope }: ProjectListPageProps): ReactElement {
  const { t } = useTranslation(['projects', 'common']);
  const { message } = useFeedback();
  const confirm = useConfirmedAction();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(DEFAULT_ROWS);
  const [keyword, setKeyword] = useState('');
  const [searchText, setSearchText] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [membersOf, setMembersOf] = useState<ProjectRowValue | null>(null);
  // The name field of 新建项目 / 重命名: required, then ProjectName (001 §5 rule, at most 50).
  const projectNameProps = {
    label: t('projectName'),
    placeholder: t('namePlaceholder'),
    maxLength: 50,
    inputTestId: 'project-name-input',
    validate: (name: string) =>
      !name.trim()
        ? t('nameRequired')
        : (ProjectName.safeParse(name.trim()).error?.issues[0]?.message ?? null),
  };
  const list = useProjectList({ scope, page, rows, ...(keyword ? { keyword } : {}) });
  const create = useCreateProject();
  const rename = useRenameProject();
  const remove = useDeleteProject();
  const collect = useSetProjectCollected();
  const canCreate = !!user?.corpIdbit;

  const open = (row: ProjectRowValue) => void navigate(`/projectFile?projectId=${row.iuid}`);

  const toggleCollect = async (row: ProjectRowValue) => {
    try {
      await collect.mutateAsync({ iuid: row.iuid, collect: !row.collectbit });
      void message.success(row.collectbit ? t('uncollected') : t('collected'));
    } catch {
      /* toasted */
    }
  };

  const confirmDelete = (row: ProjectRowValue) => {
    confirm({
      content: t('confirmDelete', { name: row.projectName }),
      action: async () => {
        await remove.mutateAsync(row.iuid);
        // The last row of a page gone: show the page before.
        if (list.data && list.data.list.length === 1 && page > 1) setPage(page - 1);
      },
      success: t('common:msg.deleted'),
    });
  };

  const search = (text: string) => {
    setKeyword(text.trim());
    setPage(1);
  };

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 0' }}
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>
            {keyword ? t('empty.search', { keyword }) : canCreate ? t(`empty.${scope}`) : t('noCompanyTitle')}
          </Typography.Text>
          {!keyword && (
            <Typography.Text type="secondary">{canCreate ? t('emptyHint') : t('noCompany')}</Typography.Text>
          )}
        </Space>
      }
    >
      {!keyword && canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
          {t('create')}
        </Button>
      )}
      {!keyword && user && !canCreate && <NoCompanyActions />}
    </Empty>
  );

  return (
    <div className="page-card" data-testid={`project-list-${scope}`}>
      <div className="page-toolbar">
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t(`title.${scope}`)}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`subtitle.${scope}`)}
          </Typography.Text>
        </div>
        <Space wrap>
          <Input.Search
            allowClear
            style={{ width: 260 }}
            data-testid="project-search"
            placeholder={t('searchPlaceholder')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onSearch={search}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isLoading}
          >
            {t('refresh')}
          </Button>
          <Tooltip title={canCreate ? undefined : t('noCompany')}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!canCreate}
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="project-create"
            >
              {t('create')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      <Table<ProjectRowValue>
        rowKey="iuid"
        data-testid="project-table"
        loading={list.isLoading || list.isPlaceholderData}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: list.isLoading ? ' ' : empty }}
        scroll={{ x: 960 }}
        onRow={(r) => ({ onDoubleClick: () => open(r) })}
        pagination={{
          current: page,
          pageSize: rows,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (count) => t('total', { count }),
          onChange: (p, size) => {
            setPage(size !== rows ? 1 : p);
            setRows(size);
          },
        }}
        columns={[
          {
            key: 'name',
            title: t('col.name'),
            render: (_, r) => (
              <div className="project-name-cell">
                <span className="project-icon" aria-hidden>
                  <ProjectOutlined />
                </span>
                <div className="project-name-text">
                  <Typography.Link
                    className="project-name-link"
                    onClick={() => open(r)}
                    data-testid="project-name"
                    ellipsis
                    title={r.projectName}
                  >
                    {r.projectName}
                  </Typography.Link>
                  <Typography.Text type="secondary" className="project-creator" ellipsis>
                    {t('createdBy', { name: r.creatorName })}
                  </Typography.Text>
                </div>
                <Tooltip title={r.collectbit ? t('action.uncollect') : t('action.collect')}>
                  <Button
                    type="text"
                    size="small"
                    aria-label={r.collectbit ? t('action.uncollect') : t('action.collect')}
                    data-testid="project-collect"
                    style={{ flex: 'none' }}
                    icon={r.collectbit ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                    onClick={() => void toggleCollect(r)}
                  />
                </Tooltip>
              </div>
            ),
          },
          {
            key: 'role',
            title: t('col.role'),
            width: 96,
            render: (_, r) => (
              <Tag color={ROLE_COLORS[r.role]} data-testid="project-role">
                {t(`role.${r.role}`)}
              </Tag>
            ),
          },
          { key: 'members', title: t('col.members'), dataIndex: 'memberCount', width: 84, align: 'right' },
          { key: 'files', title: t('col.files'), dataIndex: 'fileCount', width: 72, align: 'right' },
          {
            key: 'size',
            title: t('col.size'),
            width: 96,
            align: 'right',
            render: (_, r) => formatFileSize(r.usedBytes),
          },
          scope === 'lately'
            ? { key: 'visit', title: t('col.visitTime'), dataIndex: 'visitTime', width: 165 }
            : { key: 'update', title: t('col.updateTime'), dataIndex: 'updateTime', width: 165 },
          {
            key: 'actions',
            title: t('col.actions'),
            width: 220,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0} className="project-actions">
                <Button type="link" size="small" onClick={() => open(r)}>
                  {t('action.open')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setMembersOf(r)}
                  data-testid="project-members"
                >
                  {t('action.members')}
                </Button>
                {r.role === 'manager' && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setDialog({ kind: 'rename', row: r })}
                      data-testid="project-rename"
                    >
                      {t('action.rename')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => confirmDelete(r)}
                      data-testid="project-delete"
                    >
                      {t('action.delete')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <NameDialog
        {...projectNameProps}
        open={dialog?.kind === 'create'}
        title={t('createTitle')}
        initialName=""
        confirmLoading={create.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={async (name) => {
          await create.mutateAsync(name);
          void message.success(t('common:msg.added'));
          setDialog(null);
        }}
      />
      <NameDialog
        {...projectNameProps}
        open={dialog?.kind === 'rename'}
        title={t('renameTitle')}
        initialName={dialog?.kind === 'rename' ? dialog.row.projectName : ''}
        confirmLoading={rename.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={async (name) => {
          if (dialog?.kind !== 'rename') return;
          await rename.mutateAsync({ iuid: dialog.row.iuid, projectName: name });
          void message.success(t('common:msg.edited'));
          setDialog(null);
        }}
      />
      <ProjectMembersDialog project={membersOf} onClose={() => setMembersOf(null)} />
    </div>
  );
}
