/**
 * The share landing's card (000 §2 /s): a white, rounded panel drawn with plain styles — antd's Card
 * would bring Tabs and Skeleton along, which the landing page does not use (issue 17: initial JS).
 */
import type { CSSProperties } from 'react';

/** Style of the landing's card panels. */
export const cardStyle: CSSProperties = {
  background: '#ffffff',
  borderRadius: 16,
  border: '1px solid #f0f0f0',
  boxSizing: 'border-box',
};
