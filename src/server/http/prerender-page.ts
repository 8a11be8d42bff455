import { createHash } from 'node:crypto';
import { IV_BYTES, PRERENDER_ELEMENT_ID, PRERENDER_IMAGES_GLOBAL } from '../../contract/index.js';

/**
 * While the prerender shows, the app renders beneath it, laid out in the same place but not painted;
 * the app swaps them in one frame (app/lib/prerender-handover.ts), so nothing on the screen moves.
 */
export const PRERENDER_STYLE = `<style>#${PRERENDER_ELEMENT_ID}~#root{visibility:hidden;position:absolute;top:0;left:0;width:100%}</style>`;

/**
 * The prerender's pictures in view, decrypted by the page before any of the app's code has arrived
 * (images are served encrypted, spec §7): the largest paint does not wait for the bundle. The app
 * takes the same blob: URLs (app/lib/images.ts) instead of fetching them again.
 */
export function prerenderImageScript(imageKeyBase64: string): string {
  return `(()=>{const s=self.${PRERENDER_IMAGES_GLOBAL}=new Map(),b=atob(${JSON.stringify(imageKeyBase64)}),r=new Uint8Array(b.length);for(let i=0;i<b.length;i++)r[i]=b.charCodeAt(i);const k=crypto.subtle.importKey("raw",r,"AES-GCM",!1,["decrypt"]),h=innerHeight,w=innerWidth;for(const m of document.querySelectorAll("#${PRERENDER_ELEMENT_ID} img[data-secure-src]")){const u=m.dataset.secureSrc;const q=m.getBoundingClientRect();if(s.has(u)||q.top>h||q.left>=w)continue;const p=fetch(u).then(async x=>{if(x.status===204)return null;if(!x.ok)throw Error("image "+x.status);const d=new Uint8Array(await x.arrayBuffer());const t=await crypto.subtle.decrypt({name:"AES-GCM",iv:d.subarray(0,${IV_BYTES})},await k,d.subarray(${IV_BYTES}));return URL.createObjectURL(new Blob([t],{type:"image/webp"}))});s.set(u,p);p.then(v=>{if(v)for(const n of document.querySelectorAll("#${PRERENDER_ELEMENT_ID} img[data-secure-src]"))if(n.dataset.secureSrc===u)n.src=v},()=>s.delete(u))}})();`;
}

/** The script's hash for the Content-Security-Policy: no inline script runs unless named. */
export const prerenderImageScriptHash = (imageKeyBase64: string) =>
  `'sha256-${createHash('sha256').update(prerenderImageScript(imageKeyBase64)).digest('base64')}'`;
