import { DANMU_TEXT_MAX } from './constants.js';

/**
 * Every user-facing string of the spec, word for word. App, service worker and server import these;
 * nothing here is written twice elsewhere.
 */
export const Msg = {
  // §5 validation
  enterMobile: '请输入手机号',
  enterPassword: '请输入密码',
  badMobile: '请输入正确的手机号',
  confirmPassword: '请确认密码',
  passwordMismatch: '密码不一致，请确认',
  pickChargeDate: '请选择您的充值扣款日期',
  enterKeyword: '请输入搜索关键字',
  keywordTooLong: '搜索关键字最长不超过20个字',
  bookNotLoaded: '当前书本信息未加载，请返回主页重新操作',
  // §8 errors and results
  loginFailed: '账户或密码不正确',
  bindSuccess: '手机绑定成功',
  pwdUpdated: '密码更新成功',
  pwdUpdateFailed: '密码更新失败，请稍后重试',
  accountNotFound: '对不起，您的充值账号未找到，您可以联系客服帮忙找回（客服在线时间：11:00 ~ 18:00）',
  noMoreChapters: '没有更多章节啦 ^_^',
  congestion: '网络拥堵，请重新加载本页面哦 ^_^',
  loadFailed: '加载失败',
  buySuccess: '购买成功',
  notEnoughCoins: '金币不足，前往充值',
  channelsDown: '充值通道维护中......',
  emptyList: '暂时没有记录',
  endOfList: '暂时没有更多啦!',
  copied: '复制成功',
  // §4 reader boundaries
  firstChapter: '已经是第一章啦',
  lastChapter: '已经是最后一章啦',
  // §2 labels
  searchPlaceholder: '书名或作者',
  hotSearch: '热门搜索',
  searchHistory: '搜索历史',
  vodSearchPlaceholder: '视频关键字',
  vodSearchResults: '搜索结果：',
  serialize: '连载中',
  finish: '已完结',
  addShelf: '加入收藏',
  removeShelf: '移除收藏',
  startReading: '开始阅读',
  sameCategory: '同类推荐',
  recharge: '充值',
  confirm: '确定',
  cancel: '取消',
  catalogue: '目录',
  prevChapter: '上一章',
  nextChapter: '下一章',
  favourite: '收藏',
  remove: '移除',
  vipFreeNote: '开通VIP，海量漫画免费看',
  autoBuyNext: '自动购买下一话',
  buyChapter: '购买本章节',
  bought: '已购买',
  free: '免费',
  coins: '金币',
  moreBatch: '再来一批',
  rankTotal: '总榜',
  rankWeek: '周榜',
  screenshotAccount: '请务必截屏保存好您的账号',
  savedLogin: '我已保存，直接登录',
  buyVideo: '购买本视频',
  videoBought: '本视频已购买',
  moreRecommend: '更多精彩推荐',
  trialOver: '试看结束',
  buyForever: '购买后即可永久观看，不重复扣费',
  boughtVideos: '已购视频',
  serviceHours: '11:00 ~ 18:00',
  // server-side answers shown as "the server msg"
  alreadySigned: '今天已经签到过了，明天再来吧',
  signSuccess: '签到成功',
  mobileTaken: '该手机号已绑定其他账号',
  mobileAlreadyBound: '您已绑定过手机号',
  passwordRule: '密码长度为6-32位',
  // SMS verification code of bind mobile
  enterSmsCode: '请输入验证码',
  badSmsCode: '请输入6位数字验证码',
  smsCodeSent: '验证码已发送，5分钟内有效',
  smsCodeMissing: '请先获取验证码',
  smsCodeWrong: '验证码错误',
  smsCodeExpired: '验证码已过期，请重新获取',
  smsCodeLocked: '验证码错误次数过多，请重新获取',
  smsDailyLimit: '今日获取验证码次数已达上限，请明天再试',
  smsSendFailed: '验证码发送失败，请稍后重试',
  /** The SMS provider's own flow control for the number (e.g. one a minute, five an hour). */
  smsProviderThrottled: '发送太频繁，请稍后再试',
  badRequest: '请求参数不正确',
  loginRequired: '登录已失效，请重新进入',
  tooManyAttempts: '操作太频繁，请稍后再试',
  notFound: '内容不存在',
  videoNotFound: '视频不存在',
  /** read_chapter code 999: the chapter must be bought (or read with VIP) first. */
  chapterLocked: '本章节需要购买后阅读',
  /** The reader when the chapter could not be fetched and the phone has no connection. */
  readerOffline: '手机已断网，本章还没有保存在手机上',
  readerOfflineHint: '读过的章节不联网也能看',
  readingHistory: '阅读历史',
  retry: '重试',
  reload: '重新加载',
  backToCatalogue: '返回目录',
  orderNotFound: '订单不存在',
  orderExpired: '订单已超时，请重新下单',
  /** The provider closed an order left unpaid past its window (the cashier then refuses it). */
  orderClosed: '订单已超时关闭，请重新下单',
  serverError: '服务器开小差了，请稍后再试',
  payConfigNotFound: '充值套餐不存在',
  payAmountMismatch: '充值金额与套餐金额不符',
  payChannelUnavailable: '该支付通道暂不可用',
  payLinkInvalid: '支付链接无效或已使用，请重新下单',
  orderPaid: '订单已支付',
  ok: 'success',
} as const;

