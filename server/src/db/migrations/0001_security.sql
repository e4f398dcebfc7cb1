CREATE TABLE "wallet_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "run_status" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_running_idx" ON "chat_messages" USING btree ("run_status") WHERE "chat_messages"."run_status" = 'running';--> statement-breakpoint
-- Replies stored before run status existed: those left empty or with an unfinished tool call are treated as runs
-- cut by a crash (start-up recovery closes them); the rest are finished.
UPDATE "chat_messages" SET "updated_at" = "created_at", "run_status" = CASE WHEN "content" = '' OR "tool_calls" @> '[{"result": null}]'::jsonb THEN 'running' ELSE 'completed' END WHERE "role" = 'team_response';
