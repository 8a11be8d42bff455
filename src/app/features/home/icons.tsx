/** Small line icons of the home screen (inline SVG: no icon font or emoji font needed). */
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export const TrophyIcon = () => (
  <svg {...common}>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...common}>
    <rect x="3" y="5" width="18" height="14" rx="3" />
    <path d="M10 9l5 3-5 3z" />
  </svg>
);
export const CoinIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 8l3 4 3-4M12 12v5M9 13h6" />
  </svg>
);
export const PhoneIcon = () => (
  <svg {...common}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M11 18h2" />
  </svg>
);
export const SearchIcon = () => (
  <svg {...common} width={16} height={16}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </svg>
);
export const BookIcon = () => (
  <svg {...common}>
    <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21V5" />
  </svg>
);
export const CalendarIcon = () => (
  <svg {...common} width={20} height={20}>
    <path d="M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4" />
  </svg>
);
export const MegaphoneIcon = () => (
  <svg {...common} width={20} height={20}>
    <path d="M3 10v4h3l8 5V5L6 10H3zM18 9a4 4 0 0 1 0 6" />
  </svg>
);
