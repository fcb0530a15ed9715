import { useEffect } from 'react';
import type { Designer } from '@pdfme/ui';
import { useEffects } from '../admin/effects/effects-api';
import { forgetEffectPreviews } from './image-effect';

/**
 * Gives the Designer the named image effects (docs/requirements/administration.md#administration) for the image elements' 'Effect' choice
 * (`options.effects`, read by `withImageEffect`), again whenever the list changes — an
 * administrator's edit also drops the processed images drawn with the old settings.
 */
export function useDesignerEffects(designer: Designer | null): void {
  const effects = useEffects();
  useEffect(() => {
    if (!designer || !effects.data) return;
    forgetEffectPreviews();
    designer.updateOptions({ effects: effects.data });
  }, [designer, effects.data]);
}
