/** Words of downloads for offline reading (issue 13): the 下载 chooser, the downloads screen, badges. */

/** Bytes as a reader reads them: 512 KB, 12.3 MB, 1.2 GB. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0 KB';
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}

/**
 * Room left as a reader estimates it: whole units from 10 up (10 GB, 256 MB), one decimal below
 * (3.4 GB), since the browser's own figure is an estimate.
 */
export function formatAboutBytes(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0 MB';
  const [value, unit] = n < 1024 ** 3 ? [n / 1024 ** 2, 'MB'] : [n / 1024 ** 3, 'GB'];
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${unit}`;
}

export const DownloadText = {
  download: '下载',
  downloads: '离线下载',
  chooserTitle: '下载到手机',
  allReadable: (n: number) => `全部可读章节（${n}话）`,
  fromCurrent: (from: number, n: number) => `从第${from}话开始（${n}话）`,
  pickChapters: '选择章节…',
  start: '开始下载',
  willDownload: (n: number, size: string) => `将下载 ${n}话 · 预计占用约 ${size}`,
  noCoinsNote: '只下载免费、已购买或VIP可读的章节，下载不会花费金币。',
  skippedPaid: (n: number) => `${n}话为付费章节，需先购买，本次不会下载`,
  buyFirst: '去购买',
  nothingReadable: '所选章节都需要先购买，没有可以下载的章节',
  allDownloaded: '所选章节已全部下载',
  queued: (n: number) => `已加入下载队列：${n}话`,
  /**
   * The queued toast with the first download's offline protection riding along (one toast, not two):
   * short enough for one line, two at most.
   */
  queuedWith: (n: number, persist: string) => `已加入下载队列：${n}话，${persist}`,
  quotaRefused: (need: string, free: string) =>
    `空间不足：本次约需 ${need}，手机只剩 ${free}，请先删除部分下载`,
  /** Whether the browser keeps downloads when the phone runs short of space (persistent storage). */
  persistOn: '已开启离线保护',
  persistOff: '未开启离线保护',
  persistGranted: '已开启离线保护：手机空间紧张时，下载也会保留',
  persistDenied: '未开启离线保护：手机空间紧张时，下载可能被浏览器清理',
  persistUnknown: '此浏览器不支持离线保护：手机空间紧张时，下载可能被清理',
  // the downloads screen
  storageRegion: '存储空间',
  overallRegion: '总进度',
  progressLabel: '下载进度',
  loading: '加载中…',
  storageUsed: (used: string) => `已用 ${used}`,
  /** Follows storageUsed on the same line: 已用 3.4 MB，手机还可存约 10 GB. */
  storageFree: (free: string) => `，手机还可存约 ${free}`,
  overall: (done: number, total: number) => `已下载 ${done}/${total} 话`,
  overallBytes: (size: string) => `共 ${size}`,
  pauseAll: '全部暂停',
  resumeAll: '全部继续',
  deleteAll: '删除全部下载',
  deleteAllConfirm: '删除手机上的全部下载？删除后离线时将无法阅读这些章节。',
  deleteBook: '删除本书',
  deleteBookConfirm: (title: string) => `删除《${title}》的全部下载？`,
  deleteChapter: '删除',
  pause: '暂停',
  resume: '继续',
  retry: '重试',
  cancel: '取消',
  bookCounts: (c: { done: number; running: number; waiting: number; failed: number }) =>
    [
      `已下载 ${c.done}话`,
      c.running ? `下载中 ${c.running}` : '',
      c.waiting ? `等待 ${c.waiting}` : '',
      c.failed ? `失败 ${c.failed}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
  state: {
    waiting: '等待中',
    running: '下载中',
    done: '已下载',
    failed: '下载失败',
    paused: '已暂停',
    locked: '需购买，未下载',
    cancelled: '已取消',
  },
  progress: (pct: number) => `下载中 ${pct}%`,
  background: '后台下载中（可关闭应用）',
  bgTitle: (book: string, chapter: string) => `下载《${book}》${chapter}`,
  bgDone: (book: string, chapter: string) => `《${book}》${chapter} 已下载，离线也能看`,
  bgFailed: '后台下载失败，将在应用打开时重试',
  storageFull: '存储空间不足',
  retryIn: (seconds: number) => `下载失败，${seconds}秒后重试`,
  empty: '还没有下载的章节：在漫画详情页或目录中点「下载」，离线也能看',
  openCatalogue: '目录',
  readOffline: '阅读',
  badge: '已下载',
  badgeShort: '已下',
  entryNote: '离线也能看',
  bookDownloaded: (n: number) => `${n}话 · 离线也能看`,
  // catalogue picking
  pickTitle: '选择要下载的章节',
  downloadPicked: (n: number) => `下载所选（${n}话）`,
  selectAllReadable: '全选可读',
  clearPick: '清空',
  paidLocked: '需购买',
  // smart downloads
  smartTitle: '智能下载',
  smartNote: (n: number) =>
    `自动为收藏里的每本书下载接下来 ${n} 话未读的可读章节，只在不计流量的网络（如Wi-Fi）下进行`,
  smartCount: '每本书预先下载',
  smartCountValue: (n: number) => `${n}话`,
  smartCeiling: '智能下载最多占用',
  smartCleanup: '自动删除已读的智能下载',
  cleanupAfter: (days: number) => (days > 0 ? `读完${days}天后` : '从不'),
  smartMetered: '当前网络可能计流量（或浏览器未告知网络类型），智能下载暂停中',
  smartActive: '智能下载已开启，网络空闲时自动下载',
  smartCeilingReached: '已达到智能下载的空间上限',
} as const;
