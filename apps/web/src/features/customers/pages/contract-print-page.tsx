import { fullAddress, formatMoney, idParamSchema, type Company, type Contract } from '@airlink/domain';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PrintLayout } from '../../../components/ui/print-layout';
import { ApiError } from '../../../lib/api-client';
import { useCompany } from '../../company';
import { useContract } from '../api/get-contract';
import { CONTRACT_TERMS } from '../contract-terms';
import { contractNumberLabel, longDayText } from '../customer-status';
import { dayText } from '../../../components/ui/date-text';

const T = CONTRACT_TERMS;

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="h2"
      sx={{ fontSize: '10.5pt', fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.4, mt: 2, mb: 0.75 }}
    >
      {children}
    </Typography>
  );
}

function DataTable({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        tableLayout: 'fixed',
        borderCollapse: 'collapse',
        fontSize: '9.5pt',
        '& th, & td': {
          border: '1px solid #c9ced8',
          px: 1,
          py: 0.5,
          textAlign: 'left',
          verticalAlign: 'top',
          overflowWrap: 'anywhere',
        },
        '& th': { bgcolor: '#f3f5f9', width: '32%', fontWeight: 600 },
      }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function Clause({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ mb: 1, breakInside: 'avoid', listStyle: 'none' }}>
      <Typography component="p" sx={{ fontSize: '9.5pt', textAlign: 'justify', lineHeight: 1.45 }}>
        <strong>
          {n}. {title}.
        </strong>{' '}
        {children}
      </Typography>
    </Box>
  );
}

function Signature({ role, name }: { role: string; name: string }) {
  return (
    <Box sx={{ flex: 1, textAlign: 'center', pt: 7 }}>
      <Box sx={{ borderTop: '1px solid #111', mx: 2, pt: 0.75 }}>
        <Typography sx={{ fontSize: '9.5pt', fontWeight: 700 }}>{role}</Typography>
        <Typography sx={{ fontSize: '9pt' }}>{name}</Typography>
      </Box>
    </Box>
  );
}

