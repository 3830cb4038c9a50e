import { ApiError } from '@client/lib/api-client';
import type {
  TAdminVideo,
  TAdminVideoList,
  TBackgroundSlot,
  TBackgroundVideos,
  TCreateVideo,
  TStorageFileList,
  TUpdateVideo,
} from '@shared/schemas/media';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyVideoPatch, patchedFlags, removeVideo } from '../lib/video-list';
import { type UploadProgress, uploadErrorCode } from '../lib/video-upload';
import { adminRequest, isAdminSessionMissing, reportAdminSessionLost } from './admin-request';

/**
 * Video management for staff (spec §2 "/admin/videos"): uploaded videos (`/api/admin/videos`), the files of
 * bucket `videos` (`/api/admin/storage/videos`) and the background videos (`/api/admin/background-videos`).
 * Files are sent as the raw request body with XMLHttpRequest, the one browser API that reports upload
 * progress.
 */
export const adminVideosKey = ['admin', 'videos'] as const;
export const adminStorageKey = ['admin', 'storage', 'videos'] as const;
export const adminBackgroundVideosKey = ['admin', 'background-videos'] as const;

export const adminVideosQueryOptions = queryOptions({
  queryKey: adminVideosKey,
  queryFn: ({ signal }) => adminRequest<TAdminVideoList>('/videos', { signal }),
});

export const adminStorageQueryOptions = queryOptions({
  queryKey: adminStorageKey,
  queryFn: ({ signal }) => adminRequest<TStorageFileList>('/storage/videos', { signal }),
});

export const adminBackgroundVideosQueryOptions = queryOptions({
  queryKey: adminBackgroundVideosKey,
  queryFn: ({ signal }) => adminRequest<TBackgroundVideos>('/background-videos', { signal }),
});

type UploadTarget = { method: 'POST' | 'PUT'; path: string };

/** Where each kind of file goes (paths below `/api/admin`). */
export const UPLOAD_TARGETS = {
  video: { method: 'POST', path: '/videos/files' },
  thumbnail: { method: 'POST', path: '/videos/thumbnails' },
  background: (slot: TBackgroundSlot): UploadTarget => ({
    method: 'PUT',
    path: `/background-videos/${slot}`,
  }),
  backgroundPoster: (slot: TBackgroundSlot): UploadTarget => ({
    method: 'PUT',
    path: `/background-videos/${slot}/poster`,
  }),
} as const;

/**
 * Sends a file as the request body. Rejects with an `ApiError` (code `network` when the server could not be
 * reached) or, after `signal` aborted it, a DOMException named AbortError, like fetch.
 */
export function sendFile<T>(
  target: UploadTarget,
  file: Blob,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(target.method, `/api/admin${target.path}`);
    // The server decides the format by the first bytes; a browser's guess (video/x-m4v, say) adds nothing.
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    });
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort);
    const settle = () => signal?.removeEventListener('abort', onAbort);
    request.addEventListener('load', () => {
      settle();
      if (request.status >= 200 && request.status < 300) {
        resolve((request.responseText === '' ? undefined : JSON.parse(request.responseText)) as T);
        return;
      }
      const error = new ApiError(request.status, uploadErrorCode(request.status, request.responseText));
      if (isAdminSessionMissing(error)) reportAdminSessionLost();
      reject(error);
    });
    request.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'network'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(aborted());
    });
    request.send(file);
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export type FileUpload = {
  /** Bytes sent of the file being sent now; null while nothing is being sent. */
  progress: UploadProgress | null;
  send: <T>(target: UploadTarget, file: Blob) => Promise<T>;
  /** Stops the file being sent; its `send` rejects with an AbortError. */
  cancel: () => void;
};

/** One file at a time with its progress, cancelled when the component leaves. */
export function useFileUpload(): FileUpload {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(async <T>(target: UploadTarget, file: Blob): Promise<T> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setProgress({ loaded: 0, total: file.size });
    try {
      return await sendFile<T>(target, file, { signal: own.signal, onProgress: setProgress });
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setProgress(null);
      }
    }
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, send, cancel };
}

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateVideo) => adminRequest<TAdminVideo>('/videos', { method: 'POST', body }),
    onSuccess: (video) => {
      queryClient.setQueryData<TAdminVideoList>(adminVideosKey, (list) =>
        list ? { videos: [video, ...list.videos.filter((row) => row.id !== video.id)] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: adminVideosKey });
      void queryClient.invalidateQueries({ queryKey: adminStorageKey });
    },
  });
}

/**
 * Publishes/unpublishes or features/unfeatures a video. The list shows the change at once; when the server
 * refuses, only the flags this change touched go back.
 */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TUpdateVideo }) =>
      adminRequest<TAdminVideo>(`/videos/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: adminVideosKey });
      const before = queryClient
        .getQueryData<TAdminVideoList>(adminVideosKey)
        ?.videos.find((v) => v.id === id);
      queryClient.setQueryData<TAdminVideoList>(adminVideosKey, (list) =>
        list ? applyVideoPatch(list, id, patch) : list,
      );
      return { undo: before ? patchedFlags(before, patch) : null };
    },
    onError: (_error, { id }, context) => {
      const undo = context?.undo;
      if (!undo) return;
      queryClient.setQueryData<TAdminVideoList>(adminVideosKey, (list) =>
        list ? applyVideoPatch(list, id, undo) : list,
      );
    },
    onSuccess: (video, { patch }) => {
      queryClient.setQueryData<TAdminVideoList>(adminVideosKey, (list) =>
        list ? applyVideoPatch(list, video.id, patchedFlags(video, patch)) : list,
      );
    },
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(`/videos/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TAdminVideoList>(adminVideosKey, (list) =>
        list ? removeVideo(list, id) : list,
      );
      void queryClient.invalidateQueries({ queryKey: adminStorageKey });
    },
  });
}

export function useDeleteStorageFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      adminRequest(`/storage/videos/${name.split('/').map(encodeURIComponent).join('/')}`, {
        method: 'DELETE',
      }),
    onSuccess: (_result, name) => {
      queryClient.setQueryData<TStorageFileList>(adminStorageKey, (list) =>
        list ? { files: list.files.filter((file) => file.name !== name) } : list,
      );
    },
    // A 409 means something started using the file: the list shows that after a reload.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminStorageKey }),
  });
}
