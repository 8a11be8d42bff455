import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFade } from './useFade';

export interface DialogAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
  disabled?: boolean;
}

export interface DialogProps {
  open: boolean;
  title?: ReactNode;
  children?: ReactNode;
  actions?: DialogAction[];
  onClose: () => void;
  /** Close when the dimmed backdrop is tapped (default true). */
  closeOnBackdrop?: boolean;
  className?: string;
}

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: role=dialog, aria-modal, focus moves in (primary action first) and back out on close,
 * Tab stays inside, Escape closes. Closing fades out 5% per 15 ms (spec §9).
 */
export function Dialog({
  open,
  title,
  children,
  actions = [],
  onClose,
  closeOnBackdrop = true,
  className,
}: DialogProps) {
  const { mounted, opacity } = useFade(open);
  const boxRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const box = boxRef.current;
    const target = box?.querySelector<HTMLElement>('.dialog-action.primary') ?? box;
    target?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!mounted) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && boxRef.current) {
      const items = [...boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return e.preventDefault();
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return createPortal(
    <div
      className="dialog-backdrop"
      style={{ opacity, pointerEvents: open ? undefined : 'none' }}
      onClick={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
        className={className ? `dialog ${className}` : 'dialog'}
        onKeyDown={onKeyDown}
      >
        {title && (
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
        )}
        {children && <div className="dialog-body">{children}</div>}
        {actions.length > 0 && (
          <div className="dialog-actions">
            {actions.map((a) => (
              <button
                key={a.label}
                type="button"
                className={a.primary ? 'dialog-action primary' : 'dialog-action'}
                disabled={a.disabled}
                onClick={a.onClick}
              >
                {a.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
