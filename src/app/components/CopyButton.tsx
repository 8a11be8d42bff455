import type { ReactNode } from 'react';
import { Msg, CommonText } from '../../contract';
import { showToast } from './toast-store';

/** Clipboard API where allowed (secure contexts), else the old selection + execCommand way. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.cssText = 'position:fixed;top:-1000px;opacity:0';
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

/** Copies `text` and shows 复制成功. */
export function CopyButton({
  text,
  children = CommonText.copy,
  className = 'copy-btn',
  label,
}: {
  text: string;
  children?: ReactNode;
  className?: string;
  /** Accessible name when the content is not descriptive. */
  label?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onClick={async () => {
        if (await copyText(text)) showToast(Msg.copied);
      }}
    >
      {children}
    </button>
  );
}
