import { z } from 'zod';

/**
 * Named image effects (docs/requirements/administration.md#administration Admin → Effects): an administrator defines them, users apply one to
 * an image element in the designer (the element's `effect` property holds the effect's id), and
 * the server draws it with sharp — the same function for the designer's preview and for print.
 */

/** The kinds of effect, in the order the admin form offers them. */
export const EFFECT_KINDS = ['grayscale', 'sepia', 'duotone', 'brightness_contrast', 'blur'] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** What each kind is called on screen. */
export const EFFECT_KIND_LABELS: Record<EffectKind, string> = {
  grayscale: 'Grayscale',
  sepia: 'Sepia',
  duotone: 'Duotone',
  brightness_contrast: 'Brightness / contrast',
  blur: 'Blur',
};

/** The designer element property that holds the id of the applied effect ('' or absent: none). */
export const EFFECT_ELEMENT_PROP = 'effect';

/** Largest image an effect processes, in bytes (the preview route and print refuse larger ones). */
export const EFFECT_MAX_INPUT_BYTES = 5 * 1024 * 1024;
/** Largest image an effect processes, in pixels (width × height): 25 megapixels, e.g. 5000 × 5000. */
export const EFFECT_MAX_INPUT_PIXELS = 25_000_000;
/** Longest effect name. */
export const EFFECT_NAME_MAX = 60;

/** Messages of effects (docs/requirements/administration.md#administration), shown as the server sends them. */
export const EFFECT_MESSAGES = {
  duplicateName: 'An effect with this name already exists',
  tooLarge: `An image for an effect must be at most ${EFFECT_MAX_INPUT_BYTES / 1024 / 1024} MB`,
  tooManyPixels: `An image for an effect must be at most ${EFFECT_MAX_INPUT_PIXELS / 1_000_000} megapixels`,
  notImage: 'The image is not a PNG or JPEG picture',
  kind: `Kind must be one of ${EFFECT_KINDS.join(', ')}`,
  busy: 'Too many effect previews at once: try again in a moment',
} as const;

const ZHexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are written #rrggbb, e.g. #1a2b3c');
const unit = (label: string, min: number, max: number) => z.number({ error: `${label} must be a number` })
  .min(min, `${label} must be between ${min} and ${max}`).max(max, `${label} must be between ${min} and ${max}`);

const ZGrayscale = z.object({
  kind: z.literal('grayscale').describe('Grayscale: every pixel becomes its luminance'),
  params: z.object({}).describe('No parameters'),
});
const ZSepia = z.object({
  kind: z.literal('sepia').describe('Sepia: warm brown tones'),
  params: z.object({
    strength: unit('Strength', 0, 1).describe('0 leaves the image as it is, 1 is full sepia; values between blend the two'),
  }).describe('Sepia parameters'),
});
const ZDuotone = z.object({
  kind: z.literal('duotone').describe('Duotone: the image in grey, then black mapped to `dark` and white to `light`'),
  params: z.object({
    dark: ZHexColour.describe('Colour the darkest tones become, #rrggbb'),
    light: ZHexColour.describe('Colour the lightest tones become, #rrggbb'),
  }).describe('Duotone parameters'),
});
const ZBrightnessContrast = z.object({
  kind: z.literal('brightness_contrast').describe('Brightness and contrast'),
  params: z.object({
    brightness: unit('Brightness', -1, 1).describe('-1 is all black, 0 unchanged, 1 all white (added to every channel, times 255)'),
    contrast: unit('Contrast', -1, 1).describe('-1 is flat grey, 0 unchanged, 1 twice the contrast (around mid-grey)'),
  }).describe('Brightness and contrast parameters'),
});
const ZBlur = z.object({
  kind: z.literal('blur').describe('Gaussian blur'),
  params: z.object({
    sigma: unit('Blur radius', 0.3, 20).describe('Sigma of the Gaussian in pixels of the image itself (not mm on the page: the same image prints the same whatever its size on the page), 0.3–20'),
  }).describe('Blur parameters'),
});

const VARIANTS = [ZGrayscale, ZSepia, ZDuotone, ZBrightnessContrast, ZBlur] as const;

/** An effect's kind with its parameters (docs/requirements/administration.md#administration), the input of the server's `applyEffect`. */
export const ZEffectSpecSchema = z.discriminatedUnion('kind', VARIANTS, { error: EFFECT_MESSAGES.kind }).meta({ id: 'EffectSpec' });
export type TEffectSpec = z.infer<typeof ZEffectSpecSchema>;

