// Where a reply's workflow panel comes from: the page that composes the chat provides it (features/workflow), so the
// chat draws a workflow without importing another feature's components.
import { createContext, type ComponentType } from 'react';
import type { WorkflowPanelProps } from '../workflow/replyWorkflow';

export const WorkflowPanelSlot = createContext<ComponentType<WorkflowPanelProps> | null>(null);
