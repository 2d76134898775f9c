/**
 * A pagination (issue 17 "Weight and speed": antd's Pagination brings its page-size Select,
 * @rc-component/select and a virtual list, ~28 KB gzip, into every file list's first load). Drawn
 * like antd 6's Pagination of size "small" with showTotal and showSizeChanger, with the same markup
 * roles: a list whose items are named by their `title` ("2", 上一页, 向后 5 页…), reachable with Tab
 * and chosen with Enter; prev / next, ••• jumps of 5 pages (pager-items.ts), the total text and a
 * page-size chooser (LightSelect). Its texts come from antd's locale (ConfigProvider), as antd's do.
 */
import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EllipsisOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import { useContext, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { LightSelect } from './light-select.tsx';
import { pageCount, pagerItems } from './pager-items.ts';
import './light-pagination.css';

/** antd's zh-CN texts, for a tree without ConfigProvider's locale. */
const ZH = {
  items_per_page: '条/页',
  prev_page: '上一页',
  next_page: '下一页',
  prev_5: '向前 5 页',
  next_5: '向后 5 页',
  page_size: '页码',
};

/** Props of LightPagination. */
export interface LightPaginationProps {
  current: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  /** A page or page size chosen (the page is kept within the new page count). */
  onChange: (page: number, pageSize: number) => void;
  className?: string;
}

/** Runs `fn` on Enter (antd's pager items answer Enter). */
const onEnter = (fn: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter') fn();
};

/** The pager: total, prev, pages and jumps, next, page size. */
export function LightPagination(props: LightPaginationProps): ReactElement {
  const { current, pageSize, total } = props;
  const locale = { ...ZH, ...useContext(ConfigProvider.ConfigContext).locale?.Pagination };
  const allPages = pageCount(total, pageSize);
  const go = (page: number) => {
    const to = Math.min(Math.max(page, 1), Math.max(allPages, 1));
    if (to !== current) props.onChange(to, pageSize);
  };
  const prevDisabled = current <= 1 || !allPages;
  const nextDisabled = current >= allPages || !allPages;
  const range: [number, number] = [
    total === 0 ? 0 : (current - 1) * pageSize + 1,
    Math.min(current * pageSize, total),
  ];

  return (
    <ul className={`lt-pagination${props.className ? ` ${props.className}` : ''}`}>
      {props.showTotal && <li className="lt-pagination-total-text">{props.showTotal(total, range)}</li>}
      <li
        title={locale.prev_page}
        className={`lt-pagination-prev${prevDisabled ? ' lt-pagination-disabled' : ''}`}
        tabIndex={prevDisabled ? undefined : 0}
        aria-disabled={prevDisabled}
        onClick={prevDisabled ? undefined : () => go(current - 1)}
        onKeyDown={prevDisabled ? undefined : onEnter(() => go(current - 1))}
      >
        <button type="button" className="lt-pagination-item-link" tabIndex={-1} disabled={prevDisabled}>
          <LeftOutlined />
        </button>
      </li>
      {pagerItems(current, allPages).map((item) =>
        item.kind === 'page' ? (
          <li
            key={item.page}
            title={String(item.page)}
            className={[
              'lt-pagination-item',
              item.active && 'lt-pagination-item-active',
              item.disabled && 'lt-pagination-item-disabled',
              item.edge && `lt-pagination-item-${item.edge}`,
            ]
              .filter(Boolean)
              .join(' ')}
            tabIndex={0}
            onClick={() => go(item.page)}
            onKeyDown={onEnter(() => go(item.page))}
          >
            <a rel="nofollow">{item.page}</a>
          </li>
        ) : (
          <li
            key={item.kind}
            title={item.kind === 'jump-prev' ? locale.prev_5 : locale.next_5}
            className={`lt-pagination-jump`}
            tabIndex={0}
            onClick={() => go(item.to)}
            onKeyDown={onEnter(() => go(item.to))}
          >
            <a className="lt-pagination-item-link">
              <span className="lt-pagination-item-container">
                {item.kind === 'jump-prev' ? (
                  <DoubleLeftOutlined className="lt-pagination-jump-icon" />
                ) : (
                  <DoubleRightOutlined className="lt-pagination-jump-icon" />
                )}
                <span className="lt-pagination-item-ellipsis">
                  <EllipsisOutlined />
                </span>
              </span>
            </a>
          </li>
        ),
      )}
      <li
        title={locale.next_page}
        className={`lt-pagination-next${nextDisabled ? ' lt-pagination-disabled' : ''}`}
        tabIndex={nextDisabled ? undefined : 0}
        aria-disabled={nextDisabled}
        onClick={nextDisabled ? undefined : () => go(current + 1)}
        onKeyDown={nextDisabled ? undefined : onEnter(() => go(current + 1))}
      >
        <button type="button" className="lt-pagination-item-link" tabIndex={-1} disabled={nextDisabled}>
          <RightOutlined />
        </button>
      </li>
      <li className="lt-pagination-options">
        <LightSelect<number>
          size="small"
          aria-label={locale.page_size}
          value={pageSize}
          options={props.pageSizeOptions.map((n) => ({ value: n, label: `${n} ${locale.items_per_page}` }))}
          onChange={(size) => {
            const pages = pageCount(total, size);
            props.onChange(current > pages && pages !== 0 ? pages : current, size);
          }}
        />
      </li>
    </ul>
  );
}
