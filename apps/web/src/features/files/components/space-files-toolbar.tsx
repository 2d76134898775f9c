/**
 * The file browser's toolbar (spec 001 §2–§4): breadcrumbs from the area's root (我的文件, the
 * project's name, 公共构件库, …) / folder / …, then 上传文件 / 上传文件夹 / 新建文件夹 (with the
 * upload right), the caller's project role, 刷新 and the 列表 / 网格 switch (issue 14); and the hidden
 * file and folder inputs of the upload picker (hooks/use-upload-picker.ts).
 */
import {
  AppstoreOutlined,
  CloudUploadOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ProjectRoleValue } from '@bimdrive/contracts';
import { Button, Tag } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LightBreadcrumb } from '../../../components/light/light-breadcrumb.tsx';
import { LightSegmented } from '../../../components/light/light-segmented.tsx';
import type { UploadPicker } from '../hooks/use-upload-picker.ts';
import type { FileView } from '../lib/file-view.ts';
import type { Crumb } from '../lib/folder-trail.ts';
import '../i18n.ts';

/** Props of SpaceFilesToolbar. */
export interface SpaceFilesToolbarProps {
  /** The area's root name and the folders down to the current one. */
  rootName: string;
  crumbs: readonly Crumb[];
  /** Open folder `iuid` ('' = the root). */
  onOpenFolder: (iuid: string) => void;
  /** Offer 上传文件 / 上传文件夹 / 新建文件夹. */
  canUpload: boolean;
  /** The upload picker (its buttons open it, its inputs are rendered here). */
  picker: Pick<
    UploadPicker,
    'fileInputRef' | 'folderInputRef' | 'pickFiles' | 'pickFolder' | 'onFilesChosen'
  >;
  onNewFolder: () => void;
  /** The caller's project role, shown as a tag (none outside projects). */
  role?: ProjectRoleValue | null;
  onRefresh: () => void;
  /** A refetch is running (not the first load). */
  refreshing: boolean;
  view: FileView;
  onViewChange: (view: FileView) => void;
}

/** The toolbar above the file list. */
export function SpaceFilesToolbar({
  rootName,
  crumbs,
  onOpenFolder,
  canUpload,
  picker,
  onNewFolder,
  role,
  onRefresh,
  refreshing,
  view,
  onViewChange,
}: SpaceFilesToolbarProps): ReactElement {
  const { t } = useTranslation(['files', 'common', 'dataTable']);
  return (
    <div className="page-toolbar">
      <LightBreadcrumb
        items={[
          {
            key: 'root',
            title: (
              <a onClick={() => onOpenFolder('')}>
                <HomeOutlined /> <span>{rootName}</span>
              </a>
            ),
          },
          ...crumbs.map((c, i) => ({
            key: c.iuid,
            title:
              i === crumbs.length - 1 ? (
                <span>{c.fileName}</span>
              ) : (
                <a onClick={() => onOpenFolder(c.iuid)}>{c.fileName}</a>
              ),
          })),
        ]}
      />
      <div style={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
        {canUpload && (
          <>
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={picker.pickFiles}>
              {t('upload')}
            </Button>
            <Button icon={<FolderOpenOutlined />} onClick={picker.pickFolder}>
              {t('uploadFolder')}
            </Button>
            <Button icon={<FolderAddOutlined />} onClick={onNewFolder}>
              {t('newFolder')}
            </Button>
          </>
        )}
        {role && (
          <Tag color="blue" data-testid="space-role">
            {t(`role.${role}`)}
          </Tag>
        )}
        <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={refreshing}>
          {t('refresh')}
        </Button>
        <LightSegmented<FileView>
          data-testid="view-toggle"
          aria-label={t('view.label')}
          value={view}
          onChange={onViewChange}
          options={[
            { value: 'list', icon: <UnorderedListOutlined />, label: t('view.list') },
            { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
          ]}
        />
      </div>
      <input
        ref={picker.fileInputRef}
        data-testid="upload-input"
        type="file"
        multiple
        hidden
        onChange={picker.onFilesChosen}
      />
      <input
        ref={picker.folderInputRef}
        data-testid="upload-folder-input"
        type="file"
        multiple
        hidden
        onChange={picker.onFilesChosen}
      />
    </div>
  );
}
