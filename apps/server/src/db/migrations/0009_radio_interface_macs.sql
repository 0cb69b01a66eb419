ALTER TABLE "radio_current" ADD COLUMN "mac_eth0" text;--> statement-breakpoint
ALTER TABLE "radio_current" ADD COLUMN "mac_br0" text;--> statement-breakpoint
ALTER TABLE "radio_current" ADD COLUMN "mac_wlan" text;