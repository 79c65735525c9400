import { useCallback, useState } from 'react';

/** Pending and error state of one identity form's submit; an action returns an error message or nothing. */
export function useAuthAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<string | null | void>) => {
    setError(null);
    setPending(true);
    try {
      const message = await action();
      if (message) setError(message);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, error, setError, run };
}
