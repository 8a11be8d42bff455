/** Business constants and limits of spec §9. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const ALERT_MS = 3_000;
export const CAROUSEL_AUTOPLAY_MS = 2_500;
export const HOME_DAILY_PAGE_SIZE = 6;
export const HOME_REFRESH_MAX_PAGE = 3;
export const DAY_PAGE_SIZE = 10;
export const RANK_PAGE_SIZE = 10;
export const RANK_NUMBERING_PER_PAGE = 20;
/** Day list: stops offering more at this page and resets to page 1. */
export const DAY_LIST_STOP_PAGE = 6;
export const LIST_PAGE_SIZE = 10;
export const SMALL_LAYOUT_COUNT = 3;
export const HOME_RECENT_READS = 3;
export const THREE_D_START_HOUR = 21;
export const THREE_D_END_HOUR = 7;
export const FEN_PER_YUAN = 100;
export const ORDER_EXPIRY_MS = 2 * 60 * 1000;
export const BIND_MOBILE_REWARD = 40;
export const SERVICE_OPEN_HOUR = 11;
export const SERVICE_CLOSE_HOUR = 18;
export const MOBILE_PATTERN = /^1\d{10}$/;
/** SMS verification of a mobile before binding: 6 digits, valid 5 minutes, one send per number a minute. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_RESEND_SECONDS = 60;
export const IMAGE_SIZES = [180, 200, 500] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const COVER_SIZE: ImageSize = 180;
export const PAGE_SIZE_PX: ImageSize = 500;
export const COOKIE_DAYS_DOWNLOAD_TIP = 100;
export const COOKIE_DAYS_FIRST_VISIT = 100;
export const COOKIE_DAYS_STREAM_LEVEL = 365;
export const NEAR_BOTTOM_RATIO = 1.1;
export const SEARCH_KEYWORD_MAX = 20;
export const SEARCH_HISTORY_MAX = 10;
export const VOD_SEARCH_PAGE_SIZE = 20;
export const VOD_PAGE_SIZE = 20;
/** Rows per page of the recharge orders and coin records. */
export const RECORD_PAGE_SIZE = 20;
export const VOD_TRIAL_SECONDS = 40;
export const FREE_CHAPTER_COUNT = 2;
export const DIALOG_FADE_STEP = 0.05;
export const DIALOG_FADE_TICK_MS = 15;
export const TIMEZONE = 'Asia/Shanghai';
/** Asia/Shanghai is UTC+8 all year (no daylight saving since 1991): clocks need no Intl time-zone data. */
export const TIMEZONE_OFFSET_MINUTES = 8 * 60;
export const SIGN_CYCLE_DAYS = 7;

/** Player constants (§9). */
export const PLAYER = {
  speeds: [2.0, 1.5, 1.25, 1.0, 0.5],
  defaultSpeed: 1.0,
  rotationStepDeg: 45,
  resumePromptMs: 15_000,
  playlistAutoCloseMs: 5_000,
  playlistTipMs: 3_000,
  commentLifeMs: 4_000,
  bulletLoopMs: 10_000,
  commentResyncMs: 2_000,
  commentTickMs: 10,
  qualityHideMs: 150,
  adTickMs: 1_000,
  trackListHideMs: 100,
  subtitleListHeightPx: 150,
  trackListWidthPx: 100,
  trackListWidthMobilePx: 43,
  mobileMaxWidthPx: 768,
  danmuSizes: [16, 18, 25, 36, 45],
  danmuAcceptedModes: [1, 4, 5, 6, 7, 8, 17],
} as const;

/** Cookie and storage keys named by the spec (§3). */
export const StorageKey = {
  comicSearchHistory: 'kkHisSearch',
  vodSearchHistory: 'vodHisSearch',
  watchedPrefix: 'w_',
  streamLevelCookie: 'selectedStreamLevel',
  /** The download tip was closed (100 days, spec §3). */
  downloadTipCookie: 'downloadTip',
} as const;

/** Our native shell's user-agent marker, unless the build names another (VITE_SHELL_UA_MARKER). */
export const DEFAULT_SHELL_UA_MARKER = 'InkreelShell';

/** Catalogue answers sized by the server (the spec says "a few"): home sections, 同类推荐, shelves, 猜你喜欢. */
export const HOME_SECTION_SIZE = 6;
export const DETAIL_RECOMMEND_SIZE = 6;
export const VOD_SHELF_SIZE = 6;
export const GUESS_LIKE_SIZE = 6;
/** Comic search answers at most this many books, most read first. */
export const BOOK_SEARCH_MAX = 50;

/** Shown instead of an image that is missing (204) or fails to load; precached by the service worker. */
export const PLACEHOLDER_IMAGE_PATH = '/img/placeholder.svg';
/**
 * A picture that failed for now (no network, a server error) is tried again when that makes sense
 * (app/lib/image-retry.ts), at most this many times per picture on a screen: never in a loop.
 */
export const IMAGE_RETRY_LIMIT = 5;

/** Longest comment text (UTF-16 units, like the input's maxLength): one line on a phone. */
export const DANMU_TEXT_MAX = 50;

// The danmu limits live here, not beside their schemas (schemas/danmu.ts): a screen that needs only a
// number must not bring the schema library in with it.
/**
 * Player comments (danmu), spec §3. Accepted modes (§3): 1 scroll right-to-left, 4 pinned bottom,
 * 5 pinned top, 6 scroll left-to-right, 7 and 17 positioned, 8 script (never run: shown as text).
 */
export const DANMU_MODES = PLAYER.danmuAcceptedModes;
/** What a viewer may send: positioned and script comments are editorial, never user input. */
export const DANMU_SEND_MODES = [1, 4, 5, 6] as const;
/** Comments the watch answer carries: the newest ones, ordered by stime. */
export const DANMU_WATCH_LIMIT = 500;
/** Comments one account may post per window (services/throttle.ts counters). */
export const DANMU_POST_RATE = { limit: 10, windowMs: 60_000 } as const;
