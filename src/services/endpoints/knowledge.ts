// Knowledge bases and their documents (page size 10).
import type { CreateKnowledgeBasePayload, KnowledgeBase, KnowledgeDocument } from '../../../contract/types';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

export interface KnowledgeBasePage {
  total: number;
  knowledge_bases: KnowledgeBase[];
}
export interface DocumentPage {
  total: number;
  documents: KnowledgeDocument[];
}
interface Paging {
  limit?: number;
  skip?: number;
}

const kbUrl = (id: string) => `/knowledge/bases/${encodeURIComponent(id)}`;
const docsListTag = (kbId: string) => ({ type: 'Document' as const, id: `LIST-${kbId}` });

export const knowledgeEndpoints = (build: Builder) => ({
  getKnowledgeBases: build.query<KnowledgeBasePage, Paging | void>({
    query: (p) => `/knowledge/bases?limit=${p?.limit ?? 10}&skip=${p?.skip ?? 0}`,
    transformResponse: readers.knowledgeBases,
    providesTags: (result) => [
      { type: 'KnowledgeBase', id: 'LIST' },
      ...(result?.knowledge_bases ?? []).map((kb) => ({ type: 'KnowledgeBase' as const, id: kb.id })),
    ],
  }),
  getKnowledgeBase: build.query<KnowledgeBase, string>({
    query: (id) => kbUrl(id),
    transformResponse: readers.knowledgeBase,
    providesTags: (_r, _e, id) => [{ type: 'KnowledgeBase', id }],
  }),
  createKnowledgeBase: build.mutation<KnowledgeBase, CreateKnowledgeBasePayload>({
    query: (body) => ({ url: '/knowledge/bases', method: 'POST', body }),
    transformResponse: readers.knowledgeBase,
    invalidatesTags: [{ type: 'KnowledgeBase', id: 'LIST' }],
  }),
  updateKnowledgeBase: build.mutation<KnowledgeBase, { id: string } & Partial<CreateKnowledgeBasePayload>>({
    query: ({ id, ...body }) => ({ url: kbUrl(id), method: 'PUT', body }),
    transformResponse: readers.knowledgeBase,
    invalidatesTags: (_r, _e, { id }) => [{ type: 'KnowledgeBase', id }],
  }),
  deleteKnowledgeBase: build.mutation<unknown, string>({
    query: (id) => ({ url: kbUrl(id), method: 'DELETE' }),
    invalidatesTags: (_r, _e, id) => [{ type: 'KnowledgeBase', id }],
  }),
  getDocuments: build.query<DocumentPage, { kbId: string } & Paging>({
    query: ({ kbId, limit = 10, skip = 0 }) => `${kbUrl(kbId)}/documents?limit=${limit}&skip=${skip}`,
    transformResponse: readers.documents,
    providesTags: (result, _e, { kbId }) => [
      docsListTag(kbId),
      ...(result?.documents ?? []).map((d) => ({ type: 'Document' as const, id: d.id })),
    ],
  }),
  addDocument: build.mutation<KnowledgeDocument, { kbId: string; name: string; content: string }>({
    query: ({ kbId, ...body }) => ({ url: `${kbUrl(kbId)}/documents`, method: 'POST', body }),
    transformResponse: readers.document,
    invalidatesTags: (_r, _e, { kbId }) => [docsListTag(kbId), { type: 'KnowledgeBase', id: kbId }],
  }),
  /** Multipart, field `file` (.pdf or .txt). */
  uploadDocument: build.mutation<KnowledgeDocument, { kbId: string; file: File }>({
    query: ({ kbId, file }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return { url: `${kbUrl(kbId)}/documents/upload`, method: 'POST', body };
    },
    transformResponse: readers.document,
    invalidatesTags: (_r, _e, { kbId }) => [docsListTag(kbId), { type: 'KnowledgeBase', id: kbId }],
  }),
  deleteDocument: build.mutation<unknown, { kbId: string; docId: string }>({
    query: ({ kbId, docId }) => ({ url: `${kbUrl(kbId)}/documents/${encodeURIComponent(docId)}`, method: 'DELETE' }),
    invalidatesTags: (_r, _e, { kbId, docId }) => [
      { type: 'Document', id: docId },
      { type: 'KnowledgeBase', id: kbId },
    ],
  }),
});
