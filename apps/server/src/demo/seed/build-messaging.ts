import { phoneKey } from '@airlink/domain';
import type * as schema from '../../db/schema';
import type { Customer } from './build-customers';
import { type DemoContext, type Insert } from './context';
import { localDate, localDateTime, localHour } from './dates';
import type { Rng } from './prng';

export interface MessagingResult {
  instances: Array<Insert<typeof schema.messagingInstances> & { id: number }>;
  messages: Array<Insert<typeof schema.messages>>;
  /** The groups' subjects, as the inbox keeps them once fetched from Evolution. */
  groups: Array<Insert<typeof schema.messagingGroups>>;
}

/**
 * Department directory (docs/whatsapp.md "Directory and keys", fixed; Ventas Pachuca has no key) plus `Personal`, the instance
 * of the WhatsApp test panel (docs/business-rules.md "Screens"). The API keys are set by an administrator.
 */
const DEPARTMENTS = [
  { department: 'Ventas', phone: '5217797961001', instanceName: 'Ventas' },
  { department: 'Cobranza', phone: '5217797961002', instanceName: 'Cobranza' },
  { department: 'Soporte 01', phone: '5217797961003', instanceName: 'Soporte01' },
  { department: 'HelpDesk', phone: '5217797961004', instanceName: 'HelpDesk' },
  { department: 'Soporte 02', phone: '5217797961005', instanceName: 'Soporte02' },
  { department: 'Ventas Pachuca', phone: '5217717184010', instanceName: 'VentasPachuca' },
  { department: 'Personal', phone: '5217797961000', instanceName: 'Personal' },
] as const;

type Department = (typeof DEPARTMENTS)[number]['department'];
/** [from me?, text] or, in groups, [participant name, text] ('' = the department itself). */
type Line = readonly [boolean, string];

const SCRIPTS: Readonly<Record<string, readonly Line[]>> = {
  prospecto: [
    [false, 'Buenas tardes, ¿tienen cobertura en {comunidad}?'],
    [
      true,
      'Hola, buenas tardes. Sí tenemos cobertura en {comunidad}. ¿Me comparte su dirección para revisar la línea de vista?',
    ],
    [false, '{calle} {numero}, cerca de la iglesia'],
    [
      true,
      'Perfecto, ahí llega bien la señal. El plan Residencial de 3 Mbps cuesta $300 al mes y la instalación $1,300.',
    ],
    [false, '¿Y tienen algo más rápido? Somos 4 en casa y los niños toman clases en línea'],
    [true, 'Le recomiendo el Residencial simétrico por $500 al mes. ¿Le agendo la instalación?'],
    [false, 'Sí, el sábado en la mañana por favor'],
    [true, 'Listo, quedó agendado el sábado a las 10:00. El técnico le llamará antes de llegar.'],
  ],
  recordatorio: [
    [
      true,
      'Hola {nombre}, le recordamos que su servicio vence esta semana. Puede pagar en oficina o por transferencia a Banamex.',
    ],
    [false, 'Gracias, mañana paso a la oficina'],
    [true, 'Con gusto, le esperamos de 9:00 a 19:00 de lunes a sábado.'],
  ],
  transferencia: [
    [false, 'Buen día, ya hice la transferencia de este mes'],
    [false, '[imagen] Comprobante de pago'],
    [true, 'Gracias, en cuanto se refleje en el banco le enviamos su recibo.'],
    [true, 'Listo, su pago quedó registrado. ¡Gracias por su preferencia!'],
    [false, '👍'],
  ],
  falla: [
    [false, 'Hola, no tengo internet desde ayer en la noche'],
    [true, 'Hola, lamentamos la falla. ¿La antena tiene las luces encendidas?'],
    [false, 'Sí, pero el módem tiene un foco rojo'],
    [true, 'Por favor desconecte el módem 30 segundos y vuelva a conectarlo.'],
    [false, 'Ya quedó, muchas gracias'],
    [true, 'Excelente. Cualquier cosa estamos para servirle.'],
  ],
  wifi: [
    [false, '¿Me pueden cambiar la contraseña del WiFi? Creo que los vecinos la tienen'],
    [true, 'Claro, ¿qué nombre de red y contraseña desea?'],
    [false, 'Red: Casa {apellido}, contraseña: airlink{anio}'],
    [true, 'Listo, ya quedó el cambio. Vuelva a conectar sus dispositivos con la nueva contraseña.'],
  ],
  lentitud: [
    [false, 'El internet está muy lento en las noches'],
    [true, 'Vamos a revisar su antena de forma remota, un momento por favor.'],
    [true, 'Su señal está en -76 dBm; necesitamos realinear la antena. ¿Le parece el jueves a las 11:00?'],
    [false, 'Sí, ahí estaré'],
  ],
  negocio: [
    [false, 'Hola, ¿precio para negocio en Pachuca centro?'],
    [
      true,
      'Hola, para negocio tenemos Oficina 6 Mbps en $500 y Oficina simétrico en $1,000 al mes. ¿Requiere factura?',
    ],
    [false, 'Sí, con factura'],
    [true, 'Con factura se agrega el IVA. Le envío el contrato para que lo revise.'],
    [false, '[documento] Contrato AirLink.pdf'],
  ],
};

