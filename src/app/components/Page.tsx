import type { ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { CommonText } from '../../contract';

/** A screen with a header (title and back button) and a scrolling body. */
export function Page({
  title,
  back = true,
  right,
  children,
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
  children: ReactNode;
}) {
  const router = useRouter();
  return (
    <div className="page">
      <header className="page-header">
        {back ? (
          <button
            type="button"
            className="page-back"
            aria-label={CommonText.back}
            onClick={() =>
              window.history.length > 1 ? router.history.back() : router.navigate({ to: '/home' })
            }
          >
            ‹
          </button>
        ) : (
          <span className="page-back" />
        )}
        <h1 className="page-title">{title}</h1>
        <span className="page-right">{right}</span>
      </header>
      <main className="page-body">{children}</main>
    </div>
  );
}
