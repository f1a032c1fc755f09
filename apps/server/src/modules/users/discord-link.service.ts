import { DISCORD_MESSAGES } from '@goldroute/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discordStates, users } from '../../db/schema';
import { unusedAndUnexpired } from '../../db/one-time-rows';
import { addMinutes, type Clock } from '../../lib/clock';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import { HttpError } from '../../lib/http-error';
import type { DiscordClient } from '../../sources/discord';
import { UpstreamError } from '../../sources/http-json';

const STATE_MINUTES = 10;
export const DISCORD_LINK_MESSAGES = {
  disabled: 'Linking a Discord account is not available on this server.',
  rejected: 'Discord did not accept the authorization. Please try again.',
  takenByOther: 'This Discord account is already linked to another GoldRoute account.',
} as const;

/** Linking a Discord account: a state bound to the signed-in user, spent once, then the code exchange. */
export function createDiscordLinkService(deps: { db: Db; clock: Clock; discord: DiscordClient | undefined }) {
  const { db, clock } = deps;

  function client(): DiscordClient {
    if (!deps.discord) throw new HttpError(503, DISCORD_LINK_MESSAGES.disabled);
    return deps.discord;
  }

  return {
    /** Whether this server can link at all (a Discord app is configured), with the reason when not. */
    availability(): { available: boolean; reason?: string } {
      return deps.discord
        ? { available: true }
        : { available: false, reason: DISCORD_LINK_MESSAGES.disabled };
    },

    async authorizeUrl(userId: string): Promise<string> {
      const discord = client();
      const state = newSecureToken();
      await db
        .insert(discordStates)
        .values({ stateHash: hashToken(state), userId, expiresAt: addMinutes(clock.now(), STATE_MINUTES) });
      return discord.authorizeUrl(state);
    },

    async link(userId: string, code: string, state: string): Promise<void> {
      const discord = client();
      const now = clock.now();
      const spent = await db
        .update(discordStates)
        .set({ usedAt: now })
        .where(
          and(
            eq(discordStates.stateHash, hashToken(state)),
            eq(discordStates.userId, userId),
            unusedAndUnexpired(discordStates, now),
          ),
        )
        .returning({ userId: discordStates.userId });
      if (spent.length === 0) throw new HttpError(400, DISCORD_MESSAGES.invalidState);
      let account: { id: string; username: string };
      try {
        account = await discord.userForCode(code);
      } catch (err) {
        if (err instanceof UpstreamError) throw new HttpError(502, DISCORD_LINK_MESSAGES.rejected);
        throw err;
      }
      const [other] = await db.select({ id: users.id }).from(users).where(eq(users.discordId, account.id));
      if (other && other.id !== userId) throw new HttpError(409, DISCORD_LINK_MESSAGES.takenByOther);
      await db
        .update(users)
        .set({ discordId: account.id, discordUsername: account.username, updatedAt: now })
        .where(eq(users.id, userId));
    },
  };
}

export type DiscordLinkService = ReturnType<typeof createDiscordLinkService>;
