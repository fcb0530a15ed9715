import { Tabs } from 'antd';
import { SAMPLE_LANGUAGES, type SampleLanguage } from './code-samples';
import { CodeBlock } from './code-block';
import { useSampleLanguage } from './sample-language';

/**
 * The curl, JavaScript and Python samples of one call (docs/requirements/print-on-demand-api.md#screens), as tabs; each shows its code
 * with a copy button named 'Copy {language} example for {subject}' ('Copy curl example for POST
 * /api/orders/mailing'). The chosen language is shared by every sample of the tab.
 */
export function CodeSamplesView({ samples, subject }: { samples: Record<SampleLanguage, string>; subject: string }) {
  const { language, setLanguage } = useSampleLanguage();
  return (
    <Tabs size="small" className="pod-docs-samples" activeKey={language} onChange={(key) => setLanguage(key as SampleLanguage)}
      items={SAMPLE_LANGUAGES.map((l) => ({
        key: l.key,
        label: l.label,
        children: <CodeBlock code={samples[l.key]} copyLabel={`Copy ${l.label} example for ${subject}`} />,
      }))} />
  );
}
