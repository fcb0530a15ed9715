import type { ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { Card } from '../../components/card';
import { CheckOutlined } from '@ant-design/icons';
import type { TPermit } from '@mailcraft/shared';
import { IndiciaBox } from './indicia-box';

/**
 * One permit of the permit list (docs/requirements/projects.md#data): name, 'Default' tag, the mail owner's Mailer ID when it has one
 * (docs/requirements/mail-tracking.md#imb-assignment), indicia, Select and a delete action.
 */
export function PermitCard({ permit, selected, onSelect, deleteAction }: {
  permit: TPermit;
  selected: boolean;
  onSelect: () => void;
  deleteAction: ReactNode;
}) {
  return (
    <Card size="small" className={selected ? 'permit-card selected' : 'permit-card'} data-testid="permit-card">
      <div className="permit-card-head">
        <span className="permit-card-name" title={permit.name}>{permit.name}</span>
        {permit.is_default && <Tag color="green">Default</Tag>}
        {selected && <Tag color="blue">Selected</Tag>}
        {permit.mailer_id && <Tag title="The mail owner's Mailer ID: IMbs of projects under this permit carry it">Mailer ID {permit.mailer_id}</Tag>}
      </div>
      <div className="permit-card-indicia">
        <IndiciaBox indicia={permit.indicia} />
      </div>
      <div className="permit-card-actions">
        <Button
          type={selected ? 'default' : 'primary'}
          icon={selected ? <CheckOutlined /> : undefined}
          disabled={selected}
          onClick={onSelect}
          aria-label={`Select permit ${permit.name}`}
        >
          {selected ? 'Selected' : 'Select'}
        </Button>
        {deleteAction}
      </div>
    </Card>
  );
}
