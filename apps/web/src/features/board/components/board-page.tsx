/**
 * /board, the dashboard (看板; spec 001 §2 "Other routes", issue 16), inside the navbar shell: a scope
 * picker (我的空间, the projects of GetProject, 企业 for company administrators) kept in the address
 * (`?scope=project&id=<iuid>` / `?scope=company`), statistic cards (files, their size, active share
 * links, their opens, storage used), files and bytes by type (模型/图纸/文档/图片/视频/其他, bars of plain
 * antd Progress), conversions by status (001 §4), the five most opened share links and the 20 newest
 * operations of the scope. Figures come from `GET Api.board` (contracts/board.ts); a project the user
 * may not see shows the refusal with a way back to 我的空间.
 */
import {
  BarChartOutlined,
  CloudOutlined,
  EyeOutlined,
  FileOutlined,
  ReloadOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { formatFileSize, type BoardDataValue, type BoardShareRowValue } from '@bimdrive/contracts';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  List,
  Progress,
  Result,
  Row,
  Select,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useBoard } from '../api/get-board.ts';
import { useBoardProjects } from '../api/get-board-projects.ts';
import {
  COMPANY_VALUE,
  PERSONAL_VALUE,
  paramsOfPickerValue,
  percentOf,
  pickerValueOf,
  selectionOf,
} from '../lib/board-view.ts';
import '../board.css';
import '../i18n.ts';

/** Bar colour of each type group. */
const TYPE_COLOURS: Record<string, string> = {
  model: '#1677ff',
  drawing: '#13c2c2',
  document: '#fa8c16',
  image: '#52c41a',
  video: '#722ed1',
  other: '#8c8c8c',
};

/** Tag colour and bar colour of each conversion status (001 §4). */
const STATUS_COLOURS: Record<number, { tag: string; bar: string }> = {
  0: { tag: 'default', bar: '#bfbfbf' },
  1: { tag: 'blue', bar: '#69b1ff' },
  2: { tag: 'processing', bar: '#1677ff' },
  3: { tag: 'success', bar: '#52c41a' },
  4: { tag: 'error', bar: '#ff4d4f' },
};

