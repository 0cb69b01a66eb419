import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';

/** The navbar customer search field (its results list comes with the customers area). */
export function CustomerSearchBox() {
  const [text, setText] = useState('');
  return (
    <TextField
      size="small"
      type="search"
      placeholder="Buscar cliente…"
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': 'Buscar cliente', autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
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
  );
}
