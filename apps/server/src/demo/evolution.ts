import { jidUser, messageTypeOf } from '@airlink/domain';
import {
  startFakeEvolutionServer,
  type FakeEvolutionInstanceSpec,
  type FakeEvolutionServer,
  type FakeSeedMessage,
} from './fakes/evolution/fake-server';
import type { Db } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { WhatsAppRepository, type StoredMessageRow } from '../modules/whatsapp/whatsapp.repository';

/**
 * Global key of the demo's fake Evolution server. The end-to-end tests use it for the fake's control routes
 * (a message arrives, an instance closes); the fake exists only in the demo, never in production.
 */
export const DEMO_EVOLUTION_KEY = 'airlink-demo-evolution';

/** Instances the seed leaves without a key (docs/whatsapp.md "Directory and keys": Ventas Pachuca has none) stay without one. */
const WITHOUT_KEY = new Set(['VentasPachuca']);

/** Older messages only Evolution has, so 'Historial' imports something in the demo (per person chat). */
const OLDER_HISTORY: ReadonlyArray<readonly [boolean, string]> = [
  [false, 'Buenas tardes, ¿me pueden dar informes?'],
  [true, 'Hola, con gusto. ¿En qué comunidad se encuentra?'],
  [false, 'Gracias, lo platico en casa y les escribo'],
];

/** Groups of the test panel's instance (Personal has no seeded chats). */
const PERSONAL_GROUPS = [
  { subject: 'Técnicos de campo', participants: ['5217711000001', '5217711000002'] },
  { subject: 'Oficina Tizayuca', participants: ['5217797961002'] },
];

const isLoopbackUrl = (url: string) => /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\/?$/.test(url);

/** A stored message as the fake keeps it (same key id and time, so a history import adds nothing twice). */
function seedOf(m: StoredMessageRow): FakeSeedMessage {
  const type = messageTypeOf(m.messageType);
  const message =
    type === 'image'
      ? { imageMessage: { caption: m.content } }
      : type === 'document'
        ? { documentMessage: { fileName: m.content } }
        : { conversation: m.content };
  return {
    chat: m.remoteJid,
    text: m.content,
    fromMe: m.fromMe,
    pushName: m.senderName ?? undefined,
    participant: m.isGroup && !m.fromMe && m.fromNumber ? m.fromNumber : undefined,
    id: m.messageId,
    timestamp: Math.floor(m.timestamp.getTime() / 1000),
    messageType: type === 'image' ? 'imageMessage' : type === 'document' ? 'documentMessage' : 'conversation',
    message,
  };
}

function specOf(name: string, phone: string, stored: StoredMessageRow[]): FakeEvolutionInstanceSpec {
  const seeds = stored.map(seedOf);
  const groups = new Map<string, { subject: string; participants: Set<string> }>();
  const firstAt = new Map<string, number>();
  for (const m of stored) {
    if (!firstAt.has(m.remoteJid)) firstAt.set(m.remoteJid, m.timestamp.getTime());
    if (!m.isGroup) continue;
    const subject = (m.raw as { groupSubject?: unknown } | null)?.groupSubject;
    const g = groups.get(m.remoteJid) ?? {
      subject: typeof subject === 'string' ? subject : 'Grupo',
      participants: new Set(),
    };
    if (!m.fromMe && m.fromNumber) g.participants.add(m.fromNumber);
    groups.set(m.remoteJid, g);
  }
  // Older history of each person chat, a month before its first stored message.
  for (const [jid, at] of firstAt) {
    if (jid.endsWith('@g.us')) continue;
    OLDER_HISTORY.forEach(([fromMe, text], i) =>
      seeds.push({
        chat: jid,
        text,
        fromMe,
        pushName: fromMe ? undefined : 'Cliente',
        timestamp: Math.floor((at - 30 * 86_400_000 + i * 7 * 60_000) / 1000),
      }),
    );
  }
  return {
    name,
    token: `demo-${name}`,
    number: phone,
    state: 'open',
    groups:
      name === 'Personal'
        ? PERSONAL_GROUPS
        : [...groups].map(([id, g]) => ({ id, subject: g.subject, participants: [...g.participants] })),
    messages: seeds,
  };
}

/**
 * The demo's WhatsApp (`npm start` without EVOLUTION_API_URL): a fake Evolution API v2 on loopback holding
 * every instance of the directory (Personal for the test panel included) with the seeded chats and groups and
 * some older history, answering each text sent to a number with "Eco: …" after 1.5 s and pairing a QR 3 s
 * after 'Conectar'. Each directory row on a loopback address gets the fake's URL and its key sealed (Ventas
 * Pachuca stays without one, as in the spec). `pointWebhooks` then points each instance with a key at the
 * listening server, so the echoes and the messages of the e2e tests arrive live.
 */
export async function startDemoEvolution(
  db: Db,
  secrets: SecretBox,
  opts: { host: string; port: number },
): Promise<{ fake: FakeEvolutionServer; instances: string[]; stop(): Promise<void> }> {
  const repo = new WhatsAppRepository(db);
  const rows = (await repo.listInstances()).filter((r) => !r.baseUrl || isLoopbackUrl(r.baseUrl));
  const specs: FakeEvolutionInstanceSpec[] = [];
  for (const r of rows) specs.push(specOf(r.instanceName, jidUser(r.phone), await repo.messagesOf(r.instanceName)));
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  const options = {
    host,
    globalKey: DEMO_EVOLUTION_KEY,
    instances: specs,
    echo: { delayMs: 1_500 },
    autoPairMs: 3_000,
    restartReconnectMs: 1_500,
    control: true,
    webhookRetry: { maxAttempts: 5, initialDelayMs: 2_000, maxDelayMs: 30_000 },
  };
  const fake = await startFakeEvolutionServer({ ...options, port: opts.port }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    return startFakeEvolutionServer({ ...options, port: 0 });
  });
  const withKey: string[] = [];
  for (const r of rows) {
    const keyed = !WITHOUT_KEY.has(r.instanceName);
    await repo.setConnection(r.id, fake.url, keyed ? secrets.seal(`demo-${r.instanceName}`) : null);
    if (keyed) withKey.push(r.instanceName);
  }
  return { fake, instances: withKey, stop: () => fake.stop() };
}
