/** Export the profile's memory to a file (optionally encrypted) and import one back. */
import { useId, useState } from 'react';
import { useGrove, useServices } from '../app-context.tsx';

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportImport() {
  const { memoryActions } = useServices();
  const profile = useGrove((s) => s.activeProfileId);
  const [passphrase, setPassphrase] = useState('');
  const [message, setMessage] = useState('');
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
          onClick={() =>
            void memoryActions.exportProfile(passphrase || undefined).then((text) => {
              if (text === undefined) return;
              download(text, `grove-${profile}.json`);
              setMessage('Exported.');
            })
          }
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
            void file.text().then(async (text) => {
              const row = await memoryActions.importProfile(text, passphrase || undefined);
              if (row) {
                const imported = `Imported profile “${row.name}”: switch to it in the header.`;
                setMessage(row.notice ? `${imported} ${row.notice}` : imported);
              }
              e.target.value = '';
            });
          }}
        />
        <label htmlFor={fileId} className="secondary-file">
          Import a file…
        </label>
      </div>
      {message && (
        <p className="small" role="status">
          {message}
        </p>
      )}
    </section>
  );
}
