// @vitest-environment jsdom
/**
 * The data table as a user sees it (spec 001 §3 table column, §4 sort cycle and filters, §5 the
 * selection warning; issue 17 PlainTable): header clicks step the sort cycle (aria-sort shows it), a
 * checkbox filter applies its choice on 确定 and shows a closable tag, selection and 全选 drive the bulk
 * actions, the page size and pages go to the caller's state, the empty state shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import type { TableQueryConfig, TableState } from './table-state.ts';

interface Row {
  id: string;
  name: string;
  kind: string;
}

const CONFIG: TableQueryConfig = {
  sortFields: ['name'],
  filters: { kind: { kind: 'checkbox', param: 'kind', options: ['a', 'b'] } },
  defaultRows: 20,
  pageSizes: [20, 50],
};

const COLUMNS: Array<DataTableColumn<Row>> = [
  { key: 'name', title: '名称', dataIndex: 'name', sortable: true, hideable: false },
  {
    key: 'kind',
    title: '类型',
    dataIndex: 'kind',
    filterOptions: [
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ],
  },
];

const ROWS: Row[] = [
  { id: '1', name: 'one.txt', kind: 'a' },
  { id: '2', name: 'two.txt', kind: 'b' },
];

function Harness(props: {
  rows?: Row[];
  total?: number;
  onState?: (s: TableState) => void;
  onBulk?: (rows: Row[]) => void;
}): ReactElement {
  const [state, setState] = useState<TableState>({ page: 1, rows: 20, sort: null, filters: {} });
  return (
    <DataTable<Row>
      testId="t"
      tableId={`test-${Math.random()}`}
      columns={COLUMNS}
      config={CONFIG}
      rows={props.rows ?? ROWS}
      total={props.total ?? 2}
      loading={false}
      rowKey="id"
      state={state}
      onStateChange={(s) => {
        setState(s);
        props.onState?.(s);
      }}
      bulkActions={[{ key: 'del', label: '批量删除', onClick: (r) => props.onBulk?.(r) }]}
      onRow={(r) => ({ 'data-row-name': r.name }) as never}
      empty={<span>空空如也</span>}
    />
  );
}

describe('DataTable', { timeout: 30_000 }, () => {
  it('steps the sort cycle none → asc → desc → none from the header', async () => {
    const onState = vi.fn();
    renderWithApp(<Harness onState={onState} />);
    const header = screen.getByRole('columnheader', { name: /名称/ });
    expect(header.getAttribute('aria-sort')).toBeNull();
    await userEvent.click(header);
    expect(onState).toHaveBeenLastCalledWith(
      expect.objectContaining({ sort: { field: 'name', order: 'asc' } }),
    );
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(header);
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ sort: null }));
    // A column that does not sort ignores clicks.
    await userEvent.click(screen.getByRole('columnheader', { name: /类型/ }));
    expect(onState).toHaveBeenCalledTimes(3);
  });

  it('applies a checkbox filter on 确定 and removes it from its tag', async () => {
    const onState = vi.fn();
    renderWithApp(<Harness onState={onState} />);
    const kindHeader = screen.getByRole('columnheader', { name: /类型/ });
    await userEvent.click(within(kindHeader).getByRole('button', { name: 'filter' }));
    const item = await screen.findByRole('menuitem', { name: '乙' });
    await userEvent.click(item);
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onState).toHaveBeenLastCalledWith(
      expect.objectContaining({ filters: { kind: { kind: 'checkbox', values: ['b'] } }, page: 1 }),
    );
    const tag = await screen.findByTestId('filter-tag-kind');
    expect(tag.textContent).toMatch(/类型: 乙/);
    await userEvent.click(within(tag).getByRole('button', { name: /关闭|Close/ }));
    await waitFor(() => expect(screen.queryByTestId('filter-tag-kind')).toBeNull());
  });

  it('warns with nothing selected, and hands the selected rows to a bulk action', async () => {
    const onBulk = vi.fn();
    renderWithApp(<Harness onBulk={onBulk} />);
    await userEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    await screen.findByText('请选中一行数据');
    expect(onBulk).not.toHaveBeenCalled();
    const two = document.querySelector('tr[data-row-name="two.txt"]') as HTMLElement;
    await userEvent.click(within(two).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(onBulk).toHaveBeenLastCalledWith([ROWS[1]]);
    // 全选 takes every row of the page.
    await userEvent.click(screen.getByRole('checkbox', { name: 'select all' }));
    await userEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(onBulk).toHaveBeenLastCalledWith(ROWS);
  });

  it('pages through the caller state and shows the total', async () => {
    const onState = vi.fn();
    renderWithApp(<Harness onState={onState} total={45} />);
    expect(screen.getByText(/共 45 项/)).toBeTruthy();
    await userEvent.click(screen.getByTitle('2'));
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('shows the empty state without rows', () => {
    renderWithApp(<Harness rows={[]} total={0} />);
    expect(screen.getByText('空空如也')).toBeTruthy();
  });
});
