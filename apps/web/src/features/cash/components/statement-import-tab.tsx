import { useMemo, useRef, useState } from 'react';
import type { StatementImport, StatementPreview } from '@airlink/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { ApiError } from '../../../lib/api-client';
import { useImportStatement } from '../api/import-statement';
import { useAccounts } from '../../../lib/reference-data';
import { usePreviewStatement } from '../api/preview-statement';
import { readStatementFile } from '../statement-file';
import { ROW_STATUS, StatementRows, type RowStatus } from './statement-rows';

type Mapping = NonNullable<StatementImport['mapping']>;
interface DraftMapping {
  fecha: string;
  monto: string;
  referencia: string;
  descripcion: string;
}

const EMPTY_MAPPING: DraftMapping = { fecha: '', monto: '', referencia: '', descripcion: '' };
const NONE = '__none__';
const PLURAL: Record<RowStatus, string> = {
  nuevo: 'Nuevos',
  duplicado: 'Duplicados',
  omitido: 'Omitidos',
  error: 'Errores',
};

const MAPPING_FIELDS: ReadonlyArray<{ key: keyof DraftMapping; label: string; required: boolean }> = [
  { key: 'fecha', label: 'Fecha', required: true },
  { key: 'monto', label: 'Monto (depósito)', required: true },
  { key: 'referencia', label: 'Referencia', required: true },
  { key: 'descripcion', label: 'Descripción', required: false },
];

/** The mapping to send, or null while a required column is not chosen. */
export function completeMapping(m: DraftMapping): Mapping | null {
  if (!m.fecha || !m.monto || !m.referencia) return null;
  return { fecha: m.fecha, monto: m.monto, referencia: m.referencia, descripcion: m.descripcion || null };
}

const movements = (n: number) => `${n} ${n === 1 ? 'movimiento' : 'movimientos'}`;
const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** 'Se importaron 2 movimientos; 1 ya existía' (and the rows left out, when any). */
export function outcomeText({ importados, duplicados, omitidos }: ImportOutcome): string {
  const verb = importados === 1 ? 'Se importó' : 'Se importaron';
  const existed = `${duplicados} ${duplicados === 1 ? 'ya existía' : 'ya existían'}`;
  const skipped = omitidos > 0 ? ` y ${omitidos} ${omitidos === 1 ? 'se omitió' : 'se omitieron'} (sin depósito)` : '';
  return `${verb} ${movements(importados)}; ${existed}${skipped}.`;
}

interface LoadedFile {
  name: string;
  size: number;
  csv: string;
}

interface ImportOutcome {
  importados: number;
  duplicados: number;
  omitidos: number;
}

/**
 * 'Importar estado de cuenta': a bank account and a CSV file (read in the browser, at most 2 MB) → a preview
 * with the columns and a suggested mapping → the person maps fecha / monto / referencia / descripción and sees
 * every row's status → 'Importar N movimientos' (only without error rows) → the result. A re-import adds
 * nothing twice.
 */
