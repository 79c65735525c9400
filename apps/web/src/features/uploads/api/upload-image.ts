import { useMutation } from '@tanstack/react-query';
import type { UploadResponse } from '@shop/shared/schemas/upload';
import { api } from '../../../lib/api-client';

export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<UploadResponse>('/uploads', { method: 'POST', rawBody: form, auth: true });
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
