import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Switch, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { type ImportProblem, importUsers, userImportReport, userImportTemplate } from '../../../api/system.ts';
import { toast } from '../../../feedback.ts';
import { saveBlob } from '../../../utils/download.ts';

const XLSX = '.xlsx';

const problemsOf = (error: unknown): ImportProblem[] =>
  error instanceof ApiError && Array.isArray(error.data) ? (error.data as ImportProblem[]) : [];

/**
 * 用户数据导入: download the template, pick an .xlsx, choose whether existing accounts are
 * overwritten, upload. A refused file shows the server's row-by-row report, downloadable as .xlsx.
 */
export function ImportModal({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation(['system', 'common']);
  const [file, setFile] = useState<File>();
  const [covered, setCovered] = useState(false);
  const download = async (fetchFile: () => Promise<{ blob: Blob; name?: string }>, fallback: string) => {
    try {
      const got = await fetchFile();
      saveBlob(got.blob, got.name ?? fallback);
    } catch {
      // Already shown.
    }
  };
  const upload = useMutation({
    mutationFn: (chosen: File) => importUsers(chosen, covered),
    onSuccess: (count) => {
      toast.success(t('user.imported', { count }));
      onImported();
      onClose();
    },
  });
  const problems = problemsOf(upload.error);

  return (
    <Modal
      open
      title={t('user.importTitle')}
      width={720}
      onCancel={onClose}
      okText={t('user.startImport')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: upload.isPending, icon: <UploadOutlined /> }}
      onOk={() => (file ? upload.mutate(file) : toast.warning(t('user.fileRequired')))}
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('user.importSteps')}</Typography.Text>
        <Flex gap={12} align="center" wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => download(userImportTemplate, `${t('user.importTitle')}.xlsx`)}
          >
            {t('user.downloadTemplate')}
          </Button>
          <Upload
            accept={XLSX}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              if (!chosen.name.toLowerCase().endsWith(XLSX)) toast.warning(t('user.onlyXlsx'));
              else {
                setFile(chosen);
                upload.reset();
              }
              // Held here and sent with the switch's value when the operator starts the import.
              return false;
            }}
            onRemove={() => setFile(undefined)}
          >
            <Button icon={<UploadOutlined />}>{t('user.chooseFile')}</Button>
          </Upload>
        </Flex>
        <Flex gap={8} align="center">
          <Switch checked={covered} onChange={setCovered} aria-label={t('user.covered')} />
          <span>{t('user.covered')}</span>
          <Typography.Text type="secondary">{t('user.coveredHelp')}</Typography.Text>
        </Flex>
        {problems.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              title={upload.error?.message}
              action={
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => download(() => userImportReport(problems), t('user.reportName'))}
                >
                  {t('user.downloadReport')}
                </Button>
              }
            />
            <Table<ImportProblem>
              size="small"
              rowKey={(p) => `${p.row}:${p.column}:${p.message}`}
              dataSource={problems}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('user.problemRow'), width: 80 },
                { key: 'column', dataIndex: 'column', title: t('user.problemColumn'), width: 140 },
                { key: 'message', dataIndex: 'message', title: t('user.problemMessage') },
              ]}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
