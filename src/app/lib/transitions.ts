export type SlideDirection = 'forward' | 'back' | 'none';

/**
 * How deep a screen sits: tab screens are 0, every other screen one level per path segment
 * (/search 1, /book/7 2, /book/7/catalog 3, /book/read/7/2 4).
 */
export function routeDepth(pathname: string, isTabScreen: boolean): number {
  if (isTabScreen) return 0;
  return pathname.split('/').filter(Boolean).length;
}

/** Deeper slides in from the right, shallower from the left, same depth (tab switch) does not slide. */
export function slideDirection(from: number, to: number): SlideDirection {
  if (to > from) return 'forward';
  if (to < from) return 'back';
  return 'none';
}
