/** Real-time hub names — spec 000 §7 (hub at /api/chatHub, events). */
export const HUB_PATH = '/api/chatHub';
export const HubEvents = {
  register: 'reloadConnnectAsync',
  fileStatus: 'projectFileStatusInfo',
  accountExit: 'AccountExit',
} as const;
/** Reconnect delay after the connection closes (000 §9): 5 s. */
export const HUB_RECONNECT_MS = 5000;
