import { SEARCH_LIST_MAX_HEIGHT_PX, SEARCH_RESULTS_LIMIT, type CustomerSearchResult } from '@airlink/domain';
import { Box, Chip, Paper, Typography } from '@mui/material';
import { useLayoutEffect, useState } from 'react';

function ResultHint({ result }: { result: CustomerSearchResult }) {
  if (!result.activo) return <Chip size="small" label="Cancelado" sx={{ height: 20 }} />;
  if (result.cortado) return <Chip size="small" color="error" label="Suspendido" sx={{ height: 20 }} />;
  return null;
}

/** Where the list goes: under the box, its right edges lined up, 8 px inside the window on either side. */
export function placeUnder(box: DOMRect, windowWidth: number): { top: number; left: number; width: number } {
  const width = Math.min(460, windowWidth - 16);
  return { top: box.bottom + 6, left: Math.max(8, Math.min(box.right - width, windowWidth - 8 - width)), width };
}

export interface CustomerSearchResultsProps {
  open: boolean;
  anchor: HTMLElement | null;
  listId: string;
  /** Shown instead of the list when there is nothing to list ('Buscando…', 'Sin resultados', an error). */
  status: string | null;
  results: CustomerSearchResult[];
  active: number;
  onActive: (index: number) => void;
  onSelect: (result: CustomerSearchResult) => void;
}

/** The navbar search's list of customers (customer-search-box.tsx holds the keyboard and the query). */
export function CustomerSearchResults({
  open,
  anchor,
  listId,
  status,
  results,
  active,
  onActive,
  onSelect,
}: CustomerSearchResultsProps) {
  const [place, setPlace] = useState<ReturnType<typeof placeUnder> | null>(null);
  useLayoutEffect(() => {
    if (!open || !anchor) return;
    const update = () => setPlace(placeUnder(anchor.getBoundingClientRect(), document.documentElement.clientWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [open, anchor]);
  if (!open || !anchor || !place) return null;
  return (
    <Paper
      elevation={8}
      sx={{
        position: 'fixed',
        top: place.top,
        left: place.left,
        width: place.width,
        overflow: 'hidden',
        zIndex: 'modal',
      }}
    >
      {status ? (
        <Typography role="status" sx={{ px: 2, py: 1.5 }} color="text.secondary">
          {status}
        </Typography>
      ) : (
        <>
          <Box
            component="ul"
            role="listbox"
            id={listId}
            aria-label="Clientes encontrados"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0.5,
              maxHeight: `min(${SEARCH_LIST_MAX_HEIGHT_PX}px, calc(100dvh - 96px))`,
              overflowY: 'auto',
            }}
          >
            {results.map((r, i) => (
              <Box
                component="li"
                role="option"
                key={r.id}
                id={`${listId}-option-${i}`}
                aria-selected={i === active}
                // Keep the focus in the box: the click below chooses the row.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => onActive(i)}
                onClick={() => onSelect(r)}
                sx={{
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  cursor: 'pointer',
                  bgcolor: i === active ? 'action.selected' : undefined,
                  opacity: r.activo ? 1 : 0.75,
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" noWrap sx={{ fontWeight: 700, flex: '0 1 auto', minWidth: 0 }}>
                    {r.nombre}
                  </Typography>
                  <ResultHint result={r} />
                </Box>
                <Typography
                  variant="caption"
                  component="p"
                  color="primary"
                  noWrap
                  sx={{ fontFamily: 'monospace', whiteSpace: 'pre' }}
                >
                  {r.idcliente}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {[r.direccion, r.comunidad].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
            ))}
          </Box>
          {results.length >= SEARCH_RESULTS_LIMIT && (
            <Typography
              variant="caption"
              component="p"
              color="text.secondary"
              sx={{ px: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }}
            >
              Se muestran los {SEARCH_RESULTS_LIMIT} más parecidos; escribe más para afinar.
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
