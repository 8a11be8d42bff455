/** Hosts from build configuration; same origin by default. */
const trim = (h: string | undefined) => (h ?? '').replace(/\/$/, '');
export const staticHost = () => trim(import.meta.env.VITE_STATIC_API_HOST);
export const dynamicHost = () => trim(import.meta.env.VITE_DYNAMIC_HOST);
