export const PASSPHRASE_FILE_NAME = 'backup-portal-recovery-passphrase.txt';

/** Saves the passphrase as a text file through a temporary object URL; nothing leaves the browser. */
export function downloadPassphrase(passphrase: string): void {
  const url = URL.createObjectURL(new Blob([`${passphrase}\n`], { type: 'text/plain' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = PASSPHRASE_FILE_NAME;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoke on the next tick: some browsers start the download asynchronously after click().
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
