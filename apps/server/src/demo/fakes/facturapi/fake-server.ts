import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback Facturapi v2 for tests and the demo (docs/protocols/facturapi.md): invoices with inline customers
 * checked against a SAT padrón fixture the way the PAC rejects them at stamping (CFDI40145 name, CFDI40148 zip,
 * CFDI40158 régimen vs person, CFDI40161 uso vs régimen), totals per line (IVA rounded to the centavo), a fake
 * UUID and folio per series, idempotency keys, `external_id` lookup, PDF and XML, cancellation with the SAT's
 * motives (at once up to $1,000 and for the generic RFC, else pending until accepted through the control API),
 * global invoices, and faults (down, slow, 500, 429, malformed). Its tables are its own, not AirLink's.
 */

export interface PadronEntry {
  legalName: string;
  zip: string;
  regimes: string[];
}

interface StoredInvoice {
  id: string;
  status: 'valid' | 'canceled';
  cancellation_status: 'none' | 'pending' | 'accepted' | 'rejected';
  uuid: string;
  folio_number: number;
  series: string;
  total: number;
  subtotal: number;
  created_at: string;
  external_id: string;
  idempotency_key: string;
  customer: { legal_name: string; tax_id: string; tax_system: string; address: { zip: string } };
  items: { description: string; price: number; base: number; iva: number; sku?: string }[];
  use: string;
  payment_form: string;
  global: { periodicity: string; months: string; year: number } | null;
  cancellation: { motive: string; substitution: string | null } | null;
  livemode: boolean;
}

export type FakeFacturapiFault = 'down' | 'slow' | 'error500' | 'rate_limited' | 'malformed' | null;

export interface FakeFacturapi {
  url: string;
  /** A valid test key. */
  apiKey: string;
  padron: Map<string, PadronEntry>;
  invoices: Map<string, StoredInvoice>;
  /** POST /invoices received (stamped or not). */
  createCalls: number;
  setFault(fault: FakeFacturapiFault, opts?: { times?: number; slowMs?: number }): void;
  /** The receiver's answer to a pending cancellation. */
  settleCancellation(id: string, outcome: 'accepted' | 'rejected'): void;
  stop(): Promise<void>;
}

const ISSUER = { rfc: 'EKU9003173C9', name: 'AIRLINK HIDALGO', zip: '43800' };

/** The SAT's person type by RFC length, and the uses each receiver régimen allows (catCFDI 4.0, trimmed). */
const MORAL = ['601', '603', '620', '622', '623', '624', '626'];
const FISICA = ['605', '606', '607', '608', '611', '612', '614', '615', '616', '621', '625', '626'];
const USE_REGIMES: Record<string, string[]> = {
  G01: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'],
  G03: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'],
  S01: [...new Set([...MORAL, ...FISICA, '610'])],
  D10: ['605', '606', '607', '608', '611', '612', '614', '615', '625'],
};