/** 'Need N coins to watch in full' (§2 video detail). */
export const needCoinsToWatch = (n: number) => `完整观看需要${n}金币购买`;
/** Refusal of a resend inside the 60 s cooldown. */
export const smsResendWait = (seconds: number) => `发送太频繁，请${seconds}秒后再试`;
/** The text message carrying a bind code (what the provider delivers). */
export const smsBindCodeText = (code: string) =>
  `【Inkreel】您的验证码为${code}，用于绑定手机号，5分钟内有效。如非本人操作，请忽略本短信。`;

/** 'My purchased videos (count)' (§2 purchased). */
export const purchasedHeading = (count: number) => `我已购买的视频(${count})`;

/** The reader's position inside a chapter (resume where the reader left off). */
export const ReaderText = {
  /** Shown when a chapter opens where it was left, page counted from 1. */
  resumedAt: (page: number) => `已回到上次读到的第${page}页`,
  /** A history entry's place in its chapter. */
  pageOf: (page: number, count: number) => `第${page}/${count}页`,
  chapterFinished: '已读完',
} as const;

/** Strings of the server-rendered problem report page (/h5/report). */
export const ReportPageText = {
  title: '问题反馈',
  intro: '遇到问题或需要投诉？请告诉我们，客服会尽快处理（客服在线时间：11:00 ~ 18:00）。',
  reason: '问题类型',
  reasons: ['充值问题', '阅读或播放问题', '账号问题', '内容投诉', '其他'],
  message: '问题描述',
  messagePlaceholder: '请描述您遇到的问题（最多500字）',
  contact: '联系方式（选填）',
  contactPlaceholder: '手机号、邮箱或QQ',
  account: '账号（选填）',
  submit: '提交',
  back: '返回',
  service: '联系在线客服',
  sent: '提交成功，我们会尽快处理。',
  enterMessage: '请填写问题描述',
} as const;

/** Strings of the sandbox SMS provider's test outbox page (/h5/sms/outbox). */
export const SmsOutboxText = {
  title: '测试短信收件箱',
  banner:
    '测试环境：这里是沙箱短信服务的发件记录，短信不会真正发出，验证码只显示在本页。正式短信服务下本页不存在。',
  mobile: '手机号',
  message: '短信内容',
  sentAt: '发送时间',
  empty: '最近30分钟没有发出短信',
  refresh: '刷新',
  back: '返回',
} as const;

/** The sandbox pay provider's cashier page: it must never pass for a real payment. */
export const SandboxCashierText = {
  title: '收银台（测试支付）',
  banner: '测试支付：这是沙箱收银台，不会扣除任何真实款项',
} as const;

