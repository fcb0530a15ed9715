import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SampleLanguage } from './code-samples';

type Choice = { language: SampleLanguage; setLanguage: (language: SampleLanguage) => void };
const LanguageContext = createContext<Choice | null>(null);

/**
 * Holds the code samples' language for the whole Documentation tab: picking Python on one call
 * shows every call's Python sample (curl until one is picked).
 */
export function SampleLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const choice = useMemo(() => ({ language, setLanguage }), [language]);
  return <LanguageContext.Provider value={choice}>{children}</LanguageContext.Provider>;
}

/**
 * The samples' language and its setter: the provider's, or — outside a SampleLanguageProvider —
 * this component's own.
 */
export function useSampleLanguage(): Choice {
  const shared = useContext(LanguageContext);
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  return shared ?? { language, setLanguage };
}
