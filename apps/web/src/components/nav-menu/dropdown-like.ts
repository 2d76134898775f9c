/**
 * Props that make antd Popover open, move and look like antd Dropdown's popup (issue 17 "Weight and
 * speed": Dropdown brings antd Menu into the signed-in first load): no arrow and no box of its own
 * (the content draws the panel), Dropdown's z-index and its slide-up motion (slide-up-motion.css).
 * Spread into a Popover: `<Popover {...DROPDOWN_LIKE} placement="bottomRight" …>`.
 */
import type { PopoverProps } from 'antd';
import './slide-up-motion.css';

export const DROPDOWN_LIKE: Pick<PopoverProps, 'arrow' | 'zIndex' | 'motion' | 'styles'> = {
  arrow: false,
  zIndex: 1050,
  motion: { motionName: 'nav-slide-up' },
  styles: {
    root: { filter: 'none' },
    container: { padding: 0, background: 'none', boxShadow: 'none', borderRadius: 0 },
  },
};
