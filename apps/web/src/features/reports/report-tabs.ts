/** The /reports tabs a link can name (spec-2 §2.1 restrict); no restrict is the Downloads tab. */
export const REPORT_TABS = ['currentMonth', 'churn', 'customerUsage'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];
