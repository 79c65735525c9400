import { orderRulesCopy } from '@shop/shared/copy/order-rules';
import { ApiError } from '../../../lib/api-client';
import { useResendVerification } from '../../profile/api/resend-verification';
import { useAuth } from '../auth-context';

/** Issue #22: the server refused because the account's e-mail address is not verified yet. */
export const isEmailNotVerified = (error: unknown) => error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';

/**
 * Beside the server's EMAIL_NOT_VERIFIED message (the order modal, the cart's
 * checkout, the review form): a button that sends the verification e-mail again.
 */
export function ResendVerificationButton({ sentText = orderRulesCopy.verificationSent }: { sentText?: string }) {
  const { user } = useAuth();
  const resend = useResendVerification();
  const email = user?.email;
  if (!email) return null;
  return (
    <div className="mt-2 flex flex-col items-start gap-2">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => resend.mutate(email)}
        disabled={resend.isPending || resend.isSuccess}
        aria-busy={resend.isPending}
      >
        {resend.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {orderRulesCopy.resendVerification}
      </button>
      <p role="status" className="text-sm font-medium text-base-content">
        {resend.isSuccess ? sentText : resend.isError ? resend.error.message : ''}
      </p>
    </div>
  );
}
