/**
 * The screens a visitor lands on from a link, with the module each one's route lazy-loads (a key of the
 * build manifest). The server prerenders their first screen (server/http/app-document.ts); the service
 * worker names their code in the shell it answers navigations with (sw/shell-preloads.ts), so a screen
 * opened cold from the phone fetches its chunks with the entry, not after it.
 */
export const LandingScreen = {
  home: { path: /^\/home\/?$/, module: 'src/app/features/home/HomePage.tsx' },
  book: { path: /^\/book\/(\d{1,9})\/?$/, module: 'src/app/features/comics/BookHomePage.tsx' },
  reader: {
    path: /^\/book\/read\/(\d{1,9})\/(\d{1,9})\/?$/,
    module: 'src/app/features/reader/ReaderPage.tsx',
  },
  video: { path: /^\/vod\/detail\/?$/, module: 'src/app/features/video/VodDetailPage.tsx' },
} as const;
