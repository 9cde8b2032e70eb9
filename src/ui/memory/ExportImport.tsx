/**
 * Export the profile's memory to a file (optionally encrypted) and import one back. The outcome
 * (or why it failed) is shown here, next to the buttons, not only at the top of the screen.
 */
import { useId, useState } from 'react';
import type { ImportedSummary } from '../../app/memory-actions.ts';
import { useGrove, useServices } from '../app-context.tsx';

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What an import did: which profile the file landed in (a new one when its id was taken). */
function importedText(row: ImportedSummary): string {
  const landed = row.renamedFrom
    ? `Imported as a new profile, “${row.name}”: a profile with this file’s id ` +
      `(“${row.renamedFrom.id}”) is already on this device and was left as it is. ` +
      'Switch to the new one in the header.'
    : `Imported profile “${row.name}”: switch to it in the header.`;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const brought =
    `It brought ${count(row.taskMemories, 'task memory', 'task memories')} and ` +
    `${count(row.conversations, 'conversation', 'conversations')}.`;
  return [landed, brought, row.notice].filter(Boolean).join(' ');
}

/** What the last export or import did, for the profile that was open (hidden after a switch). */
interface Outcome {
  readonly ok: boolean;
  readonly text: string;
  readonly profile: string;
}

export function ExportImport() {
  const { memoryActions, store } = useServices();
  const profile = useGrove((s) => s.activeProfileId);
  const [passphrase, setPassphrase] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** A failed action left its message in the store's memory error: show it here instead. */
  const failed = () => {
    const text = store.getState().memoryError ?? 'It failed.';
    store.getState().setMemoryError(null);
    setOutcome({ ok: false, text, profile });
  };
  const passId = useId();
  const fileId = useId();
  return (
    <section className="panel" aria-labelledby="export-heading">
      <h2 id="export-heading">Export and import</h2>
      <label htmlFor={passId}>Passphrase (optional, encrypts the file)</label>
      <input
        id={passId}
        type="password"
        value={passphrase}
        autoComplete="new-password"
        onChange={(e) => setPassphrase(e.target.value)}
      />
      <div className="button-row">
        <button
          type="button"
          onClick={() => {
            setOutcome(null);
            void memoryActions.exportProfile(passphrase || undefined).then((text) => {
              if (text === undefined) return failed();
              download(text, `grove-${profile}.json`);
              setOutcome({
                ok: true,
                text: passphrase ? 'Exported, encrypted.' : 'Exported.',
                profile,
              });
            });
          }}
        >
          Export memory
        </button>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setOutcome(null);
            void file.text().then(async (text) => {
              const row = await memoryActions.importProfile(text, passphrase || undefined);
              if (row) setOutcome({ ok: true, text: importedText(row), profile });
              else failed();
              e.target.value = '';
            });
          }}
        />
        <label htmlFor={fileId} className="secondary-file">
          Import a file…
        </label>
      </div>
      {outcome?.profile === profile && (
        <p
          className={outcome.ok ? 'small' : 'alert'}
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="export-outcome"
        >
          {outcome.text}
        </p>
      )}
    </section>
  );
}
