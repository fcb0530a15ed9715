import { useId, useState } from 'react';
import { Alert, Button, Checkbox, Col, Form, Modal, Radio, Row, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  MAILER_SIZES, MORE_SIZES_MESSAGE, PIXEL_SIZES_300DPI,
  type PaperSize, type Sides, type TemplateType, type TProject,
} from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { PermitList } from '../permits/permit-list';
import { sidesOptions, templateTypeOptions } from './project-labels';
import { templateGuideUrl, useSetProjectPermit, useUpdateProject } from './projects-api';
import './projects.css';

/**
 * Paper sizes of the setup screen: the sizes the type is printed at (MAILER_SIZES — the server
 * refuses any other for the type). Larger sizes are not listed until they can be printed.
 */
const paperSizeOptions = (type: TemplateType) => MAILER_SIZES[type].map((size) => ({ value: size, label: size }));

/** '2550 × 3300 px at 300 DPI' (docs/requirements/designer.md#limits). */
export const pixelSizeText = (size: PaperSize) => {
  const px = PIXEL_SIZES_300DPI[size];
  return px ? `${px.width} × ${px.height} px at 300 DPI` : '';
};

/**
 * Template setup screen (docs/requirements/workflow.md#route-table "Template setup screen"): paper size, template type, sides,
 * the background image's pixel size at 300 DPI, PSD and PDF template downloads, 'Using Mailing
 * Permit' with the permit list, and Cancel / Continue to Editor. Continue saves the project
 * (POST /api/projects/{id}/update) and its permit (PUT /api/templates/project/{id}/permit: the
 * selected permit, or null when unchecked and the project had its own permit), then opens
 * /projects/{id}/editor; a failure shows the message and stays on the screen.
 */
export function TemplateSetup({ project, onClose }: { project: TProject; onClose: () => void }) {
  const navigate = useNavigate();
  const ids = useId();
  const [type, setType] = useState<TemplateType>(project.template_type);
  const [paperSize, setPaperSize] = useState<PaperSize>(() =>
    (MAILER_SIZES[project.template_type] as string[]).includes(project.paper_size)
      ? (project.paper_size as PaperSize)
      : MAILER_SIZES[project.template_type][0]);
  const [sides, setSides] = useState<Sides>(project.sides);
  const [usingPermit, setUsingPermit] = useState(project.permit_type === 'custom');
  const [permitId, setPermitId] = useState<string | null>(project.mailing_permit_id);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProject();
  const setPermit = useSetProjectPermit();
  const saving = update.isPending || setPermit.isPending;

  const changeType = (next: TemplateType) => {
    setType(next);
    setPaperSize(MAILER_SIZES[next][0]);
  };

  const continueToEditor = async () => {
    setFailure(null);
    try {
      await update.mutateAsync({
        id: project.id, name: project.name, description: project.description ?? '',
        template_type: type, paper_size: paperSize, sides,
      });
    } catch (err) {
      setFailure(`Failed to update project: ${errorDetail(err)}`);
      return;
    }
    // Unchecked on a project without a permit of its own: leave its Mailcraft/no-permit choice alone
    // (the server turns a null permit into permit_type 'none').
    const permitUnchanged = !usingPermit && project.permit_type !== 'custom';
    if (!permitUnchanged) {
      try {
        await setPermit.mutateAsync({
          id: project.id, permitId: usingPermit ? permitId : null, templateType: type, paperSize, sides,
        });
      } catch (err) {
        setFailure(`Failed to select permit: ${errorDetail(err)}`);
        return;
      }
    }
    navigate(`/projects/${project.id}/editor`);
  };

  const guide = { paperSize, templateType: type, sides };
  return (
    <Modal
      open
      title="Template setup"
      width={880}
      onCancel={onClose}
      mask={{ closable: !saving }}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>Cancel</Button>,
        <Button
          key="continue"
          type="primary"
          loading={saving}
          disabled={usingPermit && !permitId}
          onClick={continueToEditor}
        >
          Continue to Editor
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item label="Template type" htmlFor={`${ids}-type`}>
              <Select id={`${ids}-type`} value={type} onChange={changeType} options={templateTypeOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Paper size" htmlFor={`${ids}-size`} extra={MORE_SIZES_MESSAGE}>
              <Select id={`${ids}-size`} value={paperSize} onChange={setPaperSize} options={paperSizeOptions(type)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Sides">
              <Radio.Group aria-label="Sides" optionType="button" value={sides} onChange={(e) => setSides(e.target.value)} options={sidesOptions} />
            </Form.Item>
          </Col>
        </Row>
        <div className="pixel-size">
          <div>
            <div className="page-subtitle" style={{ marginTop: 0 }}>Background image size for {paperSize}</div>
            <strong>{pixelSizeText(paperSize)}</strong>
          </div>
          <div className="guide-buttons">
            <Button icon={<DownloadOutlined />} href={templateGuideUrl('psd', guide)} download>Download PSD template</Button>
            <Button icon={<DownloadOutlined />} href={templateGuideUrl('pdf', guide)} download>Download PDF template</Button>
          </div>
        </div>
        <Form.Item style={{ marginBottom: 12 }}>
          <Checkbox checked={usingPermit} onChange={(e) => setUsingPermit(e.target.checked)}>Using Mailing Permit</Checkbox>
        </Form.Item>
        {usingPermit && <PermitList selectedId={permitId} onSelect={(permit) => setPermitId(permit?.id ?? null)} />}
        {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} />}
      </Form>
    </Modal>
  );
}
