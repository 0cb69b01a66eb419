import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { tstz } from './_common';
import { devices, routers } from './network';

/** The resolutions of samples (packages/domain network/intervals.ts). */
const intervalCheck = (column: string) =>
  check(`${column}_interval_ck`, sql.raw(`"interval" IN ('minute', 'hour', 'day', 'week')`));

/**
 * A radio's samples, one row per device, resolution and bucket start (modules/network-stats). Minute rows
 * come from the poller; hour, day and week rows are rolled up from the resolution below. Gauges are the
 * mean of the bucket's readings, byte columns the bytes counted during the bucket (counter deltas), LAN
 * speed and uptime the last reading. The primary key serves "the last N buckets of one device" (an index
 * range scan); (interval, bucket) serves the rollup and retention passes.
 */
export const radioSamples = pgTable(
  'radio_samples',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    interval: text('interval').notNull(),
    bucket: tstz('bucket').notNull(),
    /** Readings behind this row (a mean is weighted by it when rolled up). */
    samples: integer('samples').notNull().default(1),
    signal: doublePrecision('signal'),
    ccq: doublePrecision('ccq'),
    wlanRxRate: doublePrecision('wlan_rx_rate'),
    wlanTxRate: doublePrecision('wlan_tx_rate'),
    lanRxBytes: bigint('lan_rx_bytes', { mode: 'number' }),
    lanTxBytes: bigint('lan_tx_bytes', { mode: 'number' }),
    lanSpeed: smallint('lan_speed'),
    uptime: bigint('uptime', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'radio_samples_pk', columns: [t.deviceId, t.interval, t.bucket] }),
    index('radio_samples_interval_bucket_idx').on(t.interval, t.bucket),
    intervalCheck('radio_samples'),
  ],
);

/** A router's samples: traffic of its configured interface (bits per second) and PPPoE sessions. */
export const routerSamples = pgTable(
  'router_samples',
  {
    routerId: integer('router_id')
      .notNull()
      .references(() => routers.id, { onDelete: 'cascade' }),
    interval: text('interval').notNull(),
    bucket: tstz('bucket').notNull(),
    samples: integer('samples').notNull().default(1),
    rxBitsPerSecond: doublePrecision('rx_bits_per_second'),
    txBitsPerSecond: doublePrecision('tx_bits_per_second'),
    pppoeSessions: doublePrecision('pppoe_sessions'),
  },
  (t) => [
    primaryKey({ name: 'router_samples_pk', columns: [t.routerId, t.interval, t.bucket] }),
    index('router_samples_interval_bucket_idx').on(t.interval, t.bucket),
    intervalCheck('router_samples'),
  ],
);

/**
 * The latest reading of each radio and the outcome of its last poll: what the current-stats call answers,
 * the counters the next reading's deltas start from, and the Spanish reason of the last failure.
 */
export const radioCurrent = pgTable(
  'radio_current',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Last successful reading. */
    readAt: tstz('read_at'),
    /** Last attempt, successful or not. */
    pollAt: tstz('poll_at').notNull(),
    lastError: text('last_error'),
    lastErrorAt: tstz('last_error_at'),
    failures: integer('failures').notNull().default(0),
    signal: doublePrecision('signal'),
    ccq: doublePrecision('ccq'),
    wlanRxRate: doublePrecision('wlan_rx_rate'),
    wlanTxRate: doublePrecision('wlan_tx_rate'),
    lanSpeed: smallint('lan_speed'),
    essid: text('essid'),
    uptime: bigint('uptime', { mode: 'number' }),
    /** Raw eth0 counters of the last reading (the next delta starts from them). */
    lanRxCounter: bigint('lan_rx_counter', { mode: 'number' }),
    lanTxCounter: bigint('lan_tx_counter', { mode: 'number' }),
    hostname: text('hostname'),
    model: text('model'),
    firmware: text('firmware'),
    /** The radio's interface MACs as it reported them (normalised): a radio matches by any of them. */
    macEth0: text('mac_eth0'),
    macBr0: text('mac_br0'),
    macWlan: text('mac_wlan'),
  },
  // A series asked by an interface MAC other than the device's own finds its radio by index.
  (t) => [
    index('radio_current_mac_eth0_idx').on(t.macEth0),
    index('radio_current_mac_br0_idx').on(t.macBr0),
    index('radio_current_mac_wlan_idx').on(t.macWlan),
  ],
);

/** The latest reading of each router: traffic of its interface, PPPoE sessions, and its last poll's outcome. */
export const routerCurrent = pgTable('router_current', {
  routerId: integer('router_id')
    .primaryKey()
    .references(() => routers.id, { onDelete: 'cascade' }),
  readAt: tstz('read_at'),
  pollAt: tstz('poll_at').notNull(),
  lastError: text('last_error'),
  lastErrorAt: tstz('last_error_at'),
  failures: integer('failures').notNull().default(0),
  interfaceName: text('interface_name'),
  rxBitsPerSecond: bigint('rx_bits_per_second', { mode: 'number' }),
  txBitsPerSecond: bigint('tx_bits_per_second', { mode: 'number' }),
  pppoeSessions: integer('pppoe_sessions'),
  /** The active PPPoE sessions of the last reading: name, address, callerId, uptime, service. */
  pppoeClients: jsonb('pppoe_clients').notNull().default([]),
});
