// Admin mode: the problem reports users sent, newest first, each downloadable as its snapshot file.
import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useGetSupportReportsQuery, useLazyGetSupportReportQuery } from '../../../services/api';
import { downloadJson } from '../../replay/downloadRecording';

export function SupportReports() {
  const { data: reports, isLoading, isError } = useGetSupportReportsQuery();
  const [fetchReport] = useLazyGetSupportReportQuery();
  const download = async (id: string) => {
    const report = await fetchReport(id).unwrap();
    downloadJson(report.snapshot, `support-report-${id}.json`);
  };
  return (
    <section aria-label="Problem reports">
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        Problem reports
      </Typography>
      {isLoading && <Typography role="status">Loading reports…</Typography>}
      {isError && <Typography color="error">Reports could not be loaded.</Typography>}
      {reports?.length === 0 && <Typography color="text.secondary">No reports yet.</Typography>}
      <List dense>
        {reports?.map((report) => (
          <ListItem
            key={report.id}
            secondaryAction={
              <Button size="small" onClick={() => void download(report.id)}>
                Download
              </Button>
            }
          >
            <ListItemText
              primary={`${report.user_email ?? report.user_id} · ${dayjs(report.created_at).format('MMM D, HH:mm')}`}
              secondary={`${report.route}${report.note ? ` — ${report.note}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
