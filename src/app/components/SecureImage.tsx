import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { IMAGE_RETRY_LIMIT, OfflineText, PLACEHOLDER_IMAGE_PATH } from '../../contract';
import { onceWorthRetrying } from '../lib/image-retry';
import { decryptedImageUrl, swControlsPage } from '../lib/images';
import { useOnline } from '../lib/online';
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
 * Why the placeholder shows: `none`, the server has no picture (204), for good; `retry`, it could not
 * be had now, and is tried again when that makes sense (lib/image-retry.ts).
 */
type Failure = false | 'none' | 'retry';

/**
 * An encrypted image. With a service worker in control, a plain <img> (the worker decrypts and caches);
 * before that (first visit) the bytes are fetched and decrypted here — or taken as they are, when the
 * worker took the page over in between and answered them decrypted (contract/image-answer.ts). 204 →
 * placeholder; a failure → placeholder, tried again later (each try decides anew who decrypts).
 */
export function SecureImage(props: SecureImageProps) {
  return <SecureImageInner key={props.src} {...props} />;
}

function SecureImageInner({ src, width, height, alt, className, eager, style }: SecureImageProps) {
  const [attempt, setAttempt] = useState(0);
  const [viaWorker, setViaWorker] = useState(swControlsPage);
  const [failed, setFailed] = useState<Failure>(src ? false : 'none');
  const [blobUrl, setBlobUrl] = useState<string>();
  const box = useRef<HTMLSpanElement>(null);
  const online = useOnline();

  useEffect(() => {
    if (viaWorker || failed || !src) return;
    let cancelled = false;
    const load = () =>
      decryptedImageUrl(src).then(
        (u) => {
          if (cancelled) return;
          if (u) setBlobUrl(u);
          else setFailed('none');
        },
        () => !cancelled && setFailed('retry'),
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
  }, [viaWorker, failed, src, eager, attempt]);

  useEffect(() => {
    if (failed !== 'retry' || attempt >= IMAGE_RETRY_LIMIT) return;
    return onceWorthRetrying(box.current, () => {
      setViaWorker(swControlsPage());
      setBlobUrl(undefined);
      setFailed(false);
      setAttempt((a) => a + 1);
    });
  }, [failed, attempt]);

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
          // A new element for each try: the worker's error answer is asked for again, not reused.
          key={attempt}
          src={shown}
          width={width}
          height={height}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          // The worker answers a picture it could not get with an error (sw/image-strategy.ts).
          onError={() => !failed && setFailed('retry')}
        />
      )}
      {/* A picture that could not come offline says why (it comes back with the network). */}
      {failed === 'retry' && !online && <span className="secure-img-note">{OfflineText.pictureOffline}</span>}
    </span>
  );
}