/** Labels and notes of the account, sign-in, top-up and payment screens (Mine, login, purchase…). */
export const AccountText = {
  mine: '我的',
  account: '账号',
  password: '密码',
  copyAccount: '复制账号',
  copyPassword: '复制密码',
  coinBalance: '金币余额',
  vipExpiry: 'VIP到期时间',
  noVip: '未开通VIP',
  vipExpired: 'VIP已过期',
  bindPhone: '绑定手机',
  phoneBound: '已绑定',
  changePassword: '修改密码',
  topUp: '充值',
  onlineChat: '在线客服',
  contactEmail: '联系邮箱',
  sendEmail: '发送邮件',
  switchAccount: '切换账号',
  dailySign: '每日签到',
  appDownload: '下载APP',
  addToHome: '添加到主屏幕',
  installed: '已添加到主屏幕',
  installUnavailable: '请在浏览器菜单中选择“添加到主屏幕”或“安装应用”',
  findAccount: '找回账号',
  purchaseHistory: '充值记录',
  complaint: '投诉',
  reportPage: '问题反馈',
  mailSubject: (account?: string) => (account ? `账号 ${account} 的问题` : '问题反馈'),
  serviceHoursLabel: '客服在线时间：11:00 ~ 18:00',
  serviceClosed: '当前不在客服在线时间（11:00 ~ 18:00），您可以先留言或发送邮件，客服上线后会尽快处理。',
  leaveMessage: '留言',
  saveAccountTip: '请截屏保存好您的账号和密码，更换设备或清除浏览器数据后可用它们登录',
  // login, bind, password
  login: '登录',
  loginTitle: '账号登录',
  accountLabel: '账号或手机号',
  accountPlaceholder: '请输入账号或手机号',
  loginSuccess: '登录成功',
  goFindAccount: '充值后账号丢失？找回账号',
  mobileLabel: '手机号',
  bind: '立即绑定',
  smsCodeLabel: '验证码',
  sendSmsCode: '发送验证码',
  sendingSmsCode: '获取中',
  resendSmsCode: '重新发送',
  resendSmsCodeIn: (seconds: number) => `重新发送(${seconds}s)`,
  smsCodeHint: '验证码将以短信发送到您的手机，5分钟内有效',
  smsSandboxHint: '测试环境，短信不会真正发出：',
  smsSandboxOutbox: '查看测试短信',
  bindReward: '绑定手机号即送40金币',
  alreadyBoundTo: '已绑定手机号：',
  newPassword: '新密码',
  confirmNewPassword: '确认密码',
  confirmPlaceholder: '请再次输入新密码',
  passwordHint: '密码长度为6-32位',
  save: '保存',
  ok: '确定',
  close: '关闭',
  // purchase
  purchaseTitle: '充值中心',
  currentBalance: '当前余额',
  coinPackages: '金币充值',
  vipPackages: 'VIP会员',
  recommendMark: '推荐',
  bonus: '赠送',
  vipDays: (days: number) => `${days}天`,
  coinsUnit: '金币',
  yuan: '元',
  payNow: '立即充值',
  choosePayChannel: '选择支付方式',
  payWithin: '请在2分钟内完成支付，超时订单将自动关闭',
  contactSupport: '联系客服',
  backToBook: '返回书籍继续阅读',
  paying: '正在创建订单…',
  payFailed: '下单失败，请稍后重试',
  discount: (d: number) => `${Math.round(d * 100) / 10}折`,
  appPayTitle: 'App支付',
  appPayShellNote: '已将以下支付数据交给App发起支付：',
  appPayBrowserNote:
    '该支付方式需要在App内完成：App会用下面的数据唤起微信或支付宝。当前在浏览器中，请下载App或选择其他支付方式。',
  payPage: '支付',
  payFrameTitle: '支付页面',
  openInBrowser: '在浏览器中打开',
  payFrameNote: '支付完成后请点击左上角返回',
  payLinkBad: '支付链接无效',
  // pay result prompt
  payResultQuestion: '支付成功了吗？',
  paidYes: '已支付成功',
  paidNo: '支付遇到问题',
  rememberDomain: (domain: string) => `充值成功！请牢记本站域名 ${domain}，以便随时回来。`,
  bindOffer: '您还没有绑定手机号，绑定后账号更安全，还送40金币。',
  goBind: '去绑定',
  continueReading: '继续阅读',
  payFixTitle: '支付遇到问题？请按以下步骤处理',
  payFixSteps: [
    '确认支付宝/微信中是否已扣款。',
    '已扣款但金币或VIP未到账：请稍等1-2分钟，本页会自动刷新余额。',
    '仍未到账：请联系在线客服，并提供您的账号和支付截图。',
    '未完成支付：请重新下单，并在2分钟内完成支付。',
  ],
  retryPay: '重新充值',
  // purchase history
  historyTitle: '充值记录',
  home: '首页',
  back: '返回',
  // find account
  findTitle: '找回账号',
  findIntro: '请选择您的充值扣款日期，我们将为您找回该日在本设备上充值的账号。',
  prevMonth: '上个月',
  nextMonth: '下个月',
  weekdays: ['日', '一', '二', '三', '四', '五', '六'],
  weekdayName: (w: string) => `星期${w}`,
  monthTitle: (year: number, month: number) => `${year}年${month}月`,
  dateLabel: (year: number, month: number, day: number) => `${year}年${month}月${day}日`,
  selectedDate: '已选择：',
  findButton: '找回账号',
  findSupportHint: '无法找回？请联系在线客服（客服在线时间：11:00 ~ 18:00）',
  foundTitle: '已找回您的账号',
  // daily sign
  signTitle: '每日签到',
  signDay: (n: number) => `第${n}天`,
  signNow: '立即签到',
  signedToday: '今日已签到',
  signReceived: (n: number) => `签到成功，获得${n}金币`,
  signVipNote: 'VIP签到金币翻倍',
  signTomorrow: '明天再来，连续签到奖励更多',
  todayMark: '今天',
  coinsPlus: (n: number) => `+${n}`,
} as const;

