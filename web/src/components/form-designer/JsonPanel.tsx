import { CheckOutlined, DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { type FormSchema, schemaProblems } from '@park/catalog/forms';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback.ts';
import { useLang } from '../../i18n/index.ts';
import { saveBlob } from '../../utils/download.ts';
import { FileUpload } from '../FileUpload.tsx';

/** A form schema file is small: 1 MB is far more than 200 fields need. */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * The schema as JSON: copied from the box or downloaded as a file (export), or pasted there or read from a file and
 * applied (import) once it parses and `schemaProblems` finds nothing, so the designer never holds a broken form.
 */
export function JsonPanel({
  schema,
  name,
  onApply,
}: {
  schema: FormSchema;
  name: string;
  onApply: (schema: FormSchema) => void;
}) {
  const { t } = useTranslation('forms');
  const lang = useLang();
  const [text, setText] = useState(() => JSON.stringify(schema, null, 2));
  const [problems, setProblems] = useState<string[]>([]);

  const apply = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setProblems([t('json.invalid', { reason: (error as Error).message })]);
      return;
    }
    const found = schemaProblems(parsed).map((problem) => problem[lang]);
    setProblems(found);
    if (found.length) return;
    onApply(parsed as FormSchema);
    toast.success(t('json.applied'));
  };

  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Typography.Text type="secondary" id="form-json-hint">
        {t('json.hint')}
      </Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" icon={<CheckOutlined />} onClick={apply}>
          {t('json.apply')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => saveBlob(new Blob([text], { type: 'application/json' }), `${name || 'form'}.json`)}
        >
          {t('json.download')}
        </Button>
        <FileUpload types={['json']} maxBytes={MAX_JSON_BYTES} upload={async (file) => setText(await file.text())}>
          {(busy) => (
            <Button icon={<ImportOutlined />} loading={busy}>
              {t('json.importFile')}
            </Button>
          )}
        </FileUpload>
      </Flex>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('json.problems')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      )}
      <Input.TextArea
        aria-describedby="form-json-hint"
        aria-label={t('designer.tabJson')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        style={{ flex: 1, minHeight: 360, fontFamily: 'monospace', fontSize: 12 }}
      />
    </Flex>
  );
}
