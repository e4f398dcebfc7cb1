// Support reports (the reference server's addition to SPEC §7): send a snapshot, list them, read one.
import type { Builder } from '../tags';

export interface SupportReportSummary {
  id: string;
  user_id: string;
  user_email: string | null;
  route: string;
  note: string;
  size: number;
  created_at: string;
}

const dataOf = <T>(raw: unknown): T => ((raw as { data?: T }).data ?? raw) as T;

export const supportEndpoints = (build: Builder) => ({
  sendSupportReport: build.mutation<{ id: string }, { note: string; snapshot: unknown }>({
    query: (body) => ({ url: '/support/reports', method: 'POST', body }),
    transformResponse: (raw: unknown) => dataOf<{ id: string }>(raw),
    invalidatesTags: ['SupportReport'],
  }),
  getSupportReports: build.query<SupportReportSummary[], void>({
    query: () => '/support/reports',
    transformResponse: (raw: unknown) => dataOf<{ reports: SupportReportSummary[] }>(raw).reports,
    providesTags: ['SupportReport'],
  }),
  getSupportReport: build.query<{ id: string; snapshot: unknown }, string>({
    query: (id) => `/support/reports/${encodeURIComponent(id)}`,
    transformResponse: (raw: unknown) => dataOf<{ id: string; snapshot: unknown }>(raw),
  }),
});
