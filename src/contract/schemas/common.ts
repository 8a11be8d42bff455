import { z } from 'zod';

/** The answer envelope of every call. `code` is 200, 999, 400, 101, 401, 429 or '404'. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    result: z.boolean(),
    code: z.union([z.number(), z.string()]),
    msg: z.string(),
    data,
  });
export type Envelope<T> = { result: boolean; code: number | string; msg: string; data: T };

export const AppType = z.enum(['shell', 'ios_desk', 'wap_browser', 'other']);
export type AppType = z.infer<typeof AppType>;

/** Positive integer id or page number in a path, query or form field. */
export const IntId = z.coerce.number().int().positive().max(2_147_483_647);
export const Page = z.coerce.number().int().min(1).max(10_000);

export const Ad = z.object({
  /** -1 open in same window, -2 new window, 2 book detail, 3 purchase */
  jumpType: z.union([z.literal(-1), z.literal(-2), z.literal(2), z.literal(3)]),
  bizId: z.number().int(),
  url: z.string(),
  imgPath: z.string(),
  title: z.string(),
});
export type Ad = z.infer<typeof Ad>;

export const CommonInfo = z.object({
  appDownloadUrl: z.string(),
  customerServiceEmail: z.string(),
  customerServiceQQ: z.string(),
  chatUrl: z.string(),
  complaintUrl: z.string(),
});
export type CommonInfo = z.infer<typeof CommonInfo>;

export const BranchParams = z.object({ branchId: z.coerce.number().int().min(0).max(2_147_483_647) });

export const ReportQuery = z.object({
  returnUrl: z.string().max(2000).optional(),
  serviceUrl: z.string().max(2000).optional(),
  /** The account the app's support links carry; prefilled, not trusted. */
  account: z.string().max(64).optional(),
  /** Set after a report was recorded (post-redirect-get). */
  sent: z.string().max(8).optional(),
});
/** The report form of /h5/report (form-encoded; the page re-renders with an error instead of a 400). */
export const ReportBody = z.object({
  reason: z.string().trim().min(1).max(32),
  message: z.string().trim().min(1).max(500),
  contact: z.string().trim().max(64).default(''),
  account: z.string().trim().max(64).default(''),
  returnUrl: z.string().max(2000).default(''),
  serviceUrl: z.string().max(2000).default(''),
});
