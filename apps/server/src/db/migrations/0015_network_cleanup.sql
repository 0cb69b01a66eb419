-- The network-stats area (radio_samples, radio_current, router_samples, router_current) replaced the first
-- schema's device_stats and router_traffic; nothing reads or writes them any more.
DROP TABLE IF EXISTS "device_stats";--> statement-breakpoint
DROP TABLE IF EXISTS "router_traffic";--> statement-breakpoint
-- A radio's series asked by one of its interface MACs (not the device's own) finds the radio by index.
CREATE INDEX IF NOT EXISTS "radio_current_mac_eth0_idx" ON "radio_current" USING btree ("mac_eth0");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "radio_current_mac_br0_idx" ON "radio_current" USING btree ("mac_br0");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "radio_current_mac_wlan_idx" ON "radio_current" USING btree ("mac_wlan");
