import type { ReactElement, ReactNode } from 'react';
import { useProgressive } from './useProgressive';

/**
 * Below-the-fold parts shown one more per frame as the view comes near them (useProgressive), then
 * `after`. Each step re-renders only this: the parts are the caller's elements, unchanged, so the ones
 * already shown are skipped (in the screen itself, every step re-rendered the whole screen and every
 * part shown so far).
 */
export function Progressive({
  screen,
  children,
  after,
}: {
  screen: string;
  children: ReactElement[];
  after?: ReactNode;
}) {
  const { shown, next } = useProgressive(screen, children.length);
  return (
    <>
      {children.slice(0, shown)}
      {shown < children.length && <div ref={next} className="progressive-next" aria-hidden="true" />}
      {shown === children.length && children.length > 0 && after}
    </>
  );
}
