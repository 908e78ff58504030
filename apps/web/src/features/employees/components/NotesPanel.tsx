import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import StickyNote2Icon from '@mui/icons-material/StickyNote2Outlined';
import { ZNoteInput, type TNote } from '@bizdesk/contract';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { useAddNote } from '../api.ts';
import { fieldError } from '../validation.ts';

/** HR's notes on an employee (POST /docs/notes); never shown in the portal. */
export const NotesPanel = ({ employeeId, notes, loading }: { employeeId: string; notes: readonly TNote[]; loading: boolean }) => {
  const { t, i18n } = useTranslation('people');
  const add = useAddNote(employeeId);
  const [text, setText] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const onAdd = () => {
    setFormError(null);
    const parsed = ZNoteInput.shape.textData.safeParse(text);
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    add.mutate(parsed.data, { onSuccess: () => setText(''), onError: (error) => setFormError(displayError(t, error)) });
  };

  return (
    <PanelCard title={t('notes.title')} subtitle={t('notes.subtitle')}>
      <Stack spacing={1.5} sx={{ px: 3, pb: 2 }}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField label={t('notes.label')} multiline minRows={2} value={text} onChange={(e) => setText(e.target.value)} error={!!noteError} helperText={fieldError(t, noteError)} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={onAdd} loading={add.isPending}>
            {t('notes.add')}
          </Button>
        </Box>
      </Stack>
      {!loading && notes.length === 0 ? (
        <EmptyState Icon={StickyNote2Icon} compact title={t('notes.emptyTitle')} />
      ) : (
        <List sx={{ px: 1, pb: 1 }}>
          {notes.map((note) => (
            <ListItem key={note._id} divider alignItems="flex-start">
              <ListItemText primary={note.textData} secondary={t('notes.by', { name: note.authorName, date: formatDateTime(note.createdAt, i18n.language) })} slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
};
