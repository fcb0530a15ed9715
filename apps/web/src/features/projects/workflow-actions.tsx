import { Button } from 'antd';
import { DatabaseOutlined, EyeOutlined, FormatPainterOutlined, LayoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/**
 * The project's workflow actions (docs/requirements/workflow.md#route-table): Mailing List, Set up template, Designer
 * (needs a list) and Print Preview (needs a list and a template).
 */
export function WorkflowActions({ projectId, hasList, hasTemplate, onSetUpTemplate }: {
  projectId: string;
  hasList: boolean;
  hasTemplate: boolean;
  onSetUpTemplate: () => void;
}) {
  const navigate = useNavigate();
  const next = !hasList ? 'list' : !hasTemplate ? 'designer' : 'preview';
  const actions = [
    {
      key: 'list', label: 'Mailing List', icon: <DatabaseOutlined />, enabled: true,
      hint: hasList ? 'Change or re-map the mailing list' : 'Upload the addresses to mail',
      run: () => navigate(`/upload?project=${projectId}`),
    },
    {
      key: 'template', label: 'Set up template', icon: <LayoutOutlined />, enabled: true,
      hint: 'Size, sides, background guides and permit',
      run: onSetUpTemplate,
    },
    {
      key: 'designer', label: 'Designer', icon: <FormatPainterOutlined />, enabled: hasList,
      hint: hasList ? 'Design the mail piece' : 'Needs a mailing list first',
      run: () => navigate(`/projects/${projectId}/editor`),
    },
    {
      key: 'preview', label: 'Print Preview', icon: <EyeOutlined />, enabled: hasList && hasTemplate,
      hint: hasList && hasTemplate ? 'Generate the print files' : 'Needs a mailing list and a template',
      run: () => navigate(`/projects/${projectId}/production`),
    },
  ];
  return (
    <div className="workflow-actions">
      {actions.map((a) => (
        <div key={a.key} className="workflow-action">
          <Button type={a.key === next ? 'primary' : 'default'} icon={a.icon} disabled={!a.enabled} onClick={a.run} block>
            {a.label}
          </Button>
          <span className="hint">{a.hint}</span>
        </div>
      ))}
    </div>
  );
}
