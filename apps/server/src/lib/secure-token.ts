import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: what we hand out in links, cookies and refresh tokens. */
export const newSecureToken = (): string => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a leaked table holds no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
