// Filter presets: a user's named views of a tool (tool-view.ts), kept on the server.
import { z } from 'zod';
import { PRESET_TEXTS } from '../messages';
import { viewFromParams } from '../tool-view';

export const PRESET_TOOLS = ['flipping', 'dropship', 'tsm'] as const;
export type PresetTool = (typeof PRESET_TOOLS)[number];
/** Presets a user keeps, every tool together. */
export const MAX_PRESETS = 50;
export const MAX_PRESET_NAME = 40;
/** A view's URL text: every filter set away from its default with a few dozen realms stays well within it. */
const MAX_VIEW_TEXT = 4000;

const presetNameSchema = z
  .string()
  .trim()
  .min(1, PRESET_TEXTS.nameRequired)
  .max(MAX_PRESET_NAME, PRESET_TEXTS.nameTooLong(MAX_PRESET_NAME));

const NO_SORT = { key: 'name', direction: 'asc' } as const;

/** Whether a view's text reads back as a view of this tool (its ranges: the TSM screen's are narrower). */
export function isPresetView(tool: PresetTool, view: string): boolean {
  return viewFromParams(new URLSearchParams(view), NO_SORT, tool === 'tsm' ? 'tsm' : 'tool') !== null;
}

export const presetSchema = z.object({
  id: z.string(),
  tool: z.enum(PRESET_TOOLS),
  name: z.string(),
  /** The view as URL parameters (viewToParams), without the leading "?". */
  view: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;

export const presetCreateRequestSchema = z
  .object({ tool: z.enum(PRESET_TOOLS), name: presetNameSchema, view: z.string().max(MAX_VIEW_TEXT) })
  .refine((body) => isPresetView(body.tool, body.view), { message: PRESET_TEXTS.invalidView });

/** Rename, or keep the name and save the current view under it. */
export const presetUpdateRequestSchema = z
  .object({ name: presetNameSchema.optional(), view: z.string().max(MAX_VIEW_TEXT).optional() })
  .refine((body) => body.name !== undefined || body.view !== undefined, {
    message: PRESET_TEXTS.nothingToChange,
  });

export const presetParamsSchema = z.object({ id: z.uuid() });
export const presetResponseSchema = z.object({ preset: presetSchema });
export const presetsResponseSchema = z.object({ presets: z.array(presetSchema) });
