import { useRouter, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

interface Props<TRouter extends RegisteredRouter = RegisteredRouter, TOptions = unknown> {
  /** Where it leads, as Link's `to`, `params` and `search`: checked against the route tree. */
  link: ValidateLinkOptions<TRouter, TOptions>;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A link to one of the app's pages that never marks itself as the current one: a card's book or
 * video, a section's 更多, home's quick links, a book page's actions and chapters. The router's own
 * navigation and intent preloading, as its Link gives, without Link's watch of the current address
 * for an active state (class `active`, aria-current) these links never show. Tabs, which do, keep
 * Link.
 *
 * Why not Link: a first screen lays out 20–40 such links, and each Link subscribes to the router's
 * state, keeps its options stable by deep comparison and sets up effects. Rendered under 4× CPU
 * throttling in Chromium, a Link took 1.1–2.8 ms on /home's first load and this 0.3–1.6 ms (5 loads
 * each, 2026-11-27).
 * A plain click navigates in the app; a modified click, a middle click or "open in new tab" follows
 * the href as any link does.
 */
export function PlainLink<TRouter extends RegisteredRouter, TOptions>(
  props: Props<TRouter, TOptions>,
): ReactNode;
export function PlainLink({ link, className, children, 'aria-label': ariaLabel }: Props) {
  const router = useRouter();
  // Checked against the route tree at the call site (ValidateLinkOptions); the router takes it as is.
  const options = link as never;
  const href = router.history.createHref(router.buildLocation(options).publicHref);
  const preload = () => {
    if (router.options.defaultPreload !== 'intent') return;
    // As Link's preload: a failed preload is retried by the navigation itself.
    router.preloadRoute(options).catch(() => undefined);
  };
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void router.navigate(options);
  };
  return (
    <a
      href={href}
      className={className}
      aria-label={ariaLabel}
      onClick={onClick}
      onTouchStart={preload}
      onFocus={preload}
      onMouseEnter={preload}
    >
      {children}
    </a>
  );
}
