import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { CheckField, ConsoleForm, FormField, SubmitButtons, useConsoleForm } from './console-form.tsx';

afterEach(cleanup);

const NoteSchema = z.strictObject({
  title: z.string().trim().min(1, 'Give it a title.'),
  pinned: z.boolean(),
});
type Note = z.output<typeof NoteSchema>;

/** A form as the console's are built: the schema checks it here, the server may still refuse a field. */
function NoteForm({ answer, sent }: { answer: (note: Note) => Promise<void>; sent: Note[] }) {
  const form = useConsoleForm<Note, Note>({ schema: NoteSchema, defaultValues: { title: '', pinned: false } });
  const save = useMutation({
    mutationFn: async (note: Note) => {
      sent.push(note);
      await answer(note);
    },
    onError: (error) => form.showServerProblems(error),
  });
  return (
    <ConsoleForm form={form} onSubmit={(note) => save.mutate(note)} label="Note">
      <FormField name="title" label="Title">
        <input {...form.field('title')} />
      </FormField>
      <CheckField name="pinned">Pin it</CheckField>
      <SubmitButtons
        labels={{ submit: 'Save' }}
        isPending={save.isPending}
        summary="Nothing is saved yet: check the marked fields."
        error={save.error}
      />
    </ConsoleForm>
  );
}

function renderNoteForm(answer: (note: Note) => Promise<void> = async () => {}) {
  const sent: Note[] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NoteForm answer={answer} sent={sent} />
    </QueryClientProvider>,
  );
  return sent;
}

const problemOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '');

describe('the console form', () => {
  it('checks with the schema, marks the field, focuses it, and sends nothing', async () => {
    const user = userEvent.setup();
    const sent = renderNoteForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(problemOf(title)).toHaveTextContent('Give it a title.');
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing is saved yet: check the marked fields.');
    expect(sent).toEqual([]);
  });

  it('puts the server’s field problems beside their fields, the same way, and focuses the first', async () => {
    const user = userEvent.setup();
    const sent = renderNoteForm(async () => {
      throw new ApiError(422, 'VALIDATION_FAILED', 'Check the fields.', { pinned: 'Only owners pin notes.' });
    });
    await user.type(screen.getByLabelText('Title'), '  Lunch  ');
    await user.click(screen.getByRole('checkbox', { name: 'Pin it' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const pinned = screen.getByRole('checkbox', { name: 'Pin it' });
    expect(await screen.findByText('Only owners pin notes.')).toBe(problemOf(pinned));
    expect(pinned).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(pinned).toHaveFocus());
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([{ title: 'Lunch', pinned: true }]);
  });

  it('says a refusal of no field above the buttons, in the server’s words', async () => {
    const user = userEvent.setup();
    renderNoteForm(async () => {
      throw new ApiError(403, 'FORBIDDEN', 'You may not write notes.');
    });
    await user.type(screen.getByLabelText('Title'), 'Lunch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not write notes.');
  });
});
