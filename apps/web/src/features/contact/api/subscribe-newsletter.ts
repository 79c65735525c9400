import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { NewsletterInput } from '@shop/shared/schemas/contact';
import { api } from '../../../lib/api-client';

export function subscribeNewsletter(input: NewsletterInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('/newsletter', { method: 'POST', body: input });
}

export const subscribeNewsletterMutationOptions = () => mutationOptions({ mutationKey: ['newsletter'], mutationFn: subscribeNewsletter });

export function useSubscribeNewsletter() {
  return useMutation(subscribeNewsletterMutationOptions());
}
