/** Line icons of the Mine list (inline SVG: no emoji font needed, same look on every device). */
const PATHS = {
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  key: 'M15 7a4 4 0 1 1-3.9 5H8v3H5v-3H3v-3h8.1A4 4 0 0 1 15 7zM15 10h.01',
  coin: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 8l3 4 3-4M12 12v5M9 13h6',
  receipt: 'M6 2h12v20l-3-2-3 2-3-2-3 2V2zM9 7h6M9 11h6M9 15h4',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4',
  chat: 'M4 5h16v11H9l-5 4V5zM8 10h.01M12 10h.01M16 10h.01',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  megaphone: 'M3 10v4h3l8 5V5L6 10H3zM18 9a4 4 0 0 1 0 6',
  note: 'M5 3h10l4 4v14H5zM15 3v4h4M8 12h8M8 16h6',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5',
  swap: 'M4 8h13l-3-3M20 16H7l3 3',
  download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  home: 'M3 11l9-8 9 8M5 9v12h14V9M10 21v-6h4v6',
} as const;

export type MineIconName = keyof typeof PATHS;

export function MineIcon({ name }: { name: MineIconName }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
