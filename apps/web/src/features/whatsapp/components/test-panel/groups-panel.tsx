import type { WhatsAppGroup, WhatsAppLeaveAll } from '@airlink/domain';
import { Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useFetchGroups, useLeaveAllGroups } from '../../api/groups';
import { CreateGroupDialog } from '../create-group-dialog';
import { GroupList } from '../group-list';
import { errorText, type ReportResult } from './test-result';

/**
 * The test panel's 'Grupos': 'Obtener Grupos', 'Crear Grupo', 'Eliminar Todos' (after a confirmation, with one
 * line per group), and the list where a click chooses the group 'Enviar a Grupo' sends to.
 */
export function GroupsPanel({
  instance,
  selected,
  onSelect,
  report,
}: {
  instance: string;
  selected: WhatsAppGroup | null;
  onSelect: (group: WhatsAppGroup | null) => void;
  report: ReportResult;
}) {
  const fetchGroups = useFetchGroups();
  const leaveAll = useLeaveAllGroups();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const groups = fetchGroups.data;

  const loadGroups = async (announce = true) => {
    try {
      const list = await fetchGroups.mutateAsync(instance);
      if (selected && !list.some((g) => g.id === selected.id)) onSelect(null);
      if (announce)
        report({
          severity: 'success',
          text: list.length === 1 ? 'Se encontró 1 grupo' : `Se encontraron ${list.length} grupos`,
        });
    } catch (e) {
      report({ severity: 'error', text: `Error al obtener los grupos: ${errorText(e)}` });
    }
  };

  const askDeleteAll = () => {
    if (!groups?.length) {
      report({ severity: 'error', text: 'No hay grupos para eliminar' });
      return;
    }
    setConfirming(true);
  };

  const deleteAll = async () => {
    let r: WhatsAppLeaveAll;
    try {
      r = await leaveAll.mutateAsync(instance);
    } catch (e) {
      setConfirming(false);
      report({ severity: 'error', text: `Error al eliminar el grupo: ${errorText(e)}` });
      return;
    }
    setConfirming(false);
    const errors = r.total - r.left;
    report({
      severity: errors ? 'warning' : 'success',
      text: `Eliminación completada: ${r.left} grupos eliminados, ${errors} errores`,
      details: r.results.map((g) => ({
        ok: g.ok,
        text: `${g.subject || g.groupJid}: ${g.ok ? 'eliminado' : `Error al eliminar el grupo: ${g.message}`}`,
      })),
    });
    onSelect(null);
    await loadGroups(false);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Grupos
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Button
          variant="outlined"
          onClick={() => void loadGroups()}
          disabled={fetchGroups.isPending}
          startIcon={fetchGroups.isPending ? <CircularProgress size={16} /> : undefined}
        >
          Obtener Grupos
        </Button>
        <Button variant="outlined" onClick={() => setCreating(true)}>
          Crear Grupo
        </Button>
        <Button variant="outlined" color="error" onClick={askDeleteAll}>
          Eliminar Todos
        </Button>
      </Stack>
      <GroupList
        groups={groups}
        selectedId={selected?.id ?? null}
        onSelect={(id) => onSelect(groups?.find((g) => g.id === id) ?? null)}
      />
      {creating && (
        <CreateGroupDialog
          instance={instance}
          onClose={() => setCreating(false)}
          onCreated={(g) => {
            setCreating(false);
            report({ severity: 'success', text: `Grupo "${g.subject}" creado exitosamente` });
            void loadGroups(false);
          }}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Eliminar todos los grupos"
        message={`¿Estás seguro de que quieres eliminar TODOS los ${groups?.length ?? 0} grupos? Esta acción no se puede deshacer.`}
        confirmText="Eliminar Todos"
        destructive
        loading={leaveAll.isPending}
        onConfirm={() => void deleteAll()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