export const DEFAULT_PADRON: [string, PadronEntry][] = [
  ['PEGJ800101AB6', { legalName: 'JUAN PEREZ GOMEZ', zip: '42000', regimes: ['612', '605'] }],
  ['LOMA850615K23', { legalName: 'ANA LOPEZ MARTINEZ', zip: '43800', regimes: ['605', '616'] }],
  ['WHI150301AB8', { legalName: 'WHIRLPOOL', zip: '42080', regimes: ['601'] }],
  ['FASJ960709N19', { legalName: 'JOSE FARIAS SANCHEZ', zip: '43815', regimes: ['612', '626'] }],
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();

function pacRejection(code: string, path: string, message: string) {
  return {
    ok: false,
    status: 400,
    code: 'invoice_stamping_failed',
    message: `Validación de timbrado: ${message}`,
    errors: [{ code, source: 'pac', path, message }],
  };
}

function pdfOf(inv: StoredInvoice): Buffer {
  const lines = [
    `FACTURA ${inv.series}${inv.folio_number} - SIN VALIDEZ FISCAL`,
    `UUID ${inv.uuid}`,
    `Receptor ${inv.customer.tax_id} ${inv.customer.legal_name}`,
    ...inv.items.map((i) => `${i.description}  ${i.base / 100}`),
    `Total ${inv.total}`,
  ];
  const text = lines.map((l, i) => `BT /F1 10 Tf 40 ${780 - i * 16} Td (${l.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${text.length}>>stream\n${text}\nendstream endobj\n` +
      `5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

function xmlOf(inv: StoredInvoice): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const iva = inv.items.reduce((s, i) => s + i.iva, 0) / 100;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" ` +
    `xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Serie="${inv.series}" Folio="${inv.folio_number}" ` +
    `SubTotal="${inv.subtotal.toFixed(2)}" Total="${inv.total.toFixed(2)}" Moneda="MXN" TipoDeComprobante="I" ` +
    `MetodoPago="PUE" FormaPago="${inv.payment_form}" LugarExpedicion="${ISSUER.zip}">\n` +
    (inv.global
      ? `  <cfdi:InformacionGlobal Periodicidad="04" Meses="${inv.global.months}" Año="${inv.global.year}"/>\n`
      : '') +
    `  <cfdi:Emisor Rfc="${ISSUER.rfc}" Nombre="${ISSUER.name}" RegimenFiscal="601"/>\n` +
    `  <cfdi:Receptor Rfc="${inv.customer.tax_id}" Nombre="${esc(inv.customer.legal_name)}" ` +
    `DomicilioFiscalReceptor="${inv.customer.address.zip}" RegimenFiscalReceptor="${inv.customer.tax_system}" UsoCFDI="${inv.use}"/>\n` +
    `  <cfdi:Conceptos>\n` +
    inv.items
      .map(
        (i) =>
          `    <cfdi:Concepto Descripcion="${esc(i.description)}" ValorUnitario="${i.price}" Importe="${(i.base / 100).toFixed(2)}" ObjetoImp="02"` +
          `${i.sku ? ` NoIdentificacion="${esc(i.sku)}"` : ''}/>\n`,
      )
      .join('') +
    `  </cfdi:Conceptos>\n  <cfdi:Impuestos TotalImpuestosTrasladados="${iva.toFixed(2)}"/>\n` +
    `  <cfdi:Complemento><tfd:TimbreFiscalDigital Version="1.1" UUID="${inv.uuid.toUpperCase()}"/></cfdi:Complemento>\n` +
    `</cfdi:Comprobante>\n`
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `now` is the PAC's clock, the one it stamps with (the real clock unless a test gives the app and the PAC one
 * fixed clock, so an invoice's date never depends on the day the suite runs).
 */
export async function startFakeFacturapi(
  opts: { host?: string; port?: number; apiKey?: string; now?: () => Date } = {},
): Promise<FakeFacturapi> {
  const now = opts.now ?? (() => new Date());
  const apiKey = opts.apiKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const padron = new Map<string, PadronEntry>(DEFAULT_PADRON);
  const invoices = new Map<string, StoredInvoice>();
  const inFlight = new Set<string>();
  const folios = new Map<string, number>();
  let fault: FakeFacturapiFault = null;
  let createCalls = 0;
  let faultTimes = Infinity;
  let slowMs = 12_000;
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (status >= 400) headers['x-facturapi-log-id'] = randomBytes(6).toString('hex');
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const publicInvoice = (inv: StoredInvoice) => ({
    id: inv.id,
    livemode: inv.livemode,
    type: 'I',
    status: inv.status,
    cancellation_status: inv.cancellation_status,
    cfdi_version: 4,
    uuid: inv.uuid,
    folio_number: inv.folio_number,
    series: inv.series,
    total: inv.total,
    currency: 'MXN',
    payment_form: inv.payment_form,
    payment_method: 'PUE',
    use: inv.use,
    created_at: inv.created_at,
    external_id: inv.external_id,
    idempotency_key: inv.idempotency_key,
    customer: inv.customer,
    global: inv.global,
    stamp: { date: inv.created_at.slice(0, 19), sat_cert_number: '20001000000300022323' },
  });

  function create(body: Record<string, unknown>, live: boolean): [number, unknown] {
    const customer = body.customer as StoredInvoice['customer'] | undefined;
    const items = body.items as { quantity?: number; product: Record<string, unknown> }[] | undefined;
    const required = ['customer', 'items', 'payment_form', 'use'].find((k) => body[k] === undefined);
    if (required || !customer?.tax_id || !customer.legal_name || !customer.address?.zip || !Array.isArray(items))
      return [
        400,
        {
          ok: false,
          status: 400,
          code: 'invalid_request',
          message: `El campo "${required ?? 'customer'}" es requerido.`,
          path: required ?? 'customer',
        },
      ];
    if (items.length === 0 || items.length > 5000)
      return [
        400,
        {
          ok: false,
          status: 400,
          code: 'invalid_request',
          message: 'items debe tener de 1 a 5000 conceptos',
          path: 'items',
        },
      ];
    const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : '';
    if (key) {
      const done = [...invoices.values()].find((i) => i.idempotency_key === key);
      if (done) return [200, publicInvoice(done)];
    }
    const rfc = fold(customer.tax_id);
    const isGlobal = body.global !== undefined && body.global !== null;
    if (isGlobal) {
      if (
        rfc !== 'XAXX010101000' ||
        fold(customer.legal_name) !== 'PUBLICO EN GENERAL' ||
        customer.tax_system !== '616'
      )
        return [
          400,
          pacRejection('CFDI40149', 'customer', 'La factura global requiere el receptor PUBLICO EN GENERAL'),
        ];
      if (customer.address.zip !== ISSUER.zip)
        return [
          400,
          pacRejection('CFDI40149', 'customer.address.zip', 'El RFC genérico requiere el código postal del emisor'),
        ];
      if (body.use !== 'S01') return [400, pacRejection('CFDI40161', 'use', 'La factura global usa S01')];
    } else {
      const entry = padron.get(rfc);
      if (!entry)
        return [
          400,
          {
            ok: false,
            status: 400,
            code: 'tax_id_not_found',
            message: `No se encontró el RFC [${rfc}] en la Lista de Contribuyentes Obligados`,
            path: 'customer.tax_id',
          },
        ];
      if (fold(entry.legalName) !== fold(customer.legal_name))
        return [
          400,
          pacRejection(
            'CFDI40145',
            'customer.legal_name',
            'El campo Nombre del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
          ),
        ];
      if (entry.zip !== String(customer.address.zip))
        return [
          400,
          pacRejection(
            'CFDI40148',
            'customer.address.zip',
            'El campo DomicilioFiscalReceptor del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
          ),
        ];
      const personRegimes = rfc.length === 12 ? MORAL : FISICA;
      if (!personRegimes.includes(customer.tax_system) || !entry.regimes.includes(customer.tax_system))
        return [
          400,
          pacRejection(
            'CFDI40158',
            'customer.tax_system',
            'La clave del campo RegimenFiscalR debe corresponder con el tipo de persona (física o moral).',
          ),
        ];
      if (!(USE_REGIMES[String(body.use)] ?? []).includes(customer.tax_system))
        return [
          400,
          pacRejection(
            'CFDI40161',
            'use',
            'La clave del campo UsoCFDI debe corresponder con el tipo de persona y el régimen correspondiente.',
          ),
        ];
    }
    const stored: StoredInvoice['items'] = [];
    for (const item of items) {
      const p = item.product;
      const price = Number(p.price);
      if (!(price > 0) || !/^\d{8}$/.test(String(p.product_key)) || !p.description)
        return [
          400,
          { ok: false, status: 400, code: 'invalid_request', message: 'Concepto inválido', path: 'items.product' },
        ];
      const amount = price * (item.quantity ?? 1);
      const exactIva = p.tax_included === false ? amount * 0.16 : (amount / 1.16) * 0.16;
      const baseExact = p.tax_included === false ? amount : amount / 1.16;
      // Six decimals first, like the SAT, then the centavo.
      const iva = Math.round(Math.round(exactIva * 1e6) / 1e4);
      stored.push({
        description: String(p.description),
        price,
        base: Math.round(baseExact * 100),
        iva,
        sku: p.sku as string | undefined,
      });
    }
    const series = typeof body.series === 'string' && body.series ? body.series : 'A';
    const folio = (folios.get(series) ?? 0) + 1;
    folios.set(series, folio);
    const subtotal = stored.reduce((s, i) => s + i.base, 0);
    const total = subtotal + stored.reduce((s, i) => s + i.iva, 0);
    const relatedUuid = (body.related_documents as { documents?: string[] }[] | undefined)?.[0]?.documents?.[0];
    if (relatedUuid && ![...invoices.values()].some((i) => i.uuid === relatedUuid))
      return [
        400,
        {
          ok: false,
          status: 400,
          code: 'invalid_request',
          message: 'El documento relacionado no existe.',
          path: 'related_documents',
        },
      ];
    const inv: StoredInvoice = {
      id: randomBytes(12).toString('hex'),
      status: 'valid',
      cancellation_status: 'none',
      uuid: randomUUID(),
      folio_number: folio,
      series,
      total: total / 100,
      subtotal: subtotal / 100,
      created_at: now().toISOString(),
      external_id: typeof body.external_id === 'string' ? body.external_id : '',
      idempotency_key: key,
      customer: { ...customer, tax_id: rfc, address: { zip: String(customer.address.zip) } },
      items: stored,
      use: String(body.use),
      payment_form: String(body.payment_form),
      global: isGlobal ? (body.global as StoredInvoice['global']) : null,
      cancellation: null,
      livemode: live,
    };
    invoices.set(inv.id, inv);
    return [200, publicInvoice(inv)];
  }

  function cancel(inv: StoredInvoice, motive: string | null, substitution: string | null): [number, unknown] {
    if (!motive || !['01', '02', '03', '04'].includes(motive))
      return [
        400,
        {
          ok: false,
          status: 400,
          code: 'invalid_request',
          message: 'El motivo es requerido (01 a 04).',
          path: 'motive',
        },
      ];
    if (motive === '01') {
      if (!substitution)
        return [
          400,
          {
            ok: false,
            status: 400,
            code: 'substitution_invoice_required',
            message: 'El motivo 01 requiere la factura que sustituye.',
          },
        ];
      const sub = [...invoices.values()].find((i) => i.id === substitution || i.uuid === substitution);
      if (!sub)
        return [
          404,
          {
            ok: false,
            status: 404,
            code: 'substitution_invoice_not_found',
            message: 'La factura sustituta no existe.',
          },
        ];
    }
    if (inv.status === 'canceled')
      return [
        409,
        { ok: false, status: 409, code: 'invoice_not_cancelable', message: 'La factura ya está cancelada.' },
      ];
    if (inv.cancellation_status === 'pending')
      return [
        409,
        {
          ok: false,
          status: 409,
          code: 'invoice_cancellation_in_progress',
          message: 'La cancelación ya está en proceso.',
        },
      ];
    inv.cancellation = { motive, substitution };
    if (inv.total <= 1000 || inv.customer.tax_id === 'XAXX010101000') {
      inv.status = 'canceled';
      inv.cancellation_status = 'accepted';
    } else inv.cancellation_status = 'pending';
    return [200, publicInvoice(inv)];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    // The body first: a slow PAC has the request and stamps it, only late to answer (the client may be gone).
    const raw = await readBody(req);
    if (fault && faultTimes > 0) {
      faultTimes--;
      const current = fault;
      if (faultTimes === 0) fault = null;
      if (current === 'down') return req.socket.destroy();
      if (current === 'slow') await new Promise((r) => setTimeout(r, slowMs));
      if (current === 'error500')
        return send(res, 500, { ok: false, status: 500, code: 'internal_error', message: 'Error interno' });
      if (current === 'rate_limited')
        return send(
          res,
          429,
          { ok: false, status: 429, code: 'rate_limit_exceeded', message: 'Demasiadas solicitudes' },
          { 'retry-after': '1' },
        );
      if (current === 'malformed') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>Bad gateway</html>');
      }
    }
    const auth = req.headers.authorization ?? '';
    const bearer = /^Bearer (.+)$/.exec(auth)?.[1];
    const basic = /^Basic (.+)$/.exec(auth)?.[1];
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString().replace(/:$/, '') : undefined);
    if (!key)
      return send(res, 401, { ok: false, status: 401, code: 'missing_credentials', message: 'Falta la llave.' });
    if (key !== apiKey)
      return send(res, 401, { ok: false, status: 401, code: 'api_key_invalid', message: 'La llave no es válida.' });
    const live = key.startsWith('sk_live_');
    if (req.method === 'POST' && path === '/v2/invoices') {
      createCalls++;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(res, 400, { ok: false, status: 400, code: 'invalid_json', message: 'JSON inválido' });
      }
      const idem = typeof body.idempotency_key === 'string' ? body.idempotency_key : '';
      if (idem && inFlight.has(idem))
        return send(res, 409, {
          ok: false,
          status: 409,
          code: 'idempotency_key_in_use',
          message: 'La llave de idempotencia está en uso.',
        });
      if (idem) inFlight.add(idem);
      try {
        const [status, answer] = create(body, live);
        return send(res, status, answer);
      } finally {
        if (idem) inFlight.delete(idem);
      }
    }
    if (req.method === 'GET' && path === '/v2/invoices') {
      const ext = url.searchParams.get('external_id');
      const data = [...invoices.values()].filter((i) => ext === null || i.external_id === ext).map(publicInvoice);
      return send(res, 200, { page: 1, total_pages: 1, total_results: data.length, data });
    }
    const m = /^\/v2\/invoices\/([0-9a-f]{24})(?:\/(pdf|xml))?$/.exec(path);
    const inv = m ? invoices.get(m[1]!) : undefined;
    if (m && !inv)
      return send(res, 404, { ok: false, status: 404, code: 'invoice_not_found', message: 'No existe la factura.' });
    if (inv && req.method === 'GET' && m?.[2] === 'pdf') {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${inv.series}${inv.folio_number}.pdf"`,
      });
      return res.end(pdfOf(inv));
    }
    if (inv && req.method === 'GET' && m?.[2] === 'xml') {
      res.writeHead(200, {
        'content-type': 'application/xml',
        'content-disposition': `attachment; filename="${inv.series}${inv.folio_number}.xml"`,
      });
      return res.end(xmlOf(inv));
    }
    if (inv && req.method === 'GET') return send(res, 200, publicInvoice(inv));
    if (inv && req.method === 'DELETE') {
      const [status, answer] = cancel(inv, url.searchParams.get('motive'), url.searchParams.get('substitution'));
      return send(res, status, answer);
    }
    return send(res, 404, { ok: false, status: 404, code: 'not_found', message: 'Ruta no encontrada.' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        send(res, 500, { ok: false, status: 500, code: 'internal_error', message: 'Error interno' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}/v2`,
    apiKey,
    padron,
    invoices,
    get createCalls() {
      return createCalls;
    },
    setFault(next, o = {}) {
      fault = next;
      faultTimes = o.times ?? Infinity;
      if (o.slowMs !== undefined) slowMs = o.slowMs;
    },
    settleCancellation(id, outcome) {
      const inv = invoices.get(id);
      if (!inv || inv.cancellation_status !== 'pending') throw new Error(`no pending cancellation for ${id}`);
      inv.cancellation_status = outcome;
      if (outcome === 'accepted') inv.status = 'canceled';
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
