import { useEffect, useRef, useState, type RefObject } from 'react';
import { Designer } from '@pdfme/ui';
import type { Font, Template } from '@pdfme/common';
import { designPlugins } from './design-plugins';
import { designFontLabels } from './design-fonts';

/**
 * The Designer's own antd theme. pdfme renders into a second React root with its own copy of
 * antd, whose theme CSS variables are keyed by React `useId()`; an explicit key keeps its
 * variables from overwriting (and, on unmount, removing) those of the app's ConfigProvider.
 * The app root uses an identifier prefix for the same reason (main.tsx).
 */
const DESIGNER_THEME = {
  cssVar: { key: 'mc-pdfme-designer' },
  token: { colorPrimary: '#1677ff' },
};

/**
 * Mounts one pdfme `Designer` (docs/requirements/workflow.md#route-table "/projects/{id}/editor") into `container` once the
 * fonts are known, and destroys it on unmount; a new `font` map (more fonts loaded) is handed to it
 * with `updateOptions`, keeping the page, selection and zoom. The initial template is read once; afterwards the
 * caller drives it through the returned instance (`updateTemplate`, `getTemplate`).
 * `onChange` receives every template change the user makes (read through a ref, so it may change
 * between renders).
 */
export function usePdfmeDesigner(
  container: RefObject<HTMLDivElement | null>,
  initialTemplate: Template | null,
  font: Font | undefined,
  onChange: (template: Template) => void,
): Designer | null {
  const [designer, setDesigner] = useState<Designer | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // The latest template, so a re-created Designer (another container) keeps the user's work.
  const latestRef = useRef(initialTemplate);
  const ready = !!initialTemplate && !!font;

  // Fonts loaded later (picked in the panel, `useDesignFonts`) reach the Designer that is open.
  const fontRef = useRef(font);
  useEffect(() => {
    if (!designer || !font || fontRef.current === font) return;
    fontRef.current = font;
    designer.updateOptions({ font, fontLabels: designFontLabels(font) });
  }, [designer, font]);

  useEffect(() => {
    const el = container.current;
    const template = latestRef.current ?? initialTemplate;
    if (!ready || !el || !template || !font) return;
    fontRef.current = font;
    const instance = new Designer({
      domContainer: el,
      template,
      plugins: designPlugins,
      options: { font, fontLabels: designFontLabels(font), lang: 'en', theme: DESIGNER_THEME, sidebarOpen: true },
    });
    instance.onChangeTemplate((t) => {
      latestRef.current = t;
      onChangeRef.current(t);
    });
    setDesigner(instance);
    return () => {
      setDesigner(null);
      instance.destroy();
    };
    // The Designer is created once per container; template and font changes go through it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, container]);

  return designer;
}
