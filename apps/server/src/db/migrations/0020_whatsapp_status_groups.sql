CREATE TABLE "messaging_groups" (
	"instance_id" integer NOT NULL,
	"jid" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_groups_instance_id_jid_pk" PRIMARY KEY("instance_id","jid")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messaging_groups" ADD CONSTRAINT "messaging_groups_instance_id_messaging_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."messaging_instances"("id") ON DELETE cascade ON UPDATE no action;