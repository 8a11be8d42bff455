import { createHash } from 'node:crypto';
import {
  APP_MODULES_ELEMENT_ID,
  DATA_URL_MAX_BYTES,
  PICTURE_DATA_URL_PREFIX,
  IV_BYTES,
  PRERENDER_ELEMENT_ID,
  PRERENDER_IMAGES_GLOBAL,
  IMAGE_ANSWER_HEADER,
  ImageAnswer,
} from '../../contract/index.js';

/**
 * While the prerender shows, the app renders beneath it, laid out in the same place but not painted;
 * the app swaps them in one frame (app/lib/prerender-handover.ts), so nothing on the screen moves.
 */
export const PRERENDER_STYLE = `<style>#${PRERENDER_ELEMENT_ID}~#root{visibility:hidden;position:absolute;top:0;left:0;width:100%}</style>`;

/**
 * The page's one inline script, for a prerendered first screen:
 * - the pictures in view are decrypted by the page before any of the app's code has arrived (images
 *   are served encrypted, spec §7): the largest paint does not wait for the bundle. They are shown as
 *   app/lib/picture-url.ts shows them (data: up to DATA_URL_MAX_BYTES, else blob:), and the app takes
 *   the same URLs (app/lib/images.ts) instead of fetching them again. Which pictures are in view is
 *   told by an IntersectionObserver after the page's first layout (a share above 0: the carousel's
 *   next slide only touches the screen's edge), not asked of each picture as the script runs: asking
 *   forced that layout inside the parser's task (59 ms of one 80 ms task on this machine, ×4 on a
 *   phone), after the first paint, where it counted as blocking time. A browser without the observer
 *   gets the app at once, which decrypts the pictures itself;
 * - the app's code is asked for only once those pictures are painted (or after START_CAP_MS, or after
 *   the first paint when there is none): on a phone network the first screen's few KB then do not
 *   share the link with ~150 KB of code, and the first screen shows sooner. Until the app takes over,
 *   the prerender's links are real links. "Painted" is the frame after the one that draws them: that
 *   frame's own callback runs before the browser has put it on the screen (an e2e saw the code asked
 *   for 2 ms before the pictures' paint time).
 */
export const START_CAP_MS = 1000;
/**
 * Each modulepreload link starts its fetch as it is added: the ~30 of a landing page in one task were one
 * long task. Timed one by one in the page, most cost 0.1–0.5 ms, but one in five or so 3–10 ms (×4 on a
 * phone): five per task made tasks of 12–25 ms here, two keep a task under a phone's 50 ms. The entry
 * goes first, in a task of its own: the links only pull its deeper imports forward.
 */
const PRELOADS_PER_TASK = 2;

/**
 * imageAnswerKind (contract/image-answer.ts) as the script's own function: the worker is not there on a
 * first visit, but a page whose worker came in between (a reload past it) must not decrypt its plain
 * answers either. Checked against the contract's rule by a unit test.
 */
export const IMAGE_KIND_SCRIPT = `x=>{const h=x.headers.get(${JSON.stringify(IMAGE_ANSWER_HEADER)});return h===${JSON.stringify(ImageAnswer.none)}||x.status===204?${JSON.stringify(ImageAnswer.none)}:h===${JSON.stringify(ImageAnswer.failed)}||!x.ok?${JSON.stringify(ImageAnswer.failed)}:h===${JSON.stringify(ImageAnswer.plain)}||/^image\\//i.test(x.headers.get("Content-Type")||"")?${JSON.stringify(ImageAnswer.plain)}:"encrypted"}`;

export function prerenderScript(imageKeyBase64: string): string {
  const pictures = `#${PRERENDER_ELEMENT_ID} img[data-secure-src]`;
  return `(()=>{const s=self.${PRERENDER_IMAGES_GLOBAL}=new Map(),b=atob(${JSON.stringify(imageKeyBase64)}),r=new Uint8Array(b.length);for(let i=0;i<b.length;i++)r[i]=b.charCodeAt(i);const k=crypto.subtle.importKey("raw",r,"AES-GCM",!1,["decrypt"]),shown=[];let started=!1;const start=()=>{if(started)return;started=!0;const e=document.getElementById(${JSON.stringify(APP_MODULES_ELEMENT_ID)});if(!e)return;const[m,...o]=JSON.parse(e.textContent),add=(t,a)=>{const n=document.createElement(t);n.crossOrigin="";Object.assign(n,a);document.head.append(n)};add("script",{type:"module",src:m});const more=()=>{for(const u of o.splice(0,${PRELOADS_PER_TASK}))add("link",{rel:"modulepreload",href:u});if(o.length)setTimeout(more)};setTimeout(more)};const kind=${IMAGE_KIND_SCRIPT},load=u=>{const p=fetch(u).then(async x=>{const w=kind(x);if(w===${JSON.stringify(ImageAnswer.none)})return null;if(w===${JSON.stringify(ImageAnswer.failed)})throw Error("image "+x.status);const d=new Uint8Array(await x.arrayBuffer());const a=w===${JSON.stringify(ImageAnswer.plain)}?d:new Uint8Array(await crypto.subtle.decrypt({name:"AES-GCM",iv:d.subarray(0,${IV_BYTES})},await k,d.subarray(${IV_BYTES})));if(a.length>${DATA_URL_MAX_BYTES})return URL.createObjectURL(new Blob([a],{type:"image/webp"}));if(a.toBase64)return ${JSON.stringify(PICTURE_DATA_URL_PREFIX)}+a.toBase64();let c="";for(let i=0;i<a.length;i+=32768)c+=String.fromCharCode.apply(null,a.subarray(i,i+32768));return ${JSON.stringify(PICTURE_DATA_URL_PREFIX)}+btoa(c)});s.set(u,p);shown.push(p.then(v=>{if(v)return Promise.all([...document.querySelectorAll("${pictures}")].filter(n=>n.dataset.secureSrc===u).map(n=>(n.src=v,n.decode().catch(()=>{}))))},()=>{s.delete(u)}))},painted=()=>Promise.all(shown).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start)))),all=document.querySelectorAll("${pictures}");setTimeout(start,${START_CAP_MS});if(all.length&&self.IntersectionObserver){const io=new IntersectionObserver(es=>{io.disconnect();for(const e of es){const u=e.target.dataset.secureSrc;if(e.intersectionRatio>0&&!s.has(u))load(u)}painted()});for(const m of all)io.observe(m)}else painted()})();`;
}

/** The script's hash for the Content-Security-Policy: no inline script runs unless named. */
export const prerenderScriptHash = (imageKeyBase64: string) =>
  `'sha256-${createHash('sha256').update(prerenderScript(imageKeyBase64)).digest('base64')}'`;
