import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authCopy } from '@shop/shared/copy/auth';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { ApiError, setAuthFailureHandler } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toast';
import { useAdminCheck } from './api/admin-check';
import { RENDERED_SESSION_QUERY_KEY, SESSION_QUERY_KEY, fetchSession, sessionQueryOptions, type AuthSessionUser, type RenderedSession } from './api/session';
import { fetchAccessToken, getAccessToken, isTokenFor, msUntilRenewal, removeAccessToken, subscribeToken } from './session-token';

/** The signed-in user, in the spec's terms (the identity provider's displayName, email and photoURL). */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  /** Better Auth's flag; absent in test doubles. */
  emailVerified?: boolean;
  /** The account signs in with a second factor (issue #7); absent in test doubles. */
  twoFactorEnabled?: boolean;
}

export interface AuthValue {
  user: SessionUser | null;
  /** true while the sign-in state (session and access token) is loading */
  loading: boolean;
  /** Spec's admin check: admin flag and its loading flag (true until the answer arrives). */
  admin: boolean;
  adminLoading: boolean;
  /** Issue #7: an admin whose session still owes the second factor ('enrol' or 'verify'); undefined otherwise. */
  adminTwoFactor?: 'enrol' | 'verify';
  /** Spec: revokes the session, removes the token, toasts 'Logout Success'. */
  logout(): Promise<void>;
}

/** What the identity screens need beyond useAuth(). */
export interface AuthActions {
  /** Ends the session without the toast, for a session the server has already ended. */
  forceSignOut(): Promise<void>;
  /**
   * After Better Auth signed someone in (password or Google): reload the
   * session and get the access token (the spec's sync). Resolves with the user.
   */
  completeSignIn(): Promise<SessionUser>;
  /** After a second factor was accepted (enrolment or a check of the current session): new token, fresh admin check. */
  secondFactorPassed(): Promise<void>;
}

// Components rendered without the provider (isolated tests) see a signed-out visitor.
const AuthContext = createContext<AuthValue>({ user: null, loading: false, admin: false, adminLoading: false, logout: async () => undefined });
const AuthActionsContext = createContext<AuthActions>({
  forceSignOut: async () => undefined,
  completeSignIn: async () => {
    throw new Error('AuthProvider is missing');
  },
  secondFactorPassed: async () => undefined,
});

/** Query keys that stay cached across sign-out: the public catalogue and the auth state itself. */
const PUBLIC_QUERY_ROOTS = new Set(['products', 'reviews', 'auth', 'auth-config']);

