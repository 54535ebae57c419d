import { Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { toast } from '../feedback.ts';
import { acceptOf, type FileLimits, fileProblem } from './fileProblem.ts';

interface FileUploadProps extends FileLimits {
  /** Sends the file (our own request, not antd's); it shows its own success or failure. */
  upload: (file: File) => Promise<unknown>;
  /**
   * Why a file cannot be sent, in a screen's own words (the avatar's, the server's); without it the
   * upload checks `types` and `maxBytes` itself and names them. Undefined when the file can be sent.
   */
  check?: (file: File) => string | undefined;
  /** The file chooser's filter; by default the `types`. */
  accept?: string;
  /** What opens the file chooser, told whether a file is on its way. */
  children: (busy: boolean) => ReactNode;
}

/** One file at a time picked with antd's Upload and sent by `upload`; no list of its own. */
export function FileUpload({ upload, check, types, maxBytes, accept, children }: FileUploadProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={accept ?? (types ? acceptOf(types) : undefined)}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        const problem = check ? check(file) : fileProblem(file, { types, maxBytes });
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
