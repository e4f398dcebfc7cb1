ALTER TABLE "chat_messages" ADD COLUMN "workflow" jsonb;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "workflow_spec" jsonb;