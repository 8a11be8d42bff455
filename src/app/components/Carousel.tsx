import { useNavigate } from '@tanstack/react-router';
import { useKeenSlider, type KeenSliderInstance, type KeenSliderPlugin } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useEffect, useState } from 'react';
import { CAROUSEL_AUTOPLAY_MS, type Ad, CommonText } from '../../contract';
import { SecureImage } from './SecureImage';

/** Moves on every CAROUSEL_AUTOPLAY_MS; pauses while a finger is on it or the page is hidden. */
function autoplay(ms: number): KeenSliderPlugin {
  return (slider: KeenSliderInstance) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let holding = false;
    const clear = () => clearTimeout(timer);
    const next = () => {
      clear();
      if (holding || document.hidden) return;
      timer = setTimeout(() => slider.next(), ms);
    };
    slider.on('created', () => {
      slider.container.addEventListener('pointerdown', () => ((holding = true), clear()));
      slider.container.addEventListener('pointerup', () => ((holding = false), next()));
      slider.container.addEventListener('pointercancel', () => ((holding = false), next()));
      document.addEventListener('visibilitychange', next);
      next();
    });
    slider.on('dragStarted', clear);
    slider.on('animationEnded', next);
    slider.on('updated', next);
    slider.on('destroyed', () => {
      clear();
      document.removeEventListener('visibilitychange', next);
    });
  };
}

/** Follows an ad by its jumpType (spec §3): -1 same window, -2 new window, 2 book detail, 3 purchase. */
export function useAdClick() {
  const navigate = useNavigate();
  return (ad: Ad) => {
    switch (ad.jumpType) {
      case -1:
        if (ad.url) window.location.assign(ad.url);
        break;
      case -2:
        if (ad.url) window.open(ad.url, '_blank', 'noopener');
        break;
      case 2:
        void navigate({ to: '/book/$bookId', params: { bookId: String(ad.bizId) } });
        break;
      case 3:
        void navigate({ to: '/purchase' });
        break;
    }
  };
}

/** The ad carousel of home and the list screens. `width`/`height`: the banners' intrinsic size. */
export function Carousel({
  ads,
  width = 750,
  height = 300,
  className,
}: {
  ads: readonly Ad[];
  width?: number;
  height?: number;
  className?: string;
}) {
  const [current, setCurrent] = useState(0);
  const onAd = useAdClick();
  // The slider sets itself up (measures, positions every slide) once the screen is idle, as a task of
  // its own: until then the first slide shows as laid out by CSS, exactly where the slider keeps it.
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setArmed(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setArmed(true), { timeout: 1500 });
    return () => cancelIdleCallback(id);
  }, []);
  const [ref] = useKeenSlider<HTMLDivElement>(
    {
      loop: ads.length > 1,
      drag: ads.length > 1,
      slideChanged: (s) => setCurrent(s.track.details.rel),
    },
    ads.length > 1 ? [autoplay(CAROUSEL_AUTOPLAY_MS)] : [],
  );
  if (ads.length === 0) return null;
  return (
    <section
      className={className ? `carousel ${className}` : 'carousel'}
      aria-roledescription="carousel"
      aria-label={CommonText.ad}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <div ref={armed ? ref : undefined} className="keen-slider">
        {ads.map((ad, i) => (
          <button
            key={`${ad.bizId}-${i}`}
            type="button"
            className="keen-slider__slide carousel-slide"
            aria-label={ad.title || CommonText.adNumber(i + 1)}
            onClick={() => onAd(ad)}
          >
            <SecureImage src={ad.imgPath} width={width} height={height} alt={ad.title} eager={i === 0} />
          </button>
        ))}
      </div>
      {ads.length > 1 && (
        <div className="carousel-dots" aria-hidden="true">
          {ads.map((_, i) => (
            <span key={i} className={i === current ? 'dot active' : 'dot'} />
          ))}
        </div>
      )}
    </section>
  );
}
