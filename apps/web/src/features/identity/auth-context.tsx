import { createContext, useContext, type ReactNode } from 'react';

/**
 * Sign-in state of the whole app. PLACEHOLDER until the identity issue (#3)
 * lands: always signed out. The identity work replaces this file's internals
 * and keeps this interface.
 */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
}

export interface AuthValue {
  user: SessionUser | null;
  /** true while the sign-in state is loading */
  loading: boolean;
  /** Spec's admin check: admin flag and its loading flag (starts true). */
  admin: boolean;
  adminLoading: boolean;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthValue>({
  user: null,
  loading: false,
  admin: false,
  adminLoading: false,
  logout: async () => {},
});

export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={{ user: null, loading: false, admin: false, adminLoading: false, logout: async () => {} }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  return useContext(AuthContext);
}
