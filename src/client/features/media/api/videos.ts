import { apiRequest } from '@client/lib/api-client';
import type { TPublicVideoList } from '@shared/schemas/media';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const publishedVideosQuery = queryOptions({
  queryKey: ['videos', 'published'],
  queryFn: ({ signal }) => apiRequest<TPublicVideoList>('/videos', { signal }),
});

export function usePublishedVideos() {
  return useQuery(publishedVideosQuery);
}