export function StatementImportTab() {
  const { enqueueSnackbar } = useSnackbar();
  const accounts = useAccounts();
  const banks = useMemo(() => (accounts.data ?? []).filter((a) => a.grupo === 'banco' && a.activo), [accounts.data]);
  const [chosenAccount, setChosenAccount] = useState<number | null>(null);
  const idCuenta = chosenAccount ?? banks[0]?.id ?? null;
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<DraftMapping>(EMPTY_MAPPING);
  const [statusFilter, setStatusFilter] = useState<RowStatus | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [importErrors, setImportErrors] = useState<Array<[string, string[]]> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const analyze = usePreviewStatement();
  const preview = usePreviewStatement();
  const doImport = useImportStatement();

  const failMessage = (error: unknown) =>
    error instanceof ApiError && error.status === 0
      ? 'Error de conexión: no se pudo llegar al servidor. Intenta de nuevo.'
      : error instanceof Error
        ? error.message
        : 'No se pudo leer el estado de cuenta.';

  const runPreview = (csv: string, account: number, m: DraftMapping) => {
    const complete = completeMapping(m);
    setImportErrors(null);
    if (!complete) {
      preview.reset();
      return;
    }
    preview.mutate({ idCuenta: account, csv, mapping: complete });
  };

  const onFile = async (picked: File | undefined) => {
    setFileError(null);
    setOutcome(null);
    setImportErrors(null);
    setStatusFilter(null);
    preview.reset();
    analyze.reset();
    if (!picked) return;
    if (idCuenta === null) {
      setFileError('Elige primero la cuenta bancaria.');
      return;
    }
    const read = await readStatementFile(picked);
    if (!read.ok) {
      setFile(null);
      setFileError(read.error);
      return;
    }
    const loaded = { name: picked.name, size: picked.size, csv: read.csv };
    setFile(loaded);
    try {
      const result: StatementPreview = await analyze.mutateAsync({ idCuenta, csv: read.csv });
      setColumns(result.columnas);
      const suggested: DraftMapping = {
        fecha: result.mapeoSugerido.fecha ?? '',
        monto: result.mapeoSugerido.monto ?? '',
        referencia: result.mapeoSugerido.referencia ?? '',
        descripcion: result.mapeoSugerido.descripcion ?? '',
      };
      setMapping(suggested);
      runPreview(read.csv, idCuenta, suggested);
    } catch (error) {
      setColumns([]);
      setMapping(EMPTY_MAPPING);
      setFileError(failMessage(error));
    }
  };

  const changeMapping = (key: keyof DraftMapping, value: string) => {
    const next = { ...mapping, [key]: value };
    setMapping(next);
    if (file && idCuenta !== null) runPreview(file.csv, idCuenta, next);
  };

  const changeAccount = (id: number) => {
    setChosenAccount(id);
    setOutcome(null);
    if (file) runPreview(file.csv, id, mapping);
  };

  const startOver = () => {
    setFile(null);
    setColumns([]);
    setMapping(EMPTY_MAPPING);
    setOutcome(null);
    setImportErrors(null);
    setFileError(null);
    setStatusFilter(null);
    analyze.reset();
    preview.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  const complete = completeMapping(mapping);
  const data = complete ? preview.data : undefined;
  const sample = !complete ? analyze.data : undefined;
  const shown = data ?? sample;
  const rows = useMemo(
    () => (shown ? (statusFilter ? shown.filas.filter((r) => r.estado === statusFilter) : shown.filas) : []),
    [shown, statusFilter],
  );
  const errorRows = data ? data.filas.filter((r) => r.estado === 'error') : [];
  const canImport =
    Boolean(file && complete && data && idCuenta !== null) &&
    data!.errores === 0 &&
    data!.nuevos > 0 &&
    !preview.isPending &&
    !doImport.isPending &&
    !outcome;

  const runImport = async () => {
    if (!file || !complete || idCuenta === null) return;
    setImportErrors(null);
    try {
      const result = await doImport.mutateAsync({ idCuenta, csv: file.csv, mapping: complete });
      setOutcome(result);
      enqueueSnackbar(outcomeText(result), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details && Object.keys(error.details).length > 0) {
        setImportErrors(Object.entries(error.details));
      } else {
        enqueueSnackbar(failMessage(error), { variant: 'error' });
      }
    }
  };

  const accountName = banks.find((b) => b.id === idCuenta)?.nombre ?? '';

  return (
    <Stack spacing={2.5}>
      <Card component="section" aria-label="Archivo del estado de cuenta">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
            1. Cuenta y archivo
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Descarga el estado de cuenta del banco en CSV (máximo 2 MB). Solo se importan los depósitos; los que ya se
            importaron antes no se repiten.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              select
              size="small"
              label="Cuenta bancaria"
              value={idCuenta ?? ''}
              onChange={(e) => changeAccount(Number(e.target.value))}
              disabled={accounts.isPending || doImport.isPending}
              error={accounts.isError}
              helperText={accounts.isError ? 'No se pudieron cargar las cuentas' : undefined}
              sx={{ minWidth: 220 }}
            >
              {banks.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.nombre}
                </MenuItem>
              ))}
            </TextField>
            <Button
              component="label"
              variant={file ? 'outlined' : 'contained'}
              startIcon={
                analyze.isPending ? (
                  <CircularProgress size={16} color="inherit" aria-hidden />
                ) : (
                  <CloudUploadOutlinedIcon />
                )
              }
              disabled={analyze.isPending || idCuenta === null}
            >
              {file ? 'Elegir otro archivo' : 'Elegir archivo CSV'}
              <input
                ref={inputRef}
                hidden
                type="file"
                accept=".csv,text/csv,text/plain"
                aria-label="Archivo CSV del estado de cuenta"
                onChange={(e) => void onFile(e.target.files?.[0])}
              />
            </Button>
            {file && (
              <Chip
                icon={<DescriptionOutlinedIcon />}
                label={`${file.name} · ${sizeText(file.size)}`}
                onDelete={startOver}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, maxWidth: '100%' }}
              />
            )}
          </Stack>
          {fileError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {fileError}
            </Alert>
          )}
        </CardContent>
      </Card>

      {file && columns.length > 0 && (
        <Card component="section" aria-label="Columnas">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
              2. Columnas
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Indica qué columna del archivo tiene cada dato. Se propuso un mapeo a partir de los encabezados.
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
              }}
            >
              {MAPPING_FIELDS.map((f) => (
                <TextField
                  key={f.key}
                  select
                  size="small"
                  label={f.label}
                  required={f.required}
                  value={mapping[f.key] || (f.required ? '' : NONE)}
                  onChange={(e) => changeMapping(f.key, e.target.value === NONE ? '' : e.target.value)}
                  error={f.required && !mapping[f.key]}
                  helperText={f.required && !mapping[f.key] ? 'Elige la columna' : ' '}
                  disabled={doImport.isPending}
                >
                  {!f.required && <MenuItem value={NONE}>— Ninguna —</MenuItem>}
                  {columns.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
          </CardContent>
        </Card>
      )}

      {file && shown && (
        <Card component="section" aria-label="Vista previa">
          {preview.isPending && <LinearProgress aria-label="Actualizando vista previa" />}
          <CardContent>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
            >
              <Box>
                <Typography variant="h6" component="h2">
                  3. Vista previa
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {data
                    ? `${movements(data.filas.length)} en el archivo, para ${accountName}.`
                    : 'Primeras filas con el mapeo sugerido. Elige las columnas obligatorias para ver todas.'}
                </Typography>
              </Box>
              {data && (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Filtrar por estado">
                  {(
                    [
                      ['nuevo', data.nuevos],
                      ['duplicado', data.duplicados],
                      ['omitido', data.omitidos],
                      ['error', data.errores],
                    ] as const
                  ).map(([status, n]) => {
                    const active = statusFilter === status;
                    return (
                      <Chip
                        key={status}
                        label={`${PLURAL[status]}: ${n}`}
                        color={ROW_STATUS[status].color}
                        variant={active ? 'filled' : 'outlined'}
                        onClick={() => setStatusFilter(active ? null : status)}
                        aria-pressed={active}
                      />
                    );
                  })}
                </Stack>
              )}
            </Stack>

            {preview.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {failMessage(preview.error)}
              </Alert>
            )}
            {errorRows.length > 0 && (
              <Alert severity="error" sx={{ mb: 2 }}>
                <AlertTitle>
                  {errorRows.length === 1 ? 'Hay 1 fila con errores' : `Hay ${errorRows.length} filas con errores`}
                </AlertTitle>
                Corrige el archivo o el mapeo de columnas: no se importa nada mientras haya errores.
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                  {errorRows.slice(0, 8).map((r) => (
                    <li key={r.fila}>
                      Fila {r.fila}: {r.mensajes.join(' · ')}
                    </li>
                  ))}
                  {errorRows.length > 8 && <li>… y {errorRows.length - 8} más (fíltralas con el botón Errores).</li>}
                </Box>
              </Alert>
            )}
            {importErrors && (
              <Alert severity="error" sx={{ mb: 2 }}>
                <AlertTitle>No se importó nada: revisa estas filas</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Errores de la importación">
                  {importErrors.map(([row, messages]) => (
                    <li key={row}>
                      {row.charAt(0).toUpperCase() + row.slice(1)}: {messages.join(' · ')}
                    </li>
                  ))}
                </Box>
              </Alert>
            )}

            <StatementRows rows={rows} loading={preview.isPending} />

            {outcome ? (
              <Alert
                severity="success"
                icon={<CheckCircleOutlineIcon />}
                sx={{ mt: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={startOver}>
                    Importar otro archivo
                  </Button>
                }
              >
                <AlertTitle>Importación terminada</AlertTitle>
                {outcomeText(outcome)}
              </Alert>
            ) : (
              data && (
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ mt: 2, justifyContent: 'flex-end', alignItems: { sm: 'center' } }}
                >
                  {data.errores === 0 && data.nuevos === 0 && (
                    <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                      No hay movimientos nuevos: todo lo del archivo ya estaba importado o no es un depósito.
                    </Typography>
                  )}
                  <Button
                    variant="contained"
                    onClick={() => void runImport()}
                    disabled={!canImport}
                    startIcon={
                      doImport.isPending ? (
                        <CircularProgress size={16} color="inherit" aria-hidden />
                      ) : (
                        <FileUploadOutlinedIcon />
                      )
                    }
                  >
                    Importar {movements(data.nuevos)}
                  </Button>
                </Stack>
              )
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
