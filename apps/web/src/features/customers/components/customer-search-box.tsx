import { SEARCH_LIST_MAX_HEIGHT_PX, SEARCH_RESULTS_LIMIT, type CustomerSearchResult } from '@airlink/domain';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Chip, CircularProgress, InputAdornment, Paper, Popper, TextField, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCustomerSearch } from '../api/search-customers';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export const customerPanelPath = (id: number) => `/dashboard/profile?id=${id}`;

function ResultHint({ result }: { result: CustomerSearchResult }) {
  if (!result.activo) return <Chip size="small" label="Cancelado" sx={{ height: 20 }} />;
  if (result.cortado) return <Chip size="small" color="error" label="Suspendido" sx={{ height: 20 }} />;
  return null;
}

/**
 * The navbar customer search (spec 000 section 2): a combobox over GET /api/customer/search. The list
 * is at most 500 px high; ↓/↑ move and wrap around, Enter opens the highlighted customer (the first
 * when none is highlighted), Escape closes the list (and clears the box when it is already closed).
 */
export function CustomerSearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const query = useDebouncedValue(text.trim());
  const search = useCustomerSearch(query);
  const results = query && text.trim() ? (search.data ?? []) : [];

  // New results: nothing highlighted until the user moves.
  const [shown, setShown] = useState(search.data);
  if (search.data !== shown) {
    setShown(search.data);
    setActive(-1);
  }

  const listOpen = open && text.trim() !== '';
  const typing = text.trim() !== query;
  const waiting = typing || (search.isFetching && !search.isPlaceholderData) || search.isPending;

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const select = (r: CustomerSearchResult) => {
    setText('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(customerPanelPath(r.id));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = results.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (n > 0) setActive((a) => (a + 1) % n);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (n > 0) setActive((a) => (a <= 0 ? n - 1 : a - 1));
        break;
      case 'Enter':
        if (listOpen && n > 0 && !typing) {
          e.preventDefault();
          select(results[active >= 0 && active < n ? active : 0]!);
        }
        break;
      case 'Escape':
        e.preventDefault();
        if (listOpen) {
          setOpen(false);
          setActive(-1);
        } else {
          setText('');
        }
        break;
    }
  };

  let status: string | null = null;
  if (results.length === 0) {
    if (search.isError && !typing) status = 'No se pudo buscar. Revisa tu conexión e intenta de nuevo.';
    else if (waiting) status = 'Buscando…';
    else status = 'Sin resultados';
  }

  return (
    <>
      <TextField
        ref={setAnchor}
        inputRef={inputRef}
        size="small"
        type="search"
        placeholder="Buscar cliente…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        slotProps={{
          htmlInput: {
            'aria-label': 'Buscar cliente',
            autoComplete: 'off',
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': listOpen,
            'aria-controls': listOpen ? listId : undefined,
            'aria-activedescendant': listOpen && active >= 0 && active < results.length ? optionId(active) : undefined,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment:
              waiting && text.trim() ? (
                <InputAdornment position="end">
                  <CircularProgress size={14} aria-hidden />
                </InputAdornment>
              ) : undefined,
          },
        }}
        sx={{
          flex: { xs: '1 1 auto', sm: '0 1 auto' },
          width: { xs: 'auto', sm: 220, md: 260 },
          minWidth: 0,
          '& .MuiOutlinedInput-root': { pl: { xs: 1, sm: 1.75 }, bgcolor: 'background.default' },
          '& .MuiOutlinedInput-input': { pr: { xs: 1, sm: 1.75 } },
          '& .MuiInputAdornment-root': { mr: { xs: 0.25, sm: 1 } },
        }}
      />
      <Popper
        open={listOpen && anchor !== null}
        anchorEl={anchor}
        placement="bottom-end"
        modifiers={[
          { name: 'offset', options: { offset: [0, 6] } },
          { name: 'preventOverflow', options: { padding: 8 } },
        ]}
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
      >
        <Paper elevation={8} sx={{ width: 'min(460px, calc(100vw - 16px))', overflow: 'hidden' }}>
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
                    id={optionId(i)}
                    aria-selected={i === active}
                    // Keep the focus in the box: the click below chooses the row.
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => setActive(i)}
                    onClick={() => select(r)}
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
      </Popper>
    </>
  );
}
