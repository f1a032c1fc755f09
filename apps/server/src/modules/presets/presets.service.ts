import { PRESET_TEXTS } from '@goldroute/domain';
import { isPresetView, MAX_PRESETS, type Preset, type PresetTool } from '@goldroute/domain/api';
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filterPresets, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';

type Row = typeof filterPresets.$inferSelect;
const toPreset = (row: Row): Preset => ({
  id: row.id,
  tool: row.tool,
  name: row.name,
  view: row.view,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** PostgreSQL's unique_violation: the user already has a preset of that name for the tool. */
const isNameTaken = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** A user's named filter presets: each call reads and changes the caller's own rows only. */
export function createPresetsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const own = (userId: string, id: string) => and(eq(filterPresets.userId, userId), eq(filterPresets.id, id));

  async function list(userId: string): Promise<Preset[]> {
    const rows = await db
      .select()
      .from(filterPresets)
      .where(eq(filterPresets.userId, userId))
      .orderBy(asc(filterPresets.tool), asc(filterPresets.name));
    return rows.map(toPreset);
  }

  /** Inserts or updates, turning a name already used for the tool into a 409 with its text. */
  async function named<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isNameTaken(err)) throw new HttpError(409, PRESET_TEXTS.nameTaken(name));
      throw err;
    }
  }

  async function create(
    userId: string,
    body: { tool: PresetTool; name: string; view: string },
  ): Promise<Preset> {
    // Counted and inserted in one transaction under a lock on the user's row, so two saves at once
    // cannot both pass the limit.
    return named(body.name, () =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [row] = await tx
          .select({ n: count() })
          .from(filterPresets)
          .where(eq(filterPresets.userId, userId));
        if ((row?.n ?? 0) >= MAX_PRESETS) throw new HttpError(409, PRESET_TEXTS.limit(MAX_PRESETS));
        const now = clock.now();
        const [created] = await tx
          .insert(filterPresets)
          .values({ id: randomUUID(), userId, ...body, createdAt: now, updatedAt: now })
          .returning();
        return toPreset(created!);
      }),
    );
  }

  async function update(
    userId: string,
    id: string,
    change: { name?: string | undefined; view?: string | undefined },
  ): Promise<Preset> {
    const [current] = await db.select().from(filterPresets).where(own(userId, id));
    if (!current) throw new HttpError(404, PRESET_TEXTS.notFound);
    if (change.view !== undefined && !isPresetView(current.tool, change.view))
      throw new HttpError(400, PRESET_TEXTS.invalidView);
    const name = change.name ?? current.name;
    const [updated] = await named(name, () =>
      db
        .update(filterPresets)
        .set({ name, view: change.view ?? current.view, updatedAt: clock.now() })
        .where(own(userId, id))
        .returning(),
    );
    if (!updated) throw new HttpError(404, PRESET_TEXTS.notFound);
    return toPreset(updated);
  }

  async function remove(userId: string, id: string): Promise<void> {
    const deleted = await db.delete(filterPresets).where(own(userId, id)).returning({ id: filterPresets.id });
    if (deleted.length === 0) throw new HttpError(404, PRESET_TEXTS.notFound);
  }

  return { list, create, update, remove };
}

export type PresetsService = ReturnType<typeof createPresetsService>;