/** The parameters each kind starts with in the admin form. */
export const EFFECT_DEFAULT_PARAMS: { [K in EffectKind]: Extract<TEffectSpec, { kind: K }>['params'] } = {
  grayscale: {},
  sepia: { strength: 1 },
  duotone: { dark: '#1d3557', light: '#f1faee' },
  brightness_contrast: { brightness: 0.1, contrast: 0.2 },
  blur: { sigma: 2 },
};

const ZEffectName = z.string({ error: 'Name the effect' }).trim().min(1, 'Name the effect')
  .max(EFFECT_NAME_MAX, `An effect name has at most ${EFFECT_NAME_MAX} characters`);

/** A named effect as the API presents it (GET /api/effects, the admin routes). */
export const ZEffectSchema = z.object({
  id: z.string().describe('Effect id (UUID); image elements name it in their `effect` property'),
  name: z.string().describe('Name shown in the designer, unique'),
  kind: z.enum(EFFECT_KINDS).describe('Kind of effect'),
  params: z.record(z.string(), z.unknown()).describe('The kind\'s parameters (see EffectSpec)'),
  created_at: z.string().describe('ISO 8601 time it was created'),
  updated_at: z.string().describe('ISO 8601 time it last changed (the designer caches previews by it)'),
}).meta({ id: 'Effect' });
export type TEffect = z.infer<typeof ZEffectSchema>;

const named = { name: ZEffectName.describe('Name shown in the designer, unique') };

/** POST /api/admin/effects body: a name and an effect spec. */
export const ZEffectCreateSchema = z.discriminatedUnion('kind', [
  ZGrayscale.extend(named), ZSepia.extend(named), ZDuotone.extend(named), ZBrightnessContrast.extend(named), ZBlur.extend(named),
], { error: EFFECT_MESSAGES.kind }).meta({ id: 'EffectCreate' });
export type TEffectCreate = z.infer<typeof ZEffectCreateSchema>;

/**
 * PATCH /api/admin/effects/{id} body: any of name, kind, params. A new kind without params starts
 * from that kind's defaults; the result is checked as an EffectSpec (400 with the first problem).
 */
export const ZEffectPatchSchema = z.object({
  name: ZEffectName.optional().describe('New name'),
  kind: z.enum(EFFECT_KINDS, { error: EFFECT_MESSAGES.kind }).optional().describe('New kind'),
  params: z.record(z.string(), z.unknown()).optional().describe('New parameters of the (new) kind, see EffectSpec'),
}).refine((b) => b.name !== undefined || b.kind !== undefined || b.params !== undefined, { message: 'Send name, kind or params' })
  .meta({ id: 'EffectPatch' });
export type TEffectPatch = z.infer<typeof ZEffectPatchSchema>;

const ZImageDataUrl = z.string({ error: 'Send the image as a data URL' })
  .regex(/^data:image\/(png|jpeg|jpg);base64,/, 'Send the image as a PNG or JPEG data URL')
  // 4 base64 characters carry 3 bytes: the cap in characters, plus the data URL prefix.
  .max(Math.ceil(EFFECT_MAX_INPUT_BYTES / 3) * 4 + 32, EFFECT_MESSAGES.tooLarge);

/** POST /api/effects/{id}/preview body: the image to draw the saved effect on. */
export const ZEffectPreviewSchema = z.object({
  image: ZImageDataUrl.describe(`The image, a PNG or JPEG data URL of at most ${EFFECT_MAX_INPUT_BYTES / 1024 / 1024} MB and ${EFFECT_MAX_INPUT_PIXELS / 1_000_000} megapixels`),
}).meta({ id: 'EffectPreview' });

/** POST /api/admin/effects/preview body: an unsaved effect (the admin form) and the image. */
export const ZEffectSpecPreviewSchema = z.object({
  effect: ZEffectSpecSchema.describe('The effect to draw'),
  image: ZImageDataUrl.describe(`The image, a PNG or JPEG data URL of at most ${EFFECT_MAX_INPUT_BYTES / 1024 / 1024} MB and ${EFFECT_MAX_INPUT_PIXELS / 1_000_000} megapixels`),
}).meta({ id: 'EffectSpecPreview' });
