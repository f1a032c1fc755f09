import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: what we hand out in links, cookies and refresh tokens. */
export const newSecureToken = (): string => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a leaked table holds no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** An e-mail address as a stable digest, the same however it was typed: for limiter keys and log lines. */
export const emailDigest = (email: string): string => hashToken(email.trim().toLowerCase());
