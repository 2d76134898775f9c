/**
 * Left panel of the project space /projectFile (issue 5; 001 §2 /projectFile, §3 Project file tree node,
 * §7 GetProject / GetProjectFileTree): the project picker (a Select over GetProject type 1) and the
 * project's folder tree; the root node (the project) opens the project's root, a folder node opens that
 * folder in the file browser on the right. The open folder is selected and its ancestors expanded.
 */
import { FolderFilled, FolderOpenFilled, ProjectOutlined } from '@ant-design/icons';
import type { ProjectBriefValue, ProjectTreeNodeValue } from '@bimdrive/contracts';
import { Empty, Select, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState, type Key, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFileTree } from '../api/project-file-tree.ts';
import { ancestorsOf } from '../lib/project-tree.ts';
import '../i18n.ts';

/** Props of ProjectTreePanel. */
export interface ProjectTreePanelProps {
  projects: readonly ProjectBriefValue[];
  /** The current project. */
  projectId: string;
  projectName: string;
  /** The folder open on the right ('' = the root). */
  folderId: string;
  onPickProject: (iuid: string) => void;
  onOpenFolder: (folderId: string) => void;
}

/** Key of the root node. */
const ROOT = '__root__';

/** Folders only, as antd tree nodes. */
function toNodes(nodes: readonly ProjectTreeNodeValue[]): TreeDataNode[] {
  return nodes
    .filter((n) => n.fileType === 1)
    .map((n) => {
      const children = toNodes(n.children);
      return {
        key: n.iuid,
        title: n.fileName,
        isLeaf: children.length === 0,
        children,
      };
    });
}

/** The picker and the folder tree. */
export function ProjectTreePanel(props: ProjectTreePanelProps): ReactElement {
  const { t } = useTranslation('projects');
  const { projectId, folderId } = props;
  const tree = useProjectFileTree(projectId);
  const [expanded, setExpanded] = useState<Key[]>([ROOT]);

  const data = useMemo<TreeDataNode[]>(
    () => [
      {
        key: ROOT,
        title: props.projectName || t('space.root'),
        children: toNodes(tree.data ?? []),
      },
    ],
    [tree.data, props.projectName, t],
  );

  // Open the ancestors of the folder shown on the right (navigation, locate).
  useEffect(() => {
    if (!folderId || !tree.data) return;
    const path = ancestorsOf(tree.data, folderId);
    if (!path) return;
    setExpanded((e) => Array.from(new Set([...e, ROOT, ...path])));
  }, [folderId, tree.data]);

  const hasFolders = data[0]?.children?.length;

  return (
    <aside className="project-tree-panel" data-testid="project-tree-panel">
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('space.picker')}
        </Typography.Text>
        <Select
          showSearch
          data-testid="project-picker"
          style={{ width: '100%', marginTop: 4 }}
          value={projectId || undefined}
          optionFilterProp="label"
          onChange={props.onPickProject}
          options={props.projects.map((p) => ({ value: p.iuid, label: p.projectName }))}
        />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('space.tree')}
      </Typography.Text>
      <div className="project-tree-scroll" data-testid="project-tree">
        {tree.isLoading ? (
          <Spin size="small" style={{ display: 'block', margin: '24px auto' }} />
        ) : (
          <>
            <Tree
              showIcon
              blockNode
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={[folderId || ROOT]}
              icon={(node) =>
                node.eventKey === ROOT ? (
                  <ProjectOutlined style={{ color: '#1677ff' }} />
                ) : node.expanded ? (
                  <FolderOpenFilled style={{ color: '#f7b500' }} />
                ) : (
                  <FolderFilled style={{ color: '#f7b500' }} />
                )
              }
              treeData={data}
              onSelect={(_, info) => {
                const key = String(info.node.key);
                props.onOpenFolder(key === ROOT ? '' : key);
                if (key !== ROOT && !info.node.isLeaf)
                  setExpanded((e) => (e.includes(key) ? e : [...e, key]));
              }}
            />
            {!hasFolders && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('space.treeEmpty')}
                style={{ marginTop: 16 }}
              />
            )}
          </>
        )}
      </div>
    </aside>
  );
}
