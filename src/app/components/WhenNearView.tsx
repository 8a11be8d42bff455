import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once their place comes near the view: for a section far below the fold whose
 * code or device storage (Dexie) should not be loaded and opened while the first screen starts.
 */
export function WhenNearView({ children, margin = 600 }: { children: ReactNode; margin?: number }) {
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near) return;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin}px 0px`,
    });
    if (spot.current) io.observe(spot.current);
    return () => io.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={spot} aria-hidden="true" />;
}
