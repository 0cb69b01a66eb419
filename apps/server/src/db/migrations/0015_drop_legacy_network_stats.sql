-- The network-stats area (radio_samples, radio_current, router_samples, router_current) replaced these two
-- tables of the first schema; nothing reads or writes them any more.
DROP TABLE IF EXISTS "device_stats";--> statement-breakpoint
DROP TABLE IF EXISTS "router_traffic";
