/**
 * Toolbar of the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"): thumbnails toggle,
 * previous / next page with a page-number box ("/ N", Enter jumps), zoom out / percentage / zoom in /
 * fit width, and a search box with its match counter ("第 x / y 处") and previous / next match.
 * It wraps onto a second line on narrow screens instead of scrolling sideways.
 */
import {
  ColumnWidthOutlined,
  DownOutlined,
  LeftOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  RightOutlined,
  SearchOutlined,
  UpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Input, Spin, theme, Tooltip } from 'antd';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePageInput } from '../../lib/pdf-layout.ts';
import { MAX_ZOOM, MIN_ZOOM } from '../../lib/pdf-zoom.ts';

/** Props of PdfToolbar. */
export interface PdfToolbarProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  /** Zoom percentage shown (the fit-width percentage in fit mode). */
  percent: number;
  fit: boolean;
  thumbnails: boolean;
  /** Narrow screen: smaller controls. */
  compact: boolean;
  query: string;
  /** Number of matches found so far. */
  matchCount: number;
  /** Index of the current match, −1 when none. */
  matchIndex: number;
  /** Search still reading pages. */
  searching: boolean;
  /** A search ran for the current query (so "no match" can be said). */
  searched: boolean;
  onPage: (page: number) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
  onToggleThumbnails: () => void;
  onQuery: (query: string) => void;
  /** Enter in the search box: run the search, or go to the next (shift: previous) match. */
  onSearchEnter: (backwards: boolean) => void;
  onMatchStep: (dir: 1 | -1) => void;
}

/** The viewer's toolbar (001 §2). */
export function PdfToolbar(p: PdfToolbarProps): ReactElement {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  const [draft, setDraft] = useState<string | null>(null);
  const size = p.compact ? 'small' : 'middle';

  const icon = (title: string, node: ReactNode, onClick: () => void, disabled: boolean, testId?: string) => (
    <Tooltip title={title} mouseEnterDelay={0.6}>
      <Button
        type="text"
        size={size}
        icon={node}
        aria-label={title}
        data-testid={testId}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );

  const commitPage = () => {
    const n = draft === null ? null : parsePageInput(draft, p.pageCount);
    setDraft(null);
    if (n !== null) p.onPage(n);
  };

  let counter: string | null = null;
  if (p.query.trim()) {
    if (p.matchCount > 0) counter = t('pdf.matchCount', { current: p.matchIndex + 1, total: p.matchCount });
    else if (p.searched && !p.searching) counter = t('pdf.noMatch');
  }

  return (
    <div
      data-testid="pdf-toolbar"
      role="toolbar"
      aria-label={t('pdf.toolbar')}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: p.compact ? 4 : 12,
        rowGap: 4,
        padding: p.compact ? '4px 6px' : '6px 12px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        flex: 'none',
      }}
    >
      <Group>
        {icon(
          p.thumbnails ? t('pdf.hideThumbnails') : t('pdf.showThumbnails'),
          p.thumbnails ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />,
          p.onToggleThumbnails,
          false,
          'pdf-thumbnails-toggle',
        )}
        {icon(t('pdf.prevPage'), <LeftOutlined />, () => p.onPage(p.page - 1), p.page <= 1, 'pdf-prev-page')}
        <Input
          size={size}
          data-testid="pdf-page-input"
          aria-label={t('pdf.pageNumber')}
          inputMode="numeric"
          value={draft ?? String(p.page)}
          onChange={(e) => setDraft(e.target.value.replace(/[^\d]/g, ''))}
          onFocus={(e) => e.target.select()}
          onPressEnter={commitPage}
          onBlur={() => setDraft(null)}
          style={{ width: p.pageCount >= 1000 ? 56 : 46, textAlign: 'center', padding: '0 4px' }}
        />
        <span style={{ whiteSpace: 'nowrap', color: token.colorTextSecondary, margin: '0 2px' }}>
          {t('pdf.pageOf', { count: p.pageCount })}
        </span>
        {icon(
          t('pdf.nextPage'),
          <RightOutlined />,
          () => p.onPage(p.page + 1),
          p.page >= p.pageCount,
          'pdf-next-page',
        )}
      </Group>
      <Group>
        {icon(t('pdf.zoomOut'), <ZoomOutOutlined />, p.onZoomOut, p.percent <= MIN_ZOOM, 'pdf-zoom-out')}
        <span
          data-testid="pdf-zoom-value"
          aria-label={t('pdf.zoom')}
          style={{ minWidth: 40, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
        >
          {p.percent}%
        </span>
        {icon(t('pdf.zoomIn'), <ZoomInOutlined />, p.onZoomIn, p.percent >= MAX_ZOOM, 'pdf-zoom-in')}
        <Tooltip title={t('pdf.fitWidth')} mouseEnterDelay={0.6}>
          <Button
            type={p.fit ? 'primary' : 'text'}
            ghost={p.fit}
            size={size}
            icon={<ColumnWidthOutlined />}
            aria-label={t('pdf.fitWidth')}
            aria-pressed={p.fit}
            data-testid="pdf-fit-width"
            onClick={p.onFitWidth}
          />
        </Tooltip>
      </Group>
      <Group grow>
        <Input
          size={size}
          allowClear
          data-testid="pdf-search-input"
          aria-label={t('pdf.search')}
          placeholder={t('pdf.searchPlaceholder')}
          prefix={<SearchOutlined style={{ color: token.colorTextTertiary }} />}
          suffix={p.searching ? <Spin size="small" /> : undefined}
          value={p.query}
          onChange={(e) => p.onQuery(e.target.value)}
          onPressEnter={(e) => p.onSearchEnter(e.shiftKey)}
          style={{ flex: '1 1 120px', minWidth: 0, maxWidth: 280 }}
        />
        <span
          data-testid="pdf-match-count"
          aria-live="polite"
          style={{ whiteSpace: 'nowrap', color: token.colorTextSecondary, fontSize: 13 }}
        >
          {counter}
        </span>
        {icon(
          t('pdf.prevMatch'),
          <UpOutlined />,
          () => p.onMatchStep(-1),
          p.matchCount === 0,
          'pdf-prev-match',
        )}
        {icon(
          t('pdf.nextMatch'),
          <DownOutlined />,
          () => p.onMatchStep(1),
          p.matchCount === 0,
          'pdf-next-match',
        )}
      </Group>
    </div>
  );
}

/** Controls that stay together on one line when the toolbar wraps. */
function Group({ children, grow }: { children: ReactNode; grow?: boolean }): ReactElement {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        minWidth: 0,
        ...(grow ? { flex: '1 1 220px', justifyContent: 'flex-end' } : { flex: 'none' }),
      }}
    >
      {children}
    </div>
  );
}
