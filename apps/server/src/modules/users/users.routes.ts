import type { FastifyInstance } from 'fastify';
import { accountRoutes, type AccountRoutesOptions } from './account.routes';
import { discordRoutes, type DiscordRoutesOptions } from './discord.routes';
import { sessionRoutes, type SessionRoutesOptions } from './session.routes';
import { settingsRoutes, type SettingsRoutesOptions } from './settings.routes';

export type UsersRoutesOptions = SessionRoutesOptions &
  AccountRoutesOptions &
  DiscordRoutesOptions &
  SettingsRoutesOptions;

/** Every /shared/users call of SPEC §7, one plugin per family (the unlock call is login-unlock.routes.ts). */
export async function usersRoutes(app: FastifyInstance, o: UsersRoutesOptions): Promise<void> {
  await app.register(sessionRoutes, o);
  await app.register(accountRoutes, o);
  await app.register(discordRoutes, o);
  await app.register(settingsRoutes, o);
}