interface GroupScript {
  department: Department;
  subject: string;
  lines: ReadonlyArray<readonly [string, string]>;
}

const GROUPS: readonly GroupScript[] = [
  {
    department: 'Soporte 01',
    subject: 'Técnicos AirLink',
    lines: [
      ['Luis Alberto Ramírez', 'Ya quedó la instalación en Haciendas, señal -58 dBm'],
      ['Omar Escamilla', 'Voy a la torre de Zempoala, reportan caída en el sector sur'],
      ['Jorge Castillo', 'Ok, avisen cuando quede'],
      ['Omar Escamilla', 'Era el PoE de la antena sector sur, ya quedó'],
      ['', 'Gracias, ya les confirmé a los clientes'],
    ],
  },
  {
    department: 'Cobranza',
    subject: 'Cobranza Tizayuca',
    lines: [
      ['Guadalupe Mendoza', 'Corte de caja de hoy: $8,450 en efectivo'],
      ['Patricia Morales', 'Recibido, gracias Lupita'],
      ['', 'Mañana hay 12 vencimientos en Haciendas de Tizayuca'],
      ['Guadalupe Mendoza', 'Les mando recordatorio en la mañana'],
    ],
  },
  {
    department: 'Ventas Pachuca',
    subject: 'Instalaciones Pachuca',
    lines: [
      ['Fernanda Olvera', 'Nuevo contrato en Villas de Pachuca, instalación el lunes'],
      ['Jorge Castillo', 'Agendado con Luis a las 10:00'],
      ['Luis Alberto Ramírez', 'Enterado, llevo LiteBeam y 30 m de cable'],
      ['', 'Gracias equipo 💪'],
    ],
  },
];

/** Which scripts each department uses for its individual chats. */
const CHATS: ReadonlyArray<readonly [Department, string, boolean]> = [
  ['Ventas', 'prospecto', false],
  ['Ventas', 'prospecto', false],
  ['Cobranza', 'recordatorio', true],
  ['Cobranza', 'transferencia', true],
  ['Cobranza', 'recordatorio', true],
  ['Soporte 01', 'falla', true],
  ['Soporte 01', 'lentitud', true],
  ['HelpDesk', 'wifi', true],
  ['HelpDesk', 'falla', true],
  ['Soporte 02', 'lentitud', true],
  ['Soporte 02', 'wifi', true],
  ['Ventas Pachuca', 'negocio', false],
  ['Cobranza', 'transferencia', true],
];

function messageId(rng: Rng, fromMe: boolean): string {
  return (fromMe ? `BAE5${rng.hex(12)}` : `3A${rng.hex(18)}`).toUpperCase();
}

function typeOf(text: string): { messageType: string; content: string } {
  if (text.startsWith('[imagen] ')) return { messageType: 'imageMessage', content: text.slice(9) };
  if (text.startsWith('[documento] ')) return { messageType: 'documentMessage', content: text.slice(12) };
  return { messageType: 'conversation', content: text };
}

