CREATE TABLE "run_frames" (
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"frame" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_frames_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "instance_id" text;--> statement-breakpoint
CREATE INDEX "run_frames_created_idx" ON "run_frames" USING btree ("created_at");