import { useEffect, useRef } from 'react';

type Handlers = Partial<{ [K in keyof HTMLMediaElementEventMap]: (e: HTMLMediaElementEventMap[K]) => void }>;

/** Subscribes to events of the player's <video>; the latest handlers are always called. */
export function useVideoEvents(video: HTMLVideoElement | null | undefined, handlers: Handlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  const names = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    if (!video || !names) return;
    const list = names.split(',') as (keyof HTMLMediaElementEventMap)[];
    const fns = list.map((name) => {
      const fn = (e: Event) => (ref.current[name] as ((e: Event) => void) | undefined)?.(e);
      video.addEventListener(name, fn);
      return [name, fn] as const;
    });
    return () => fns.forEach(([name, fn]) => video.removeEventListener(name, fn));
  }, [video, names]);
}