export function buildMessaging(ctx: DemoContext, customers: readonly Customer[]): MessagingResult {
  const rng = ctx.rng.fork('messaging');
  const created = localDateTime(localDate(new Date(ctx.now.getTime() - 400 * 86_400_000)), 12);
  const instances = DEPARTMENTS.map((d, i) => ({
    id: i + 1,
    department: d.department,
    phone: d.phone,
    instanceName: d.instanceName,
    baseUrl: 'http://127.0.0.1:8080',
    apiKeyEnc: null,
    createdAt: created,
    updatedAt: created,
  }));
  const instanceOf = (department: Department) => {
    const found = instances.find((x) => x.department === department);
    if (!found) throw new Error(`Departamento desconocido: ${department}`);
    return found;
  };

  const messages: MessagingResult['messages'] = [];
  const nowMs = ctx.now.getTime();
  /** Start of a conversation in the last week, at a waking hour, leaving room for its messages. */
  const conversationStart = (lines: number): number => {
    for (;;) {
      const t = nowMs - rng.int(lines * 15 + 30, 7 * 24 * 60) * 60_000;
      const h = localHour(new Date(t));
      if (h >= 8 && h <= 21) return t;
    }
  };
  const paying = customers.filter((c) => c.profile !== 'pending' && c.profile !== 'cancelled');
  const unreadChats = new Set([0, 5, 8, 11]);

  CHATS.forEach(([department, script, isCustomer], chatIndex) => {
    const inst = instanceOf(department);
    const lines = SCRIPTS[script] ?? [];
    const c = isCustomer ? rng.pick(paying) : rng.pick(customers.filter((x) => x.profile === 'pending'));
    const number = isCustomer || rng.chance(0.5) ? `521${c.row.telefono}` : `521${c.community.lada}${rng.digits(7)}`;
    const remoteJid = `${number}@s.whatsapp.net`;
    const words = c.row.nombre.split(' ');
    const pushName = words.slice(0, 2).join(' ');
    const fill = (t: string) =>
      t
        .replaceAll('{comunidad}', c.row.comunidad ?? '')
        .replaceAll('{calle}', c.row.calle ?? '')
        .replaceAll('{numero}', c.row.numero ?? '')
        .replaceAll('{nombre}', words[0] ?? '')
        .replaceAll('{apellido}', words[words.length - 2] ?? '')
        .replaceAll('{anio}', ctx.today.slice(0, 4));
    let t = conversationStart(lines.length);
    const lastIncoming = lines.reduce((last, [fromMe], i) => (fromMe ? last : i), -1);
    lines.forEach(([fromMe, text], i) => {
      t += rng.int(1, 12) * 60_000 + rng.int(0, 59) * 1000;
      const at = new Date(Math.min(t, nowMs - 1000));
      const { messageType, content } = typeOf(fill(text));
      const id = messageId(rng, fromMe);
      const unread = !fromMe && unreadChats.has(chatIndex) && i === lastIncoming;
      messages.push({
        instance: inst.instanceName,
        messageId: id,
        remoteJid,
        fromMe,
        fromNumber: fromMe ? inst.phone : number,
        toNumber: fromMe ? number : inst.phone,
        timestamp: at,
        content,
        senderName: fromMe ? `AirLink ${department}` : pushName,
        isGroup: false,
        messageType,
        // The conversation of a Mexican mobile is its 52 + 10-digit form (521… and 52… meet; modules/whatsapp).
        conversationId: `${phoneKey(number)}@s.whatsapp.net`,
        raw: {
          key: { id, remoteJid, fromMe },
          pushName: fromMe ? `AirLink ${department}` : pushName,
          messageType,
          messageTimestamp: Math.floor(at.getTime() / 1000),
          message: { conversation: content },
        },
        readAt: fromMe || unread ? null : new Date(Math.min(at.getTime() + rng.int(1, 30) * 60_000, nowMs)),
        // Ours: read when the customer wrote after it, else delivered (the inbox's ticks).
        status: fromMe ? (i < lastIncoming ? 'read' : 'delivered') : null,
        instanceId: inst.id,
      });
    });
  });

  const staffPhones = new Map<string, string>();
  const groups: MessagingResult['groups'] = [];
  for (const g of GROUPS) {
    const inst = instanceOf(g.department);
    const groupJid = `120363${rng.digits(12)}@g.us`;
    groups.push({ instanceId: inst.id, jid: groupJid, subject: g.subject });
    let t = conversationStart(g.lines.length);
    for (const [who, text] of g.lines) {
      t += rng.int(2, 25) * 60_000 + rng.int(0, 59) * 1000;
      const at = new Date(Math.min(t, nowMs - 1000));
      const fromMe = who === '';
      let participant = staffPhones.get(who);
      if (!participant && !fromMe) {
        participant = `521${rng.pick(['771', '779'])}${rng.digits(7)}`;
        staffPhones.set(who, participant);
      }
      const id = messageId(rng, fromMe);
      const senderName = fromMe ? `AirLink ${g.department}` : who;
      messages.push({
        instance: inst.instanceName,
        messageId: id,
        remoteJid: groupJid,
        fromMe,
        fromNumber: fromMe ? inst.phone : (participant ?? ''),
        toNumber: groupJid.replace('@g.us', ''),
        timestamp: at,
        content: text,
        senderName,
        isGroup: true,
        messageType: 'conversation',
        conversationId: groupJid,
        raw: {
          key: { id, remoteJid: groupJid, fromMe, participant: fromMe ? undefined : `${participant}@s.whatsapp.net` },
          pushName: senderName,
          groupSubject: g.subject,
          messageType: 'conversation',
          messageTimestamp: Math.floor(at.getTime() / 1000),
          message: { conversation: text },
        },
        readAt: fromMe ? null : new Date(Math.min(at.getTime() + rng.int(1, 45) * 60_000, nowMs)),
        status: fromMe ? 'read' : null,
        instanceId: inst.id,
      });
    }
  }
  messages.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  return { instances, messages, groups };
}
