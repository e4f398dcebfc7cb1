// The composer's attachments: screened by the SPEC §5 rules, uploaded one at a time with progress per file.
import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { useAppDispatch } from '../../../app/hooks';
import { addAppListener } from '../../../app/listenerMiddleware';
import { useUploadTeamFileMutation } from '../../../services/api';
import { errorMessage } from '../../../services/apiErrors';
import { teamFileUploadProgressed } from '../../../services/endpoints/teams';
import { screenFiles, UPLOAD_FAILURE_RESET_MS } from './attachmentRules';
import { TooLargeToast } from './TooLargeToast';

export interface Attachment {
  id: string;
  file: File;
  /** 0–100; -1 marks a failure. */
  progress: number;
  fileId: string | null;
}

export function useAttachments(teamId: string, sessionId: string | null) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [uploadSessionId, setUploadSessionId] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const { enqueueSnackbar } = useSnackbar();
  const dispatch = useAppDispatch();
  const [upload] = useUploadTeamFileMutation();

  const patch = useCallback((id: string, change: Partial<Attachment>) => {
    setAttachments((list) => list.map((a) => (a.id === id ? { ...a, ...change } : a)));
  }, []);

  useEffect(
    () =>
      dispatch(
        addAppListener({
          actionCreator: teamFileUploadProgressed,
          effect: ({ payload }) => {
            if (payload.percent >= 0) patch(payload.uploadId, { progress: payload.percent });
          },
        }),
      ),
    [dispatch, patch],
  );

  const uploadOne = async (attachment: Attachment) => {
    try {
      const result = await upload({ teamId, file: attachment.file, sessionId, uploadId: attachment.id }).unwrap();
      const uploaded = result.successful_files[0];
      if (!uploaded) throw new Error(result.failed_file_details?.[0]?.error ?? 'File upload failed');
      if (result.session_id) setUploadSessionId((current) => current ?? result.session_id);
      patch(attachment.id, { progress: 100, fileId: uploaded.file_id });
    } catch (error) {
      const reason = error instanceof Error ? error.message : errorMessage(error, 'File upload failed');
      enqueueSnackbar(`${attachment.file.name}: ${reason}`, { variant: 'error' });
      patch(attachment.id, { progress: -1 });
      // One failure does not stop the others; the failed file leaves the list once its -1 has shown.
      setTimeout(() => setAttachments((list) => list.filter((a) => a.id !== attachment.id)), UPLOAD_FAILURE_RESET_MS);
    }
  };

  const add = (files: readonly File[]) => {
    const { accepted, tooLarge } = screenFiles(
      files,
      attachments.map((a) => a.file),
    );
    if (tooLarge.length > 0) enqueueSnackbar(createElement(TooLargeToast, { lines: tooLarge }), { variant: 'error' });
    const added = accepted.map((file) => ({ id: nanoid(), file, progress: 0, fileId: null }));
    if (added.length === 0) return;
    setAttachments((list) => [...list, ...added]);
    for (const attachment of added) queue.current = queue.current.then(() => uploadOne(attachment));
  };

  const remove = (id: string) => setAttachments((list) => list.filter((a) => a.id !== id));
  /** After a send: the next message starts without files (and without the session an upload opened). */
  const clear = () => {
    setAttachments([]);
    setUploadSessionId(null);
  };
  const uploading = attachments.some((a) => a.fileId === null && a.progress !== -1);
  const fileIds = attachments.flatMap((a) => (a.fileId ? [a.fileId] : []));
  return { attachments, add, remove, clear, uploading, fileIds, uploadSessionId };
}
