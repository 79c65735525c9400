import { queryOptions } from '@tanstack/react-query';
import type { Diagram, PartDiagram, VehicleDiagrams } from '@shop/shared/schemas/diagram';
import { api } from '../../../lib/api-client';

/** Issue #36 item 1 (decision 197): public diagram reads; the 'diagrams' root is read while the server renders a page. */
export const diagramKeys = {
  all: ['diagrams'] as const,
  diagram: (vehicle: string, assembly: string) => ['diagrams', 'diagram', vehicle, assembly] as const,
  vehicle: (vehicle: string) => ['diagrams', 'vehicle', vehicle] as const,
  part: (productId: string) => ['diagrams', 'part', productId] as const,
};

export const diagramQueryOptions = (vehicle: string, assembly: string) =>
  queryOptions({
    queryKey: diagramKeys.diagram(vehicle, assembly),
    queryFn: ({ signal }) => api<Diagram>(`/diagrams/${encodeURIComponent(vehicle)}/${encodeURIComponent(assembly)}`, { signal }),
  });

export const vehicleDiagramsQueryOptions = (vehicle: string) =>
  queryOptions({
    queryKey: diagramKeys.vehicle(vehicle),
    queryFn: ({ signal }) => api<VehicleDiagrams>(`/diagrams/${encodeURIComponent(vehicle)}`, { signal }),
  });

export const partDiagramsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: diagramKeys.part(productId),
    queryFn: ({ signal }) => api<PartDiagram[]>(`/product/${encodeURIComponent(productId)}/diagrams`, { signal }),
  });
