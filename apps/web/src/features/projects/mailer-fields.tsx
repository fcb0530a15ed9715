import { Col, Form, Radio, Row, type FormInstance } from 'antd';
import { MAILER_SIZES, MORE_SIZES_MESSAGE, type TemplateType } from '@mailcraft/shared';
import { mailerSizeOptions, sidesOptions, templateTypeOptions } from './project-labels';

type MailerValues = { template_type: TemplateType; paper_size: string; sides: string };

/**
 * Mailer type, size and sides of a project form (docs/requirements/workflow.md#route-table): the size is limited to the
 * type's allowed size ('Additional sizes coming soon') and resets to it when the type changes.
 * Each is a row of radio buttons — two types, one size per type, two sides: every choice in
 * view, and no Select on the project list's first load (docs/requirements/workflow.md#clear-states-and-fast-pages).
 * `stacked` puts the fields under each other (narrow cards). Lives inside an antd Form whose values include template_type, paper_size and sides.
 */
export function MailerFields<T extends MailerValues>({ form, stacked = false }: { form: FormInstance<T>; stacked?: boolean }) {
  const col = stacked ? { span: 24 } : { xs: 24, sm: 8 };
  const type: TemplateType = Form.useWatch('template_type', form) ?? 'self_mailer';
  const setField = form.setFieldValue as (name: keyof MailerValues, value: unknown) => void;
  return (
    <Row gutter={16}>
      <Col {...col}>
        <Form.Item label="Mailer type" name="template_type">
          <Radio.Group
            aria-label="Mailer type"
            optionType="button"
            options={templateTypeOptions}
            onChange={(e) => setField('paper_size', MAILER_SIZES[e.target.value as TemplateType][0])}
          />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Size" name="paper_size" extra={MORE_SIZES_MESSAGE}>
          <Radio.Group aria-label="Size" optionType="button" options={mailerSizeOptions(type)} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label="Sides" name="sides">
          <Radio.Group aria-label="Sides" optionType="button" options={sidesOptions} />
        </Form.Item>
      </Col>
    </Row>
  );
}
