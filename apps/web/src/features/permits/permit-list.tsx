import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Empty, Popconfirm, Row, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TPermit } from '@mailcraft/shared';
import { useDeletePermit, usePermits } from './permits-api';
import { useFlashMessage } from './use-flash-message';
import { PermitForm } from './permit-form';
import { PermitCard } from './permit-card';

export type PermitSelectHow = 'user' | 'auto';

type Props = {
  /** The permit chosen for the project (or the project being created); null/undefined when none. */
  selectedId: string | null | undefined;
  /**
   * Called when the user selects a permit ('user') and when the list picks one itself ('auto'):
   * on load the default permit is auto-selected, and a deleted selection falls back to the default
   * (docs/requirements/workflow.md#workflow-order). May return a promise; a rejection shows 'Failed to select permit'.
   */
  onSelect: (permit: TPermit | null, how: PermitSelectHow) => void | Promise<unknown>;
};

/**
 * The user's mailing permits (docs/requirements/workflow.md#route-table "Template setup screen", §3, §4, §8): each with its
 * indicia, a 'Default' tag, Select and Delete ('Are you sure you want to delete this permit?'),
 * and Add New Permit. Success messages clear after 3 s; failures show the spec's messages.
 */
export function PermitList({ selectedId, onSelect }: Props) {
  const permits = usePermits();
  const remove = useDeletePermit();
  const flash = useFlashMessage();
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  const list = permits.data;
  useEffect(() => {
    if (!list) return;
    if (selectedId && list.some((p) => p.id === selectedId)) return;
    const fallback = list.find((p) => p.is_default) ?? null;
    if ((fallback?.id ?? null) === (selectedId ?? null)) return;
    void onSelectRef.current(fallback, 'auto');
  }, [list, selectedId]);

  const select = async (permit: TPermit) => {
    setFailure(null);
    try {
      await onSelect(permit, 'user');
      flash.show('Permit selected successfully');
    } catch {
      flash.clear();
      setFailure('Failed to select permit');
    }
  };

  const del = (permit: TPermit) => {
    setFailure(null);
    return remove.mutateAsync(permit.id).then(
      () => flash.show('Permit deleted successfully'),
      () => {
        flash.clear();
        setFailure('Failed to delete permit');
      },
    );
  };

  if (permits.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (permits.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load mailing permits"
        action={<Button size="small" onClick={() => permits.refetch()}>Retry</Button>}
      />
    );
  }

  const permitList = permits.data;
  return (
    <div className="permit-list" aria-label="Mailing permits" role="region">
      {flash.text && <Alert type="success" showIcon title={flash.text} style={{ marginBottom: 12 }} />}
      {failure && (
        <Alert type="error" showIcon title={failure} closable={{ onClose: () => setFailure(null) }} style={{ marginBottom: 12 }} />
      )}
      {permitList.length === 0 && !adding && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No mailing permits yet" />
      )}
      <Row gutter={[12, 12]} className="permit-grid">
        {permitList.map((permit) => (
          <Col key={permit.id} xs={24} sm={12} lg={8}>
            <PermitCard
              permit={permit}
              selected={permit.id === selectedId}
              onSelect={() => select(permit)}
              deleteAction={
                <Popconfirm
                  title="Are you sure you want to delete this permit?"
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  cancelText="Cancel"
                  onConfirm={() => del(permit)}
                >
                  <Button danger aria-label={`Delete permit ${permit.name}`}>Delete</Button>
                </Popconfirm>
              }
            />
          </Col>
        ))}
      </Row>
      <div style={{ marginTop: 12 }}>
        {adding ? (
          <PermitForm
            onCancel={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              setFailure(null);
              flash.show('Permit saved successfully');
            }}
          />
        ) : (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>Add New Permit</Button>
        )}
      </div>
    </div>
  );
}
