import { useEffect, useRef, useState } from 'react';
import { Autosaver, type SaveOptions, type SaveStatus } from '../autosave';

type UseAutosaveOptions<T> = {
  delayMs: number;
  save: (value: T, options: SaveOptions) => Promise<unknown>;
  onError?: (error: unknown, failuresInRow: number) => void;
  /** Ask the browser to confirm closing or reloading the page while something is not saved. */
  warnBeforeUnload?: boolean;
};

/**
 * An Autosaver bound to the page: it saves with keepalive when the page is hidden or closed, saves what is
 * left when the component goes (leaving for another page of the app), and reports its status for display.
 */
export function useAutosave<T>({ delayMs, save, onError, warnBeforeUnload = false }: UseAutosaveOptions<T>) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const saveRef = useRef(save);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    saveRef.current = save;
    onErrorRef.current = onError;
  });
  const [saver] = useState(
    () =>
      new Autosaver<T>({
        delayMs,
        save: (value, options) => saveRef.current(value, options),
        onStatus: setStatus,
        onError: (error, failures) => onErrorRef.current?.(error, failures),
      }),
  );

  useEffect(() => {
    saver.start();
    const onPageHide = () => saver.leave();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden' && saver.hasUnsaved) void saver.flush({ keepalive: true });
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      if (saver.hasUnsaved) void saver.flush();
      saver.stop();
    };
  }, [saver]);

  const unsaved = status === 'pending' || status === 'saving' || status === 'failed';
  useEffect(() => {
    if (!warnBeforeUnload || !unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [warnBeforeUnload, unsaved]);

  return { saver, status };
}
