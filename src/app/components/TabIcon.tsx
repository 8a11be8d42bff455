/** Tab bar pictograms (inline SVG: no icon font, no emoji that some phones draw as boxes). */
const PATHS = {
  comic:
    'M4 5.5C6.5 4.5 9.3 4.6 12 6.2v13c-2.7-1.6-5.5-1.7-8-.7zM20 5.5c-2.5-1-5.3-.9-8 .7v13c2.7-1.6 5.5-1.7 8-.7z',
  category: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3z',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c.8-4 3.8-6 7.5-6s6.7 2 7.5 6',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L20 20',
  bag: 'M5 8h14l-1 12H6zM9 8V6.5a3 3 0 0 1 6 0V8',
  coin: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM9 8.5l3 3.5 3-3.5M12 12v5M9.5 13.5h5',
} as const;

export type TabIconName = keyof typeof PATHS;

export function TabIcon({ name }: { name: TabIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
