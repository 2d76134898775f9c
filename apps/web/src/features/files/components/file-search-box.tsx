/**
 * The file list's search box (issue 5 search; issue 17 "Weight and speed": replaces antd's Select
 * and Input.Search, ~30 KB gzip with @rc-component/select and input, on the first load of
 * /myDocument): the scope (当前文件夹 / 全部区域, a LightSelect named `scope`), the text field with its
 * clear icon and the search button, joined like antd's Space.Compact. Enter or the button searches;
 * clearing the field searches for nothing (leaves the search), as antd's Input.Search with allowClear.
 */
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useState, type ReactElement } from 'react';
import { LightSelect } from '../../../components/light/light-select.tsx';
import './file-search-box.css';

/** Props of FileSearchBox. */
export interface FileSearchBoxProps {
  scope: 'folder' | 'all';
  scopeOptions: Array<{ value: 'folder' | 'all'; label: string }>;
  onScopeChange: (scope: 'folder' | 'all') => void;
  text: string;
  placeholder: string;
  onTextChange: (text: string) => void;
  onSearch: (text: string) => void;
}

/** Scope, field and button in one row (380 px at most). */
export function FileSearchBox(props: FileSearchBoxProps): ReactElement {
  const [focused, setFocused] = useState(false);
  return (
    <div className="file-search-box">
      <LightSelect<'folder' | 'all'>
        aria-label="scope"
        data-testid="search-scope"
        className="file-search-scope"
        value={props.scope}
        onChange={props.onScopeChange}
        options={props.scopeOptions}
      />
      <span className="file-search-field" data-testid="file-search">
        <span className={`file-search-input${focused ? ' file-search-input-focused' : ''}`}>
          <input
            type="text"
            placeholder={props.placeholder}
            value={props.text}
            onChange={(e) => props.onTextChange(e.target.value)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) props.onSearch(props.text);
            }}
          />
          <span
            role="button"
            tabIndex={-1}
            aria-label="clear"
            className={`file-search-clear${props.text ? '' : ' file-search-clear-hidden'}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              props.onTextChange('');
              props.onSearch('');
            }}
          >
            <CloseCircleFilled />
          </span>
        </span>
        <button type="button" className="file-search-button" onClick={() => props.onSearch(props.text)}>
          <SearchOutlined />
        </button>
      </span>
    </div>
  );
}
