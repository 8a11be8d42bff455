import { useEffect, useState } from 'react';
import { decryptedImageUrl, swControlsPage } from '../../lib/images';

/** The poster for <video>: encrypted like every image, so decrypted here unless the worker does it. */
export function usePosterUrl(src: string): string | undefined {
  const [url, setUrl] = useState<string | undefined>(() => (src && swControlsPage() ? src : undefined));
  useEffect(() => {
    if (!src || swControlsPage()) return;
    let live = true;
    decryptedImageUrl(src).then(
      (u) => live && setUrl(u ?? undefined),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [src]);
  return url;
}
