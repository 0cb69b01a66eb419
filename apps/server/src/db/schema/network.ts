import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_common';
import { users } from './auth';

/** A tower site with an airOS/UNMS-style controller; password encrypted at rest. */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull(),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  url: text('url').notNull().default(''),
  idSite: integer('id_site').notNull().default(0),
  username: text('username').notNull().default(''),
  passwordEnc: text('password_enc'),
  idUsuario: integer('id_usuario').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A MikroTik router reached over the RouterOS API; password encrypted at rest. */
export const routers = pgTable('routers', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').references(() => sites.id),
  host: text('host').notNull(),
  username: text('username').notNull().default(''),
  passwordEnc: text('password_enc'),
  port: integer('port').notNull().default(8728),
  /** RouterOS api-ssl (self-signed certificates are accepted: routers make their own). */
  tls: boolean('tls').notNull().default(false),
  /** The address list a cut puts customers' IPs in (the router's firewall drops or redirects it). */
  suspensionList: text('suspension_list').notNull().default('airlink-cortados'),
  /** The interface whose traffic the home panel shows (WAN); empty: none configured. */
  trafficInterface: text('traffic_interface').notNull().default(''),
  database: text('database').notNull().default(''),
  table: text('table').notNull().default(''),
  column: text('column').notNull().default(''),
  value: text('value').notNull().default(''),
  hostname: text('hostname').notNull().default(''),
  ip: text('ip').notNull().default(''),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  additionalInfo: text('additional_info').notNull().default(''),
  additionalInfo2: text('additional_info2').notNull().default(''),
  additionalInfo3: text('additional_info3').notNull().default(''),
  activo: boolean('activo').notNull().default(true),
  /** How plans reach this router: pppoe, cola or ninguno (docs/network.md "Plans on the router"). */
  provisioningMode: text('provisioning_mode').$type<'pppoe' | 'cola' | 'ninguno'>().notNull().default('ninguno'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A customer radio (airOS) seen on a site. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom(),
    hwaddr: text('hwaddr').notNull(),
    hostname: text('hostname').notNull().default(''),
    ipaddr: text('ipaddr').notNull().default(''),
    siteid: integer('siteid').references(() => sites.id),
    product: text('product').notNull().default(''),
    /** Management address; empty means `https://{ipaddr}`. */
    url: text('url').notNull().default(''),
    /** The radio's own credentials; empty user and null password: it uses its site's. Password sealed. */
    username: text('username').notNull().default(''),
    passwordEnc: text('password_enc'),
    /** Last time the radio answered a poll. */
    lastSeen: tstz('last_seen'),
    contratoId: integer('contrato_id'),
    lanTxBytes: bigint('lan_tx_bytes', { mode: 'number' }).notNull().default(0),
    lastStatsTime: tstz('last_stats_time'),
    /** Signal (dBm) and CCQ (%) of the last reading, copied here by the poller so Dispositivos sorts by index. */
    signal: doublePrecision('signal'),
    ccq: doublePrecision('ccq'),
    borrado: boolean('borrado').notNull().default(false),
    idUsuario: integer('id_usuario').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_hwaddr_uq').on(t.hwaddr),
    index('devices_site_idx').on(t.siteid),
    index('devices_contrato_idx').on(t.contratoId),
    // Dispositivos' worst-first sorts (ascending, radios without a value last) read these in order.
    index('devices_signal_idx').on(t.signal, t.id),
    index('devices_ccq_idx').on(t.ccq, t.id),
    index('devices_last_seen_idx').on(t.lastSeen, t.id),
  ],
);