const toSessionUser = (u: AuthSessionUser): SessionUser => ({
  id: u.id,
  email: u.email,
  displayName: u.name,
  photoURL: u.image ?? null,
  emailVerified: u.emailVerified,
  twoFactorEnabled: u.twoFactorEnabled === true,
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions);
  const authUser = session.data ?? null;
  const token = useSyncExternalStore(subscribeToken, getAccessToken, () => null);
  const tokenReady = authUser ? isTokenFor(token, authUser.email) : false;
  // Decision 187: the server rendered this page for this very user (it read the session cookie), so the page is
  // theirs before the browser has a token of its own: the guards show it, as the server did, instead of "loading".
  const rendered = useQuery({ queryKey: RENDERED_SESSION_QUERY_KEY, queryFn: (): RenderedSession | null => null, enabled: false, staleTime: Infinity });
  const serverSignedIn = Boolean(authUser && rendered.data?.userId === authUser.id);
  // A sync that failed for a reason other than an ended session (e.g. offline): stop waiting for it.
  const [tokenFailed, setTokenFailed] = useState(false);

  const endSession = useCallback(async () => {
    // Better Auth's client loads on sign-out only: it is not on the public pages' critical path (decision 107).
    await import('../../lib/auth-client').then(({ authClient }) => authClient.signOut()).catch(() => undefined);
    removeAccessToken();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.setQueryData(RENDERED_SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => !PUBLIC_QUERY_ROOTS.has(String(q.queryKey[0])) });
  }, [queryClient]);

  const userRef = useRef(authUser);
  useEffect(() => {
    userRef.current = authUser;
  });

  // Signed in but no valid token for this user (first visit after sign-in, expired, another account): sync.
  useEffect(() => {
    if (!authUser || tokenReady) return;
    let cancelled = false;
    fetchAccessToken(authUser.email, authUser.name)
      .then(() => !cancelled && setTokenFailed(false))
      .catch(async (err) => {
        if (cancelled) return;
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
          removeAccessToken();
          queryClient.setQueryData(SESSION_QUERY_KEY, null);
        } else setTokenFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [authUser, tokenReady, queryClient]);

  // A stale token of an earlier session must not be sent once we know nobody is signed in.
  useEffect(() => {
    if (session.isSuccess && !authUser && token) removeAccessToken();
  }, [session.isSuccess, authUser, token]);

  // Spec §9: renew the token 5 minutes before it expires (and on return to a tab whose timers slept).
  useEffect(() => {
    if (!authUser || !tokenReady) return;
    const renew = () => {
      fetchAccessToken(authUser.email, authUser.name).catch(() => undefined);
    };
    const timer = window.setTimeout(renew, Math.max(0, msUntilRenewal(token)));
    const onVisible = () => {
      if (document.visibilityState === 'visible' && msUntilRenewal(getAccessToken()) <= 0) renew();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [authUser, tokenReady, token]);

  // A refused token: renew it once through the session; if the session is over, sign out and go home (spec §7).
  useEffect(() => {
    setAuthFailureHandler(async () => {
      const u = userRef.current;
      if (!u) return false;
      try {
        await fetchAccessToken(u.email, u.name);
        return true;
      } catch {
        await endSession();
        // A full load of the home page also drops whatever private data the old session left in memory.
        window.location.assign('/');
        return false;
      }
    });
    return () => setAuthFailureHandler(null);
  }, [endSession]);

  const adminQuery = useAdminCheck(authUser?.email, tokenReady || serverSignedIn);

  const logout = useCallback(async () => {
    await endSession();
    toastSuccess(toastsCopy.logout);
  }, [endSession]);

  const completeSignIn = useCallback(async () => {
    const u = await queryClient.fetchQuery({ ...sessionQueryOptions, queryFn: fetchSession, staleTime: 0 });
    if (!u) throw new Error(authCopy.sessionEnded);
    await fetchAccessToken(u.email, u.name);
    return toSessionUser(u);
  }, [queryClient]);

  const secondFactorPassed = useCallback(async () => {
    // Better Auth replaces the session on enrolment: the old token is dead, the new session needs its own.
    removeAccessToken();
    await completeSignIn();
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
  }, [completeSignIn, queryClient]);

  const value = useMemo<AuthValue>(() => {
    const user = authUser ? toSessionUser(authUser) : null;
    const loading = session.isPending || Boolean(authUser && !tokenReady && !tokenFailed && !serverSignedIn);
    const adminLoading = loading ? true : user ? (tokenReady || serverSignedIn) && adminQuery.isPending : false;
    const owed = adminQuery.data?.twoFactor;
    const adminTwoFactor = owed === 'enrol' || owed === 'verify' ? owed : undefined;
    return { user, loading, admin: Boolean(user && adminQuery.data?.admin), adminLoading, adminTwoFactor, logout };
  }, [authUser, session.isPending, tokenReady, tokenFailed, serverSignedIn, adminQuery.isPending, adminQuery.data, logout]);
  const actions = useMemo<AuthActions>(
    () => ({ forceSignOut: endSession, completeSignIn, secondFactorPassed }),
    [endSession, completeSignIn, secondFactorPassed],
  );

  // The session check answers right after the page hydrates, and a store update renders at once, in one long task,
  // every part that reads the session (the navbar, each product card's cart button). While the last value given out
  // said "loading", the answer reaches them in a deferred render React can interrupt, so the page stays responsive.
  // Only ever "still loading" is shown a moment longer, never a stale user (decision 169).
  const deferred = useDeferredValue(value);
  const provided = deferred.loading ? deferred : value;

  return (
    <AuthContext.Provider value={provided}>
      <AuthActionsContext.Provider value={actions}>{children}</AuthActionsContext.Provider>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthValue {
  return useContext(AuthContext);
}

export function useAuthActions(): AuthActions {
  return useContext(AuthActionsContext);
}
