import type { DailyReport } from '@airlink/domain';
import { Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DateText, dayText } from '../../../components/ui/date-text';
import { Money } from '../../../components/ui/money';

function Section({ title, children, label }: { title: string; children: ReactNode; label?: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      component="section"
      aria-label={label ?? title}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        <Money value={value} />
      </Typography>
    </Paper>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/** The sections of a day's report: income, cash closes, cuts and reconnections, network down. */
export function ReportSections({ report }: { report: DailyReport }) {
  const accounts = report.ingresos.porCuenta.filter((a) => a.cantidadPagos > 0 || a.monto !== 0);
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Tile label={`Ingresos (${report.ingresos.cantidadPagos} pagos)`} value={report.ingresos.total} />
        <Tile label="Efectivo Tizayuca" value={report.ingresos.tizayuca} />
        <Tile label="Efectivo Pachuca" value={report.ingresos.pachuca} />
        <Tile label="Bancos" value={report.ingresos.banco} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Section title="Ingresos por cuenta">
          {accounts.length === 0 ? (
            <Empty text="Sin pagos este día." />
          ) : (
            <Table size="small" aria-label="Ingresos por cuenta">
              <TableHead>
                <TableRow>
                  <TableCell>Cuenta</TableCell>
                  <TableCell align="right">Pagos</TableCell>
                  <TableCell align="right">Monto</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {accounts.map((a) => (
                  <TableRow key={a.cuenta}>
                    <TableCell>{a.cuenta}</TableCell>
                    <TableCell align="right">{a.cantidadPagos}</TableCell>
                    <TableCell align="right">
                      <Money value={a.monto} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title="Cortes de caja">
          {report.cortesCaja.length === 0 ? (
            <Empty text="Ninguna caja cerrada este día." />
          ) : (
            <Table size="small" aria-label="Cortes de caja">
              <TableHead>
                <TableRow>
                  <TableCell>Oficina</TableCell>
                  <TableCell align="right">Contado</TableCell>
                  <TableCell align="right">Diferencia</TableCell>
                  <TableCell>Cerró</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.cortesCaja.map((c) => (
                  <TableRow key={c.cuenta}>
                    <TableCell>{c.cuenta}</TableCell>
                    <TableCell align="right">
                      <Money value={c.contado} />
                    </TableCell>
                    <TableCell align="right" sx={{ color: c.diferencia === 0 ? undefined : 'error.main' }}>
                      <Money value={c.diferencia} />
                    </TableCell>
                    <TableCell>
                      {c.cerradoPor ?? '—'} · <DateText value={c.cerradoEn} withTime />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section
          title={`Cortes (${report.cortes.length}) y reconexiones (${report.reconexiones.length})`}
          label="Cortes y reconexiones"
        >
          {report.cortes.length + report.reconexiones.length === 0 ? (
            <Empty text="Sin cortes ni reconexiones este día." />
          ) : (
            <Stack spacing={1}>
              {report.cortes.map((c, i) => (
                <NameRow
                  key={`c${i}`}
                  chip={<Chip size="small" color="error" label="Corte" />}
                  name={c.nombre}
                  at={c.hora}
                />
              ))}
              {report.reconexiones.map((c, i) => (
                <NameRow
                  key={`r${i}`}
                  chip={<Chip size="small" color="success" label={c.porPago ? 'Reconexión por pago' : 'Reconexión'} />}
                  name={c.nombre}
                  at={c.hora}
                />
              ))}
            </Stack>
          )}
          {report.deshechas.length > 0 && (
            <Stack spacing={1} sx={{ mt: 2 }} aria-label="Cortes programados deshechos">
              <Typography variant="subtitle2">Cortes programados deshechos (no cuentan como reconexiones)</Typography>
              {report.deshechas.map((d) => (
                <NameRow
                  key={d.idEjecucion}
                  chip={<Chip size="small" label="Deshecho" />}
                  name={`Ejecución del ${dayText(d.fecha)}`}
                  detail={`${d.reconectados} ${d.reconectados === 1 ? 'reconectado' : 'reconectados'}`}
                  at={d.hora}
                />
              ))}
            </Stack>
          )}
        </Section>
        <Section
          title={`Red: ${report.radiosCaidos.length} radios y ${report.routersCaidos.length} routers caídos`}
          label="Red"
        >
          {report.radiosCaidos.length + report.routersCaidos.length === 0 ? (
            <Empty text="Todos los radios y routers respondieron en su última lectura." />
          ) : (
            <Stack spacing={1}>
              {report.routersCaidos.map((r) => (
                <NameRow
                  key={`ro${r.id}`}
                  chip={<Chip size="small" color="warning" label="Router" />}
                  name={r.nombre}
                  detail={r.error}
                  at={r.ultimaVez}
                />
              ))}
              {report.radiosCaidos.map((r) => (
                <NameRow
                  key={`ra${r.id}`}
                  chip={<Chip size="small" label="Radio" />}
                  name={`${r.nombre} (${r.ip || 'sin IP'})`}
                  detail={r.error}
                  at={r.ultimaVez}
                />
              ))}
            </Stack>
          )}
        </Section>
      </Box>
    </Stack>
  );
}

function NameRow({ chip, name, detail, at }: { chip: ReactNode; name: string; detail?: string; at: string | null }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
      {chip}
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {at ? <DateText value={at} withTime /> : 'nunca respondió'}
      </Typography>
    </Box>
  );
}
