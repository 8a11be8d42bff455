/** A chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a module needs before it can run: its chunk and, recursively, the chunks it imports
 * statically, with their styles. Paths as served ("/assets/…"). Used by the server's first-screen
 * documents and, at build time, by the service worker's shell (vite.config.ts).
 */
export function chunkGraph(manifest: Manifest, module: string): { files: string[]; styles: string[] } {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const i of chunk.imports ?? []) visit(i, seen);
  };
  visit(module, new Set());
  return { files: [...files].map((f) => `/${f}`), styles: [...styles].map((f) => `/${f}`) };
}
