// Cache tag types shared by the endpoint modules, and the builder type they receive.
import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import type { baseQuery } from './baseQuery';

export const TAG_TYPES = [
  'Team',
  'TeamList',
  'Session',
  'SessionList',
  /** A session's stored messages (id: session id), apart from 'Session' so a rename does not refetch every page. */
  'SessionMessages',
  'Credits',
  'Transactions',
  'Credential',
  'KnowledgeBase',
  'Document',
  'Subscription',
  'SupportReport',
] as const;

export type TagType = (typeof TAG_TYPES)[number];
export type Builder = EndpointBuilder<typeof baseQuery, TagType, 'api'>;
