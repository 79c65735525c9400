import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '../../../lib/load-auth-client';

/** Better Auth: POST /api/auth/send-verification-email (the link lands on the profile). */
export async function resendVerification(email: string) {
  const res = await (await loadAuthClient()).sendVerificationEmail({ email, callbackURL: '/profile?verified=1' });
  if (res.error) throw new Error(res.error.message ?? 'The e-mail could not be sent.');
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
