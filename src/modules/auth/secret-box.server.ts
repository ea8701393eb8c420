import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `secret` sealed with AES-256-GCM: a random IV, the ciphertext, and the tag that shows it was not changed. */
export function seal(key: Buffer, secret: Uint8Array): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** What `seal` sealed, or null when the box was sealed with another key or changed since. */
export function unseal(key: Buffer, box: Uint8Array): Uint8Array | null {
  if (box.length < IV_BYTES + TAG_BYTES) return null;
  const bytes = Buffer.from(box);
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
