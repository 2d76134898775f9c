/**
 * Session state (spec 000 §3 "Client storage"): token and user object kept in localStorage;
 * `signOut` clears both (000 §4 Log-out).
 */
import { create } from 'zustand';
import type { SessionUserValue } from '@bimdrive/contracts';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface SessionState {
  token: string | null;
  user: SessionUserValue | null;
  /** Store the token (and optionally the user) after sign-in. */
  signIn: (token: string, user?: SessionUserValue | null) => void;
  setUser: (user: SessionUserValue) => void;
  /** Clear token and user. */
  signOut: () => void;
}

function readUser(): SessionUserValue | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUserValue) : null;
  } catch {
    return null;
  }
}

/** The session store (zustand). */
export const useSession = create<SessionState>((set) => ({
  token: localStorage.getItem(TOKEN_KEY),
  user: readUser(),
  signIn: (token, user = null) => {
    localStorage.setItem(TOKEN_KEY, token);
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ token, user });
  },
  setUser: (user) => {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user });
  },
  signOut: () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    set({ token: null, user: null });
  },
}));