/** The service contract for AirLink and the customer: company, customer, plan, costs, clauses and signatures. */
export function ContractDocument({ contract: c, company: co }: { contract: Contract; company: Company }) {
  const payDay = Number(c.fechaContratacion.slice(8, 10));
  const offices = co.oficinas.map((o) => `${o.nombre} (${o.direccion})`).join('; ');
  const banks = co.cuentasBancarias.map((b) => `${b.banco}, CLABE ${b.clabe}, a nombre de ${b.titular}`).join('; ');
  const phones = co.telefonos.filter(Boolean).join(', ');
  const authorized = c.no > 0;

  return (
    <Box component="article" sx={{ fontSize: '9.5pt', '& p': { m: 0 } }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', borderBottom: '2px solid #1546a0', pb: 1.5 }}
      >
        <Box>
          {co.logo && (
            <Box
              component="img"
              src={co.logo}
              alt={`Logotipo de ${co.nombreComercial}`}
              sx={{ display: 'block', maxHeight: 48, maxWidth: 170, mb: 0.5 }}
            />
          )}
          <Typography sx={{ fontSize: '18pt', fontWeight: 800, color: '#1546a0', lineHeight: 1.1 }}>
            {co.nombreComercial}
          </Typography>
          <Typography sx={{ fontSize: '9.5pt', fontWeight: 600 }}>{co.razonSocial}</Typography>
          <Typography sx={{ fontSize: '8.5pt' }}>RFC: {co.rfc}</Typography>
          <Typography sx={{ fontSize: '8.5pt' }}>{co.direccion}</Typography>
          <Typography sx={{ fontSize: '8.5pt' }}>
            {[phones && `Tel. ${phones}`, co.whatsapp && `WhatsApp ${co.whatsapp}`].filter(Boolean).join(' · ')}
          </Typography>
          <Typography sx={{ fontSize: '8.5pt' }}>{[co.email, co.sitioWeb].filter(Boolean).join(' · ')}</Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography sx={{ fontSize: '8.5pt', color: '#555' }}>Contrato No.</Typography>
          <Typography sx={{ fontSize: '14pt', fontWeight: 800 }}>
            {authorized ? contractNumberLabel(c.no) : 'Pendiente'}
          </Typography>
          <Typography sx={{ fontSize: '8.5pt' }}>{dayText(c.fechaContratacion)}</Typography>
        </Box>
      </Stack>

      <Typography
        component="h1"
        sx={{ fontSize: '12.5pt', fontWeight: 800, textAlign: 'center', mt: 2, mb: 1.5, letterSpacing: 0.3 }}
      >
        CONTRATO DE PRESTACIÓN DEL SERVICIO DE ACCESO A INTERNET INALÁMBRICO
      </Typography>

      <Typography component="p" sx={{ fontSize: '9.5pt', textAlign: 'justify', lineHeight: 1.45 }}>
        Contrato que celebran, por una parte, <strong>{co.razonSocial}</strong> («{co.nombreComercial}»), con RFC{' '}
        {co.rfc} y domicilio en {co.direccion}, a quien en lo sucesivo se le denomina <strong>EL PROVEEDOR</strong>; y
        por la otra, <strong>{c.nombre}</strong>, con domicilio en {fullAddress(c)}, a quien en lo sucesivo se le
        denomina <strong>EL SUSCRIPTOR</strong>, al tenor de los datos y cláusulas siguientes.
      </Typography>

      <Heading>Datos del suscriptor</Heading>
      <DataTable
        rows={[
          ['Nombre', c.nombre],
          ['Domicilio', fullAddress(c)],
          ['Teléfono', c.telefono || '—'],
          ['Correo electrónico', c.email || '—'],
          ['Id del cliente', <span style={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>{c.idcliente}</span>],
          ['Número de contrato', authorized ? contractNumberLabel(c.no) : 'Pendiente de autorización'],
        ]}
      />

      <Heading>Servicio contratado</Heading>
      <DataTable
        rows={[
          ['Plan', c.tipoNombre],
          ['Mensualidad', `${formatMoney(c.monto)} MXN${c.facturar ? ` más ${T.invoiceSurchargePct}% de IVA` : ''}`],
          ['Costo de instalación', `${formatMoney(c.costoInstalacion)} MXN (pago único)`],
          ['Fecha de contratación', longDayText(c.fechaContratacion)],
          ['Fecha de pago', `Mensual, por adelantado, a más tardar el día ${payDay} de cada mes`],
          ['Factura', c.facturar ? 'Sí' : 'No'],
          ...(c.mac ? ([['Equipo (MAC)', c.mac]] as Array<[string, ReactNode]>) : []),
        ]}
      />

      <Heading>Cláusulas</Heading>
      <Box component="ol" sx={{ p: 0, m: 0 }}>
        <Clause n={1} title="Objeto">
          EL PROVEEDOR se obliga a prestar a EL SUSCRIPTOR el servicio de acceso a internet inalámbrico del plan
          indicado, en el domicilio señalado, de forma continua las 24 horas del día, salvo mantenimiento programado,
          fallas de energía o causas de fuerza mayor.
        </Clause>
        <Clause n={2} title="Precio y forma de pago">
          EL SUSCRIPTOR pagará la mensualidad de {formatMoney(c.monto)} por mes adelantado, a más tardar el día {payDay}{' '}
          de cada mes (o el último día del mes cuando este sea más corto)
          {offices ? `, en las oficinas de EL PROVEEDOR: ${offices}` : ', en las oficinas de EL PROVEEDOR'}
          {banks ? `, o por depósito o transferencia a: ${banks}` : ''}. Cada pago cubre meses completos y se acredita
          con el recibo correspondiente.
        </Clause>
        <Clause n={3} title="Instalación">
          EL SUSCRIPTOR cubrirá por única vez un costo de instalación de {formatMoney(c.costoInstalacion)}, que incluye
          la colocación de la antena y su configuración en el domicilio señalado.
        </Clause>
        <Clause n={4} title="Periodo de gracia, suspensión y reconexión">
          EL SUSCRIPTOR cuenta con un periodo de gracia de {T.graceBusinessDays} días hábiles posteriores a la fecha de
          pago. Concluido ese periodo sin pago, EL PROVEEDOR podrá suspender el servicio sin necesidad de aviso previo.
          Para reconectarlo, EL SUSCRIPTOR pagará el adeudo más un cargo de reconexión de{' '}
          {formatMoney(T.reconnectionFee)}.
        </Clause>
        <Clause n={5} title="Facturación">
          Cuando EL SUSCRIPTOR solicite factura, los montos se incrementarán con el {T.invoiceSurchargePct}% del
          Impuesto al Valor Agregado, redondeados a pesos. El cargo de reconexión se suma antes del impuesto.
        </Clause>
        <Clause n={6} title="Atención de fallas">
          EL SUSCRIPTOR podrá reportar fallas {phones ? `a los teléfonos ${phones}` : 'por teléfono'}
          {co.whatsapp ? `, por WhatsApp al ${co.whatsapp}` : ''} o en las oficinas
          {co.horario ? `, en horario de ${co.horario}` : ''}. EL PROVEEDOR atenderá cada reporte en un tiempo de
          respuesta de hasta {T.faultResponseHours} horas.
        </Clause>
        <Clause n={7} title="Plazo mínimo">
          El presente contrato tiene un plazo mínimo forzoso de seis ({T.minimumTermMonths}) meses contados a partir de
          la fecha de contratación. Concluido ese plazo, continuará por tiempo indefinido mientras ninguna de las partes
          lo dé por terminado.
        </Clause>
        <Clause n={8} title="Equipo en comodato">
          La antena, el radio y demás equipo instalado son propiedad de EL PROVEEDOR y se entregan a EL SUSCRIPTOR en
          comodato. EL SUSCRIPTOR se obliga a cuidarlos, a no abrirlos, moverlos ni cederlos a terceros, y a devolverlos
          en buen estado al terminar el contrato; su pérdida o daño por mal uso le será cobrado.
        </Clause>
        <Clause n={9} title="Cancelación">
          EL SUSCRIPTOR podrá cancelar el contrato en cualquier momento acudiendo a las oficinas de EL PROVEEDOR,
          siempre que haya cubierto el plazo mínimo, no tenga adeudos y devuelva el equipo en comodato. EL PROVEEDOR
          podrá rescindir el contrato por falta de pago o por uso ilícito del servicio.
        </Clause>
        <Clause n={10} title="Uso del servicio">
          El servicio es para uso en el domicilio contratado. EL SUSCRIPTOR no podrá revenderlo ni compartirlo fuera de
          dicho domicilio, y responde del uso que se haga de su conexión.
        </Clause>
        <Clause n={11} title="Protección de datos personales">
          EL PROVEEDOR tratará los datos personales de EL SUSCRIPTOR únicamente para prestar el servicio, cobrarlo,
          facturarlo y atender sus reportes, conforme a la Ley Federal de Protección de Datos Personales en Posesión de
          los Particulares. EL SUSCRIPTOR puede ejercer sus derechos de acceso, rectificación, cancelación y oposición
          (ARCO){co.email ? ` escribiendo a ${co.email}` : ' en las oficinas de EL PROVEEDOR'}.
        </Clause>
        <Clause n={12} title="Jurisdicción">
          Para la interpretación y cumplimiento de este contrato, las partes se someten a la Procuraduría Federal del
          Consumidor en la vía administrativa y a los tribunales competentes del estado de Hidalgo.
        </Clause>
      </Box>

      <Typography component="p" sx={{ mt: 2, fontSize: '9.5pt', textAlign: 'justify', breakInside: 'avoid' }}>
        Leído el presente contrato y enteradas las partes de su contenido y alcance, lo firman en {c.comunidad},{' '}
        {c.estado}, el {longDayText(c.fechaContratacion)}.
      </Typography>
      <Stack direction="row" spacing={4} sx={{ mt: 2, breakInside: 'avoid' }}>
        <Signature role="EL PROVEEDOR" name={co.razonSocial} />
        <Signature role="EL SUSCRIPTOR" name={c.nombre} />
      </Stack>
    </Box>
  );
}

/** /print/contract/:id (level 16): the contract ready to print, opened in a new tab from the customer panel. */
export function ContractPrintPage() {
  const { id: raw = '' } = useParams();
  const parsed = idParamSchema.safeParse(raw);
  const id = parsed.success ? parsed.data : null;
  const contract = useContract(id);
  const company = useCompany();

  let body: ReactNode;
  let title = 'Contrato';
  if (id === null) {
    body = <ErrorState message={`«${raw}» no es un número de contrato válido.`} />;
  } else if (contract.isError || company.isError) {
    const error = contract.error ?? company.error;
    const notFound = contract.error instanceof ApiError && contract.error.status === 404;
    body = (
      <ErrorState
        message={
          notFound
            ? `No encontramos el contrato ${id}.`
            : error?.message || 'No se pudo cargar el contrato. Intenta de nuevo.'
        }
        onRetry={
          notFound
            ? undefined
            : () => {
                void contract.refetch();
                void company.refetch();
              }
        }
      />
    );
  } else if (contract.isPending || company.isPending) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }} role="status">
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">Cargando contrato…</Typography>
      </Stack>
    );
  } else {
    title = `Contrato de ${contract.data.nombre}`;
    body = <ContractDocument contract={contract.data} company={company.data} />;
  }

  const ready = contract.isSuccess && company.isSuccess;
  return (
    <PrintLayout title={title} printable={ready}>
      <title>{`${title} · AirLink`}</title>
      {body}
    </PrintLayout>
  );
}