/** Player comments (danmu): refusals of POST /api/vod/danmu. */
export const DanmuMsg = {
  empty: '弹幕内容不能为空',
  tooLong: `弹幕最长${DANMU_TEXT_MAX}个字`,
  badStyle: '弹幕样式不正确',
  /** Neither bought nor a trial the video allows (or past the trial's end). */
  forbidden: '购买本视频后才能发弹幕',
} as const;

/** Empty screens (shelf, history, search, lists, a service with nothing yet): what would fill them, and where to find it. */
export const EmptyText = {
  hint: {
    shelf: '看到喜欢的漫画，点「收藏」就会出现在这里',
    history: '读过的漫画会按时间出现在这里，方便接着看',
    search: '换个书名或作者试试，或者去首页逛逛',
    orders: '充值后，订单和到账情况会出现在这里',
    coins: '购买章节、视频或签到后，金币的每一笔变动都会出现在这里',
    vods: '买过的视频会出现在这里，随时回来完整观看',
    /** The comics home of a service with no book yet. */
    home: '新漫画上架后会出现在这里，稍后再来看看吧',
    /** The video home of a service with no video yet. */
    vodHome: '新视频上架后会出现在这里，稍后再来看看吧',
    /** A list screen (最新、排行…) with no book. */
    books: '这里还没有漫画，去首页看看别的吧',
    /** 分类 with no book under the chosen filters. */
    category: '这里还没有漫画，换个状态或题材看看',
    /** A video type with no video. */
    vodList: '这里还没有视频，去视频首页看看别的吧',
    vodSearch: '换个片名试试，或者去视频首页逛逛',
    /** A comic home whose book does not exist (removed, or a wrong link). */
    book: '这部漫画可能已经下架，或者链接有误',
    /** A video page whose video does not exist (removed, or a wrong link). */
    vod: '这个视频可能已经下架，或者链接有误',
  },
  /** Titles of empty screens that are not lists (lists say the spec's 暂时没有记录). */
  title: {
    home: '还没有上架的漫画',
    vodHome: '还没有上架的视频',
  },
  action: '去漫画首页看看',
  /** The way out of an empty 充值记录. */
  topUpAction: '去充值',
  /** The way out of an empty 已购视频. */
  vodAction: '去看视频',
  /** The way back from a missing comic. */
  homeAction: '回首页',
} as const;

/** 充值记录: the caller's recharge orders and coin records. */
export const RecordText = {
  tabs: '充值与金币记录',
  ordersTab: '充值订单',
  coinsTab: '金币明细',
  state: { paid: '支付成功', pending: '待支付', closed: '已关闭' },
  /** What a coin package credited, or how long a VIP package runs. */
  orderGain: (coins: number, vipDays: number) => (vipDays > 0 ? `${vipDays}天VIP` : `到账${coins}金币`),
  yuan: (fen: number) => `¥${(fen / 100).toFixed(2)}`,
  coins: (n: number) => (n > 0 ? `+${n}` : String(n)),
  balance: (n: number) => `余额 ${n}`,
  chapter: (book: string, chapter: string) => `《${book}》${chapter}`,
  vod: (name: string) => `视频《${name}》`,
  signIn: '每日签到',
  bindMobile: '绑定手机奖励',
  recharge: (title: string) => `充值 ${title}`,
  /** A top-up credited without a package on record. */
  rechargeOther: '充值到账',
  /** Coins taken back when a top-up was refunded. */
  refund: (title: string) => `退款扣回 ${title}`,
  refundOther: '退款扣回',
  /** A bought item the catalogue no longer has. */
  removedItem: '已下架的内容',
} as const;
