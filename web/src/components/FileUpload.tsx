import { Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { toast } from '../feedback.ts';

interface FileUploadProps {
  /** Sends the file (our own request, not antd's); it shows its own success or failure. */
  upload: (file: File) => Promise<unknown>;
  /** Why a file cannot be sent (type, size), shown instead of sending it; undefined when it can. */
  check?: (file: File) => string | undefined;
  accept?: string;
  /** What opens the file chooser, told whether a file is on its way. */
  children: (busy: boolean) => ReactNode;
}

/** One file at a time picked with antd's Upload and sent by `upload`; no list of its own. */
export function FileUpload({ upload, check, accept, children }: FileUploadProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={accept}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        const problem = check?.(file);
        if (problem) {
          toast.error(problem);
          return Upload.LIST_IGNORE;
        }
        setBusy(true);
        void upload(file)
          .catch(() => undefined)
          .finally(() => setBusy(false));
        // antd only picks the file; returning false keeps it from sending one itself.
        return false;
      }}
    >
      {children(busy)}
    </Upload>
  );
}
