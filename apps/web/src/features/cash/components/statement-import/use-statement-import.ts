import { useMemo, useRef, useState } from 'react';
import type { StatementPreview } from '@airlink/domain';
import { useSnackbar } from '../../../../lib/toast';
import { ApiError } from '../../../../lib/api-client';
import { useAccounts } from '../../../../lib/reference-data';
import { useImportStatement } from '../../api/import-statement';
import { usePreviewStatement } from '../../api/preview-statement';
import { readStatementFile } from '../../statement-file';
import type { RowStatus } from '../statement-rows';
import {
  completeMapping,
  EMPTY_MAPPING,
  failMessage,
  outcomeText,
  type DraftMapping,
  type ImportOutcome,
  type LoadedFile,
} from './statement-import-texts';

/**
 * The statement import's state and steps: the bank account, the file read in the browser, its columns
 * and the mapping (each change asks for a new preview), the status filter, and the import itself.
 */
export function useStatementImport() {
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
    setFile({ name: picked.name, size: picked.size, csv: read.csv });
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
  // The full preview once the required columns are chosen; until then the first rows of the analysis.
  const data = complete ? preview.data : undefined;
  const shown = data ?? (!complete ? analyze.data : undefined);
  const rows = useMemo(
    () => (shown ? (statusFilter ? shown.filas.filter((r) => r.estado === statusFilter) : shown.filas) : []),
    [shown, statusFilter],
  );
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

  return {
    accounts,
    banks,
    idCuenta,
    accountName: banks.find((b) => b.id === idCuenta)?.nombre ?? '',
    file,
    fileError,
    inputRef,
    columns,
    mapping,
    statusFilter,
    setStatusFilter,
    outcome,
    importErrors,
    analyzing: analyze.isPending,
    preview,
    importing: doImport.isPending,
    data,
    shown,
    rows,
    canImport,
    onFile,
    changeMapping,
    changeAccount,
    startOver,
    runImport,
  };
}

export type StatementImportState = ReturnType<typeof useStatementImport>;
