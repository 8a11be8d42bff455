import { LATER_CODE_ELEMENT_ID } from '../../contract';

/** The code named in the page (contract/boot.ts), or none. */
function namedCode(): string[] {
  const el = document.getElementById(LATER_CODE_ELEMENT_ID);
  if (!el) return [];
  try {
    const files: unknown = JSON.parse(el.textContent ?? '[]');
    if (!Array.isArray(files)) return [];
    return files.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/'));
  } catch {
    return [];
  }
}

/**
 * Fetches the code the page will load on the visitor's tap (named by the server, contract/boot.ts),
 * and `also` (same-origin files the tap will ask for first), into the browser's cache once the page has
 * loaded and is idle: a prefetch is neither parsed nor run, so it costs the first screen nothing, and
 * the tap then waits for fewer downloads. Returns a cancel for a page left before then.
 */
export function prefetchLaterCode(also: string[] = []): () => void {
  const hrefs = [...namedCode(), ...also.filter((u) => u.startsWith('/') && !u.startsWith('//'))];
  if (!hrefs.length) return () => undefined;
  let cancelIdle = () => undefined as void;
  const add = () => {
    for (const href of hrefs) {
      if (document.head.querySelector(`link[rel="prefetch"][href="${CSS.escape(href)}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      // As the app's import() and hls.js's requests ask: same-origin credentials.
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  const whenIdle = () => {
    // Safari before 18 has no requestIdleCallback.
    if (typeof requestIdleCallback !== 'function') {
      const t = setTimeout(add, 500);
      cancelIdle = () => clearTimeout(t);
      return;
    }
    const id = requestIdleCallback(add, { timeout: 2_000 });
    cancelIdle = () => cancelIdleCallback(id);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
  return () => {
    removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
