import { ArrowLeftOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Result, Row, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors.ts';

/** What the versions table shows of a saved version. */
export interface VersionRow {
  id: string;
  version: number;
  main: boolean;
  createTime: string;
  createUser?: string;
  createUserName?: string | null;
}

/** The screen's own words (each history keeps its texts in its own namespace). */
export interface VersionHistoryTexts {
  back: string;
  version: string;
  time: string;
  user: string;
  /** The main column's title. */
  main: string;
  /** The tag on the main version. */
  mainTag: string;
  setMain: string;
  /** A version's button in the table. */
  versionLabel: (version: number) => string;
  /** The table's text when there is no version; antd's own when left out. */
  noVersions?: string;
}

/** The version picked by id, else the main one (until another is picked), else the first. */
export function pickedVersion<R extends VersionRow>(rows: R[], pickedId: string | undefined): R | undefined {
  return rows.find((row) => row.id === pickedId) ?? rows.find((row) => row.main) ?? rows[0];
}

function BackButton({ label, onBack }: { label: string; onBack: () => void }) {
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      {label}
    </Button>
  );
}

/** A history that could not be read: forbidden, gone or failed, with the way back. */
export function VersionHistoryUnavailable({
  title,
  failure,
  back,
  onBack,
}: {
  title: string;
  failure: Error;
  back: string;
  onBack: () => void;
}) {
  const code = failure instanceof ApiError ? failure.code : 0;
  return (
    <Result
      status={code === 403 ? '403' : code === 404 ? '404' : 'error'}
      title={title}
      subTitle={failure.message}
      extra={<BackButton label={back} onBack={onBack} />}
    />
  );
}

/**
 * Every saved version of a design (version, time, who, the main one marked, 设为主版本 where allowed) beside the
 * picked version's preview; a row or its version button picks it. Form and model histories both show it.
 */
export function VersionHistory<R extends VersionRow>({
  title,
  texts,
  onBack,
  rows,
  picked,
  onPick,
  maySetMain,
  onSetMain,
  preview,
  gutter = 16,
}: {
  title: ReactNode;
  texts: VersionHistoryTexts;
  onBack: () => void;
  rows: R[];
  picked: R | undefined;
  onPick: (row: R) => void;
  maySetMain: boolean;
  onSetMain: (row: R) => void;
  /** The preview column (the picked version, or what stands when there is none). */
  preview: (picked: R | undefined) => ReactNode;
  /** The horizontal space between the table and the preview. */
  gutter?: number;
}) {
  return (
    <Card title={title} extra={<BackButton label={texts.back} onBack={onBack} />} styles={{ body: { paddingTop: 12 } }}>
      <Row gutter={[gutter, 16]}>
        <Col xs={24} xl={10}>
          <Table<R>
            rowKey="id"
            size="small"
            bordered
            pagination={false}
            dataSource={rows}
            locale={texts.noVersions === undefined ? undefined : { emptyText: texts.noVersions }}
            rowClassName={(row) => (row.id === picked?.id ? 'ant-table-row-selected' : '')}
            onRow={(row) => ({
              style: { cursor: 'pointer' },
              onClick: (event) => {
                if (!(event.target as HTMLElement).closest('button')) onPick(row);
              },
            })}
            columns={[
              {
                key: 'version',
                title: texts.version,
                render: (_, row) => (
                  <Button type="link" size="small" aria-pressed={row.id === picked?.id} onClick={() => onPick(row)}>
                    {texts.versionLabel(row.version)}
                  </Button>
                ),
              },
              { key: 'createTime', dataIndex: 'createTime', title: texts.time },
              {
                key: 'createUser',
                title: texts.user,
                render: (_, row) => row.createUserName ?? row.createUser ?? '',
              },
              {
                key: 'main',
                title: texts.main,
                render: (_, row) =>
                  row.main ? (
                    <Tag color="success" icon={<CheckCircleOutlined />}>
                      {texts.mainTag}
                    </Tag>
                  ) : (
                    maySetMain && (
                      <Button size="small" onClick={() => onSetMain(row)}>
                        {texts.setMain}
                      </Button>
                    )
                  ),
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={14}>
          {preview(picked)}
        </Col>
      </Row>
    </Card>
  );
}
