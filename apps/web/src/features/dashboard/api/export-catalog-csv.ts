import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const exportCatalogCsv = () => api<string>('/products/export.csv', { auth: true });

export const useExportCatalogCsv = () => useMutation({ mutationFn: exportCatalogCsv });
