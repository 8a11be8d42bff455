import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ShellMsg } from '../../../contract';
import { markUserSource } from '../../lib/api/account';
import { kvSet, KvKey } from '../../lib/kv';
import { ensureSession } from '../../lib/session';

/** The branch a tgId names: a non-negative integer id, else none. */
export function branchIdFromTgId(tgId: string | number | undefined): number | null {
  const s = tgId === undefined ? '' : String(tgId);
  if (!/^\d{1,9}$/.test(s)) return null;
  return Number(s);
}

const recorded = new Set<string>();

/**
 * Records where the visitor came from, once per tgId per page load (StrictMode runs effects twice):
 * branch id and source domain first, so the anonymous registration carries them, then the mark.
 */
async function recordSource(tgId: string | number): Promise<void> {
  if (recorded.has(String(tgId))) return;
  recorded.add(String(tgId));
  const branchId = branchIdFromTgId(tgId);
  if (branchId !== null) await kvSet(KvKey.branchId, branchId);
  await kvSet(KvKey.sourceDomain, location.hostname);
  await ensureSession();
  await markUserSource(document.referrer);
}

/** The 'site being built' page; with a tgId it records the traffic source, then goes to /home. */
export function LandingPage() {
  const { tgId } = useSearch({ from: '/landing' });
  const navigate = useNavigate();

  useEffect(() => {
    if (tgId === undefined) return;
    let gone = false;
    const goHome = () => {
      if (gone) return;
      gone = true;
      void navigate({ to: '/home', replace: true });
    };
    // A slow network must not keep the visitor here: home after 5 s whatever happens.
    const timer = setTimeout(goHome, 5_000);
    recordSource(tgId)
      .catch((err: unknown) => console.error('[landing] source not recorded', err))
      .finally(goHome);
    return () => clearTimeout(timer);
  }, [tgId, navigate]);

  return (
    <main className="landing">
      <img src="/icons/icon-192.png" width="72" height="72" alt="" />
      <h1>{ShellMsg.siteBuilding}</h1>
      {tgId !== undefined && <p>{ShellMsg.siteBuildingHint}</p>}
    </main>
  );
}