/** The /board route element. */
export function BoardPage(): ReactElement {
  const { t } = useTranslation('board');
  const [params, setParams] = useSearchParams();
  const user = useSession((s) => s.user);
  const inCompany = Boolean(user?.corpIdbit && !user.systemIsPersonal);
  const mayCompany = inCompany && Boolean(user?.iscorpadmin);
  const selection = selectionOf(params, mayCompany);
  const projects = useBoardProjects(inCompany);
  const board = useBoard(selection);
  const data = board.data;

  const projectOptions = (projects.data ?? []).map((p) => ({
    value: `project:${p.iuid}`,
    label: p.projectName,
  }));
  // A project reached by its address stays selectable while the list loads.
  const value = pickerValueOf(selection);
  if (selection.scope === 'project' && !projectOptions.some((o) => o.value === value))
    projectOptions.unshift({
      value,
      label: data?.scope === 'project' && data.id === selection.id ? data.name : t('scope.projects'),
    });

  const options = [
    { value: PERSONAL_VALUE, label: t('scope.personal') },
    ...(projectOptions.length ? [{ label: t('scope.projects'), options: projectOptions }] : []),
    ...(mayCompany
      ? [
          {
            value: COMPANY_VALUE,
            label: user?.corpName ? t('scope.companyOf', { name: user.corpName }) : t('scope.company'),
          },
        ]
      : []),
  ];

  const refused = board.error instanceof ApiError ? board.error : null;
  // A refused scope shows nothing of the previous board.
  const shown = refused ? undefined : data;

  return (
    <div className="board-page" data-testid="board-page">
      <Flex justify="space-between" align="center" wrap gap={12} className="board-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          <BarChartOutlined style={{ marginInlineEnd: 8, color: '#1677ff' }} />
          {t('title')}
          {shown && <span className="board-head-name">· {shown.name}</span>}
        </Typography.Title>
        <Flex gap={8} align="center" className="board-head-tools">
          <Select
            className="board-scope"
            data-testid="board-scope"
            aria-label={t('scope.label')}
            value={value}
            options={options}
            showSearch
            optionFilterProp="label"
            onChange={(v: string) => setParams(paramsOfPickerValue(v))}
            popupMatchSelectWidth={false}
          />
          <Tooltip title={t('refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('refresh')}
              loading={board.isFetching}
              onClick={() => void board.refetch()}
            />
          </Tooltip>
        </Flex>
      </Flex>

      {refused ? (
        <Card>
          <Result
            status={refused.status === 403 ? '403' : '404'}
            title={t('error.title')}
            subTitle={refused.message}
            extra={
              <Button type="primary" onClick={() => setParams({})}>
                {t('error.back')}
              </Button>
            }
          />
        </Card>
      ) : !shown ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        // Keyed by scope: the bars of another scope start from their own figures, not animate over.
        <BoardFigures key={`${shown.scope}:${shown.id}`} data={shown} />
      )}
    </div>
  );
}

/** A statistic card. */
function StatCard(props: { icon: ReactNode; testId: string; children: ReactNode }): ReactElement {
  return (
    <Card className="board-stat" data-testid={props.testId} size="small">
      <Flex gap={12} align="center">
        <span className="board-stat-icon">{props.icon}</span>
        <div style={{ minWidth: 0 }}>{props.children}</div>
      </Flex>
    </Card>
  );
}

/**
 * One row of a bar card: `label` on the left, a bar of `percent` in `colour` named `name` for screen
 * readers, then the figures (`children`).
 */
function BarRow(props: {
  testId: string;
  name: string;
  label: ReactNode;
  percent: number;
  colour: string | undefined;
  children: ReactNode;
}): ReactElement {
  return (
    <div className="board-bar-row" data-testid={props.testId}>
      <span className="board-bar-label">{props.label}</span>
      <Progress
        className="board-bar"
        percent={props.percent}
        strokeColor={props.colour}
        showInfo={false}
        aria-label={props.name}
      />
      {props.children}
    </div>
  );
}

/** A titled card of the board's lower rows, full width on small screens and `lg` of 24 from lg up. */
function BoardCard(props: { lg: number; title: string; testId: string; children: ReactNode }): ReactElement {
  return (
    <Col xs={24} lg={props.lg}>
      <Card title={props.title} size="small" data-testid={props.testId} className="board-card">
        {props.children}
      </Card>
    </Col>
  );
}

/** Everything below the head, for one loaded board. */
function BoardFigures({ data }: { data: BoardDataValue }): ReactElement {
  const { t } = useTranslation('board');
  const totalFiles = data.files.count;
  const totalBytes = data.files.bytes;
  const storagePercent = data.storage ? percentOf(data.storage.usedBytes, data.storage.quotaBytes) : 0;

  const shareColumns = [
    {
      key: 'fileName',
      title: t('shares.fileName'),
      dataIndex: 'fileName',
      ellipsis: true,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { key: 'sharer', title: t('shares.sharer'), dataIndex: 'sharerName', width: 110, ellipsis: true },
    {
      key: 'opens',
      title: t('shares.opens'),
      dataIndex: 'opens',
      width: 90,
      align: 'right' as const,
      render: (v: number) => <span data-testid="board-share-opens">{v}</span>,
    },
    { key: 'createTime', title: t('shares.createTime'), dataIndex: 'createTime', width: 170 },
    {
      key: 'expireTime',
      title: t('shares.expireTime'),
      dataIndex: 'expireTime',
      width: 170,
      render: (v: string | null) => v ?? <Tag color="green">{t('shares.longTerm')}</Tag>,
    },
  ];

  return (
    <>
      <Row gutter={[16, 16]} className="board-row">
        <Col xs={12} lg={data.storage ? 5 : 6}>
          <StatCard icon={<FileOutlined />} testId="board-stat-files">
            <Statistic title={t('cards.files')} value={totalFiles} />
          </StatCard>
        </Col>
        <Col xs={12} lg={data.storage ? 5 : 6}>
          <StatCard icon={<CloudOutlined />} testId="board-stat-bytes">
            <Statistic title={t('cards.bytes')} value={formatFileSize(totalBytes)} />
          </StatCard>
        </Col>
        <Col xs={12} lg={data.storage ? 4 : 6}>
          <StatCard icon={<ShareAltOutlined />} testId="board-stat-shares">
            <Statistic title={t('cards.activeShares')} value={data.shares.active} />
          </StatCard>
        </Col>
        <Col xs={12} lg={data.storage ? 4 : 6}>
          <StatCard icon={<EyeOutlined />} testId="board-stat-opens">
            <Statistic title={t('cards.opens')} value={data.shares.opens} />
          </StatCard>
        </Col>
        {data.storage && (
          <Col xs={24} lg={6}>
            <Card className="board-stat" size="small" data-testid="board-stat-storage">
              <Typography.Text type="secondary">{t('cards.storage')}</Typography.Text>
              <div className="board-storage-text">
                {t('cards.storageOf', {
                  used: formatFileSize(data.storage.usedBytes),
                  quota: formatFileSize(data.storage.quotaBytes),
                })}
              </div>
              <Progress
                percent={storagePercent}
                size="small"
                status={storagePercent >= 90 ? 'exception' : 'normal'}
              />
            </Card>
          </Col>
        )}
      </Row>

      <Row gutter={[16, 16]} className="board-row">
        <BoardCard lg={14} title={t('byType.title')} testId="board-by-type">
          {totalFiles === 0 && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('byType.empty')}
            </Typography.Paragraph>
          )}
          {data.byType.map((f) => (
            <BarRow
              key={f.type}
              testId={`board-type-${f.type}`}
              name={t(`types.${f.type}`)}
              label={
                <>
                  <span className="board-dot" style={{ background: TYPE_COLOURS[f.type] }} />
                  {t(`types.${f.type}`)}
                </>
              }
              percent={percentOf(f.bytes, totalBytes)}
              colour={TYPE_COLOURS[f.type]}
            >
              <span className="board-bar-figure">
                <span data-testid={`board-type-${f.type}-count`}>
                  {t('byType.count', { count: f.count })}
                </span>
                <Typography.Text type="secondary"> · {formatFileSize(f.bytes)}</Typography.Text>
              </span>
            </BarRow>
          ))}
        </BoardCard>
        <BoardCard lg={10} title={t('conversions.title')} testId="board-conversions">
          {data.conversions.map((c) => (
            <BarRow
              key={c.status}
              testId={`board-status-${c.status}`}
              name={t(`status.${c.status}`)}
              label={
                <Tag color={STATUS_COLOURS[c.status]?.tag} style={{ marginInlineEnd: 0 }}>
                  {t(`status.${c.status}`)}
                </Tag>
              }
              percent={percentOf(c.count, totalFiles)}
              colour={STATUS_COLOURS[c.status]?.bar}
            >
              <span
                className="board-bar-figure board-bar-figure-narrow"
                data-testid={`board-status-${c.status}-count`}
              >
                {c.count}
              </span>
            </BarRow>
          ))}
        </BoardCard>
      </Row>

      <Row gutter={[16, 16]} className="board-row">
        <BoardCard lg={14} title={t('shares.title')} testId="board-top-shares">
          <Table<BoardShareRowValue>
            size="small"
            rowKey={(r) => `${r.fileIUID}-${r.createTime}-${r.sharerName}`}
            columns={shareColumns}
            dataSource={data.shares.top}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shares.empty')} />,
            }}
          />
        </BoardCard>
        <BoardCard lg={10} title={t('operations.title')} testId="board-operations">
          <List
            size="small"
            dataSource={data.operations}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operations.empty')} />,
            }}
            renderItem={(o) => (
              <List.Item className="board-op" data-testid="board-operation">
                <div className="board-op-main">
                  <Tag
                    color={
                      o.action.startsWith('share.')
                        ? 'purple'
                        : o.action.startsWith('file.')
                          ? 'blue'
                          : 'default'
                    }
                  >
                    {t(`actions.${o.action.replaceAll('.', '_')}`, { defaultValue: o.action })}
                  </Tag>
                  <Typography.Text ellipsis className="board-op-object">
                    {o.objectName}
                  </Typography.Text>
                </div>
                <div className="board-op-meta">
                  <Typography.Text type="secondary">{o.userName || t('operations.visitor')}</Typography.Text>
                  <Typography.Text type="secondary">{o.time}</Typography.Text>
                </div>
              </List.Item>
            )}
          />
        </BoardCard>
      </Row>
    </>
  );
}
