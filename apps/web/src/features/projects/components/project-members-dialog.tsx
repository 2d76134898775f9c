/**
 * 成员 dialog of a project (issue 5 "members with a role each"; 001 §6): lists the members with their
 * role. Managers (`manage` right, i.e. role manager or a company administrator) add a person of their
 * company picked from the company's member list (`Api.companyMembers`) with a role, change a role with a
 * Select (管理者/编辑者/查看者) and remove a member after a 提示 confirmation; the server refuses removing
 * the last manager. Others see the list read-only. Draggable (000 §2 Dialogs).
 */
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  PROJECT_ROLES,
  type ProjectMemberValue,
  type ProjectRoleValue,
  type ProjectRowValue,
} from '@bimdrive/contracts';
import { Avatar, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useConfirmedAction } from '../../../lib/confirmed-action.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import { useMembers, useMyCompany } from '../../companies/api/company-api.ts';
import { useProjectMembers } from '../api/project-members.ts';
import { useRemoveProjectMember } from '../api/remove-project-member.ts';
import { useSetProjectMember } from '../api/set-project-member.ts';
import '../i18n.ts';

/** Props of ProjectMembersDialog. */
export interface ProjectMembersDialogProps {
  /** The project (null = closed). */
  project: ProjectRowValue | null;
  onClose: () => void;
}

const ROLE_COLORS: Record<ProjectRoleValue, string> = { manager: 'gold', editor: 'blue', viewer: 'default' };

/** The members dialog. */
export function ProjectMembersDialog({ project, onClose }: ProjectMembersDialogProps): ReactElement {
  const { t } = useTranslation(['projects', 'common']);
  const { message } = useFeedback();
  const confirm = useConfirmedAction();
  const iuid = project?.iuid ?? '';
  const canManage = project?.role === 'manager';
  const members = useProjectMembers(iuid);
  const company = useMyCompany();
  const people = useMembers(canManage && project ? (company.data?.corpId ?? undefined) : undefined);
  const setMember = useSetProjectMember();
  const removeMember = useRemoveProjectMember();
  const [pick, setPick] = useState<string | undefined>();
  const [pickRole, setPickRole] = useState<ProjectRoleValue>('viewer');

  const memberIds = new Set((members.data ?? []).map((m) => m.userId));
  const candidates = (people.data?.list ?? []).filter((p) => p.invitebit && !memberIds.has(p.userId));
  const roleOptions = PROJECT_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));

  const add = async () => {
    if (!pick) return;
    try {
      await setMember.mutateAsync({ iuid, userId: pick, role: pickRole });
      void message.success(t('common:msg.added'));
      setPick(undefined);
    } catch {
      /* toasted */
    }
  };

  const changeRole = async (m: ProjectMemberValue, role: ProjectRoleValue) => {
    try {
      await setMember.mutateAsync({ iuid, userId: m.userId, role });
      void message.success(t('common:msg.edited'));
    } catch {
      /* toasted */
    }
  };

  const confirmRemove = (m: ProjectMemberValue) => {
    confirm({
      content: t('members.confirmRemove', { name: m.userName }),
      action: () => removeMember.mutateAsync({ iuid, userId: m.userId }),
      success: t('common:msg.deleted'),
    });
  };

  return (
    <DraggableModal
      resizable
      open={project !== null}
      title={t('members.title', { name: project?.projectName ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
      width={780}
      destroyOnHidden
    >
      <div data-testid="project-members-dialog">
        {canManage ? (
          <Space.Compact style={{ width: '100%', margin: '12px 0 16px' }}>
            <Select
              showSearch
              data-testid="member-pick"
              style={{ flex: 1 }}
              placeholder={t('members.pick')}
              value={pick}
              onChange={setPick}
              loading={people.isLoading}
              notFoundContent={people.isLoading ? undefined : t('members.noCandidates')}
              optionFilterProp="label"
              options={candidates.map((p) => ({ value: p.userId, label: `${p.userName}（${p.phone}）` }))}
            />
            <Select
              data-testid="member-pick-role"
              style={{ width: 120 }}
              value={pickRole}
              onChange={setPickRole}
              options={roleOptions}
            />
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              disabled={!pick}
              loading={setMember.isPending}
              onClick={() => void add()}
              data-testid="member-add"
            >
              {t('members.add')}
            </Button>
          </Space.Compact>
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
            {t('members.readOnly')}
          </Typography.Paragraph>
        )}
        <Table<ProjectMemberValue>
          rowKey="userId"
          size="middle"
          loading={members.isLoading}
          dataSource={members.data ?? []}
          pagination={false}
          scroll={{ y: 360 }}
          footer={() => (
            <Typography.Text type="secondary">
              {t('members.count', { count: members.data?.length ?? 0 })}
            </Typography.Text>
          )}
          columns={[
            {
              key: 'name',
              title: t('members.name'),
              render: (_, m) => (
                <Space style={{ whiteSpace: 'nowrap' }}>
                  <Avatar size="small" style={{ background: '#1677ff' }}>
                    {m.userName.slice(0, 1)}
                  </Avatar>
                  <span>{m.userName}</span>
                  {m.isCreator && <Tag color="purple">{t('members.creator')}</Tag>}
                </Space>
              ),
            },
            { key: 'phone', title: t('members.phone'), dataIndex: 'phone', width: 130 },
            {
              key: 'role',
              title: t('members.role'),
              width: 130,
              render: (_, m) =>
                canManage ? (
                  <Select
                    size="small"
                    aria-label={t('members.role')}
                    data-testid={`member-role-${m.phone}`}
                    style={{ width: 110 }}
                    value={m.role}
                    options={roleOptions}
                    onChange={(r: ProjectRoleValue) => void changeRole(m, r)}
                  />
                ) : (
                  <Tag color={ROLE_COLORS[m.role]}>{t(`role.${m.role}`)}</Tag>
                ),
            },
            { key: 'joined', title: t('members.joined'), dataIndex: 'createTime', width: 165 },
            ...(canManage
              ? [
                  {
                    key: 'actions',
                    title: t('common:table.actions'),
                    width: 90,
                    render: (_: unknown, m: ProjectMemberValue) => (
                      <Button
                        type="link"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        onClick={() => confirmRemove(m)}
                        data-testid={`member-remove-${m.phone}`}
                      >
                        {t('members.remove')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </DraggableModal>
  );
}
