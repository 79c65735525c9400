import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@shop/shared/schemas/contact';
import { api } from '../../../lib/api-client';

export function sendContactMessage(input: ContactMessageInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('/contact', { method: 'POST', body: input });
}

export const sendContactMessageMutationOptions = () => mutationOptions({ mutationKey: ['contact'], mutationFn: sendContactMessage });

export function useSendContactMessage() {
  return useMutation(sendContactMessageMutationOptions());
}
