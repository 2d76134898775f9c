/**
 * The 看板 button of the top bar (spec 000 §2 Top bar; 001 §2 /board; issue 16): opens the dashboard
 * of the user's space, projects or company, highlighted while it is shown. On narrow screens only the
 * icon shows (board.css).
 */
import { BarChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import '../board.css';
import '../i18n.ts';

/** The navbar's 看板 entry. */
export function BoardNavButton(): ReactElement {
  const { t } = useTranslation('board');
  const navigate = useNavigate();
  const active = useLocation().pathname === '/board';
  return (
    <Button
      type="text"
      className="board-nav"
      icon={<BarChartOutlined />}
      onClick={() => void navigate('/board')}
      aria-label={t('nav')}
      aria-current={active ? 'page' : undefined}
      style={active ? { color: '#1677ff' } : undefined}
      data-testid="board-nav"
    >
      <span className="board-nav-label">{t('nav')}</span>
    </Button>
  );
}
