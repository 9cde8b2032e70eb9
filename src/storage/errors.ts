/**
 * Storage errors. Each failure is its own class with a message a user can act on; `name` is set
 * explicitly so it survives minification and crosses workers as `{ name, message }`.
 */

/** The browser refused to store more: the write was rolled back, nothing already stored is lost. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(
    message = 'Your browser has no room left for Grove. Nothing was lost: free space (delete old ' +
      'conversations or other sites’ data) and try again.',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export class ProfileNotFoundError extends Error {
  override readonly name = 'ProfileNotFoundError';
  constructor(profileId: string) {
    super(`There is no profile "${profileId}" on this device. Create it or import it first.`);
  }
}

export class ProfileExistsError extends Error {
  override readonly name = 'ProfileExistsError';
  constructor(profileId: string) {
    super(`A profile "${profileId}" already exists on this device: choose another name.`);
  }
}

export class FactNotFoundError extends Error {
  override readonly name = 'FactNotFoundError';
  constructor(factId: string) {
    super(`There is no memory "${factId}" in this profile: it may have been deleted already.`);
  }
}

export class SessionExistsError extends Error {
  override readonly name = 'SessionExistsError';
  constructor(sessionId: string) {
    super(`Session "${sessionId}" is already in memory: delete it first to ingest it again.`);
  }
}

/** Stored data does not hang together (a tree node missing, a dimension mismatch). */
export class StoreCorruptError extends Error {
  override readonly name = 'StoreCorruptError';
}

/** Another writer changed the memory between our read and our write: retry the operation. */
export class ConcurrentWriteError extends Error {
  override readonly name = 'ConcurrentWriteError';
  constructor() {
    super('The memory was changed by another tab while this change was being made. Try again.');
  }
}

/** An import file was rejected: the store is unchanged. */
export class ImportError extends Error {
  override readonly name: string = 'ImportError';
}

export class WrongPassphraseError extends ImportError {
  override readonly name = 'WrongPassphraseError';
  constructor() {
    super(
      'The passphrase does not open this file (or the file was altered after export). Check the ' +
        'passphrase and try again; nothing was imported.',
    );
  }
}

/** An encrypted export was asked for without a usable passphrase, or WebCrypto is missing. */
export class EncryptionError extends Error {
  override readonly name = 'EncryptionError';
}
