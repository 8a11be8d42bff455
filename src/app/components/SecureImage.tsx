import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { PLACEHOLDER_IMAGE_PATH } from '../../contract';
import { decryptedImageUrl, swControlsPage } from '../lib/images';
import { isPrerendering } from '../lib/prerendering';

export interface SecureImageProps {
  /** The encrypted image URL (…_500_0.img / …_180_0.img). */
  src: string;
  /** Intrinsic size: reserves the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  alt: string;
  className?: string;
  /** Load at once (above the fold, e.g. the first carousel slide or the first reader page). */
  eager?: boolean;
  style?: CSSProperties;
}

/**
 * An encrypted image. With a service worker in control, a plain <img> (the worker decrypts and caches);
 * before that (first visit) the bytes are fetched and decrypted here. 204 or failure → placeholder.
 */
export function SecureImage(props: SecureImageProps) {
  return <SecureImageInner key={props.src} {...props} />;
}

function SecureImageInner({ src, width, height, alt, className, eager, style }: SecureImageProps) {
  const [viaWorker] = useState(swControlsPage);
  const [failed, setFailed] = useState(!src);
  const [blobUrl, setBlobUrl] = useState<string>();
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (viaWorker || failed || !src) return;
    let cancelled = false;
    const load = () =>
      decryptedImageUrl(src).then(
        (u) => {
          if (cancelled) return;
          if (u) setBlobUrl(u);
          else setFailed(true);
        },
        () => !cancelled && setFailed(true),
      );
    if (eager || typeof IntersectionObserver === 'undefined') {
      void load();
      return () => void (cancelled = true);
    }
    // Same laziness as loading="lazy": start when the box comes near the view.
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          void load();
        }
      },
      { rootMargin: '200px 0px' },
    );
    if (box.current) io.observe(box.current);
    return () => {
      cancelled = true;
      io.disconnect();
    };
  }, [viaWorker, failed, src, eager]);

  const shown = failed ? PLACEHOLDER_IMAGE_PATH : viaWorker ? src : blobUrl;
  // In the server's prerender the page decrypts it before the app runs (server/http/prerender-page.ts).
  const prerendered = !shown && isPrerendering() && src;
  return (
    <span
      ref={box}
      className={className ? `secure-img ${className}` : 'secure-img'}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
    >
      {prerendered && <img data-secure-src={src} width={width} height={height} alt={alt} draggable={false} />}
      {shown && (
        <img
          src={shown}
          width={width}
          height={height}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}
