/**
 * The caller of an authenticated request (spec 000 §8 sessions): the signed-in user's row and the
 * session it came with. The session hook (route-auth.ts) resolves it through auth.service
 * `authenticate`; every service that checks rights takes it as its first argument.
 */
import type { UserRow } from './auth.repository.ts';

/** The caller of an authenticated request. */
export interface Caller {
  user: UserRow;
  sessionId: string;
}
