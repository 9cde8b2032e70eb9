/**
 * Passphrase encryption of an export: PBKDF2-SHA-256 derives an AES-GCM key from the passphrase
 * and a random salt; the header (salt, iterations, iv) is bound as additional data, so changing
 * any of it, or the ciphertext, fails decryption.
 */
import { EncryptionError, WrongPassphraseError } from '../errors.ts';
import { base64ToBytes, bytesToBase64 } from '../vector-codec.ts';
import { ENCRYPTED_FORMAT, type EncryptedEnvelope } from './format.ts';

export const DEFAULT_PBKDF2_ITERATIONS = 600_000;

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) {
    throw new EncryptionError(
      'This browser offers no WebCrypto here (it needs a secure context: https or localhost).',
    );
  }
  return s;
}

async function deriveKey(passphrase: string, salt: Uint8Array, iterations: number) {
  const material = await subtle().importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function headerBytes(envelope: Omit<EncryptedEnvelope, 'ciphertext'>): Uint8Array {
  const { format, version, kdf, cipher } = envelope;
  return new TextEncoder().encode(JSON.stringify({ format, version, kdf, cipher }));
}

export async function encryptText(
  plaintext: string,
  passphrase: string,
  iterations = DEFAULT_PBKDF2_ITERATIONS,
): Promise<EncryptedEnvelope> {
  if (passphrase.length < 8) {
    throw new EncryptionError('Choose a passphrase of at least 8 characters to encrypt an export.');
  }
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const header = {
    format: ENCRYPTED_FORMAT as typeof ENCRYPTED_FORMAT,
    version: 1 as const,
    kdf: {
      name: 'PBKDF2' as const,
      hash: 'SHA-256' as const,
      iterations,
      salt: bytesToBase64(salt),
    },
    cipher: { name: 'AES-GCM' as const, iv: bytesToBase64(iv) },
  };
  const key = await deriveKey(passphrase, salt, iterations);
  const sealed = await subtle().encrypt(
    {
      name: 'AES-GCM',
      iv: iv as BufferSource,
      additionalData: headerBytes(header) as BufferSource,
    },
    key,
    new TextEncoder().encode(plaintext),
  );
  return { ...header, ciphertext: bytesToBase64(new Uint8Array(sealed)) };
}

/** Throws WrongPassphraseError for a wrong passphrase or any tampering. */
export async function decryptText(
  envelope: EncryptedEnvelope,
  passphrase: string,
): Promise<string> {
  let salt: Uint8Array, iv: Uint8Array, data: Uint8Array;
  try {
    salt = base64ToBytes(envelope.kdf.salt);
    iv = base64ToBytes(envelope.cipher.iv);
    data = base64ToBytes(envelope.ciphertext);
  } catch {
    throw new WrongPassphraseError();
  }
  const key = await deriveKey(passphrase, salt, envelope.kdf.iterations);
  try {
    const plain = await subtle().decrypt(
      {
        name: 'AES-GCM',
        iv: iv as BufferSource,
        additionalData: headerBytes(envelope) as BufferSource,
      },
      key,
      data as BufferSource,
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new WrongPassphraseError();
  }
}
