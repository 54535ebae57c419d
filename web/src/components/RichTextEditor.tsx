import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Text } from '@park/catalog';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Form, Input, Modal, Spin, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from '../feedback.ts';
import { useLang } from '../i18n/index.ts';
import { FileUpload } from './FileUpload.tsx';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, uploadImage } from './uploadImage.ts';

/**
 * The editor's own words in both languages. They live in this lazily loaded chunk, not in the language
 * bundles every page loads, since only a page with a rich-text field ever shows them.
 */
const WORDS = {
  toolbar: { zh: '格式工具栏', en: 'Formatting toolbar' },
  bold: { zh: '加粗', en: 'Bold' },
  italic: { zh: '斜体', en: 'Italic' },
  underline: { zh: '下划线', en: 'Underline' },
  strike: { zh: '删除线', en: 'Strikethrough' },
  heading: { zh: '{{level}}级标题', en: 'Heading {{level}}' },
  bulletList: { zh: '无序列表', en: 'Bulleted list' },
  orderedList: { zh: '有序列表', en: 'Numbered list' },
  blockquote: { zh: '引用', en: 'Quote' },
  link: { zh: '链接', en: 'Link' },
  image: { zh: '插入图片', en: 'Insert image' },
  undo: { zh: '撤销', en: 'Undo' },
  redo: { zh: '重做', en: 'Redo' },
  linkTitle: { zh: '插入链接', en: 'Insert link' },
  linkAddress: { zh: '链接地址', en: 'Link address' },
  linkHint: {
    zh: '以 http://、https:// 或 mailto: 开头;留空则移除链接',
    en: 'Starts with http://, https:// or mailto:; leave empty to remove the link',
  },
  linkInvalid: {
    zh: '链接须以 http://、https:// 或 mailto: 开头',
    en: 'The link must start with http://, https:// or mailto:',
  },
  ok: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
} satisfies Record<string, Text>;

const LINK = /^(https?:\/\/|mailto:)\S+$/i;

interface RichTextEditorProps {
  /** The HTML the form holds (what the server stores, sanitised). */
  value?: string | null;
  onChange?: (html: string) => void;
  /** The field's label: the name of the text box. */
  label: string;
  /** A view: the text drawn as the editor's schema leaves it, no toolbar. */
  disabled?: boolean;
  /** The form item's id, on the text box. */
  id?: string;
}

/**
 * A rich-text field (a news item's or a guide's body) with TipTap: headings, lists, quotes, links and
 * images uploaded to the file store and inserted by their link. Its HTML goes through the editor's
 * schema, which keeps only what it knows; the server sanitises it again on every save.
 */
export default function RichTextEditor({ value, onChange, label, disabled = false, id }: RichTextEditorProps) {
  const lang = useLang();
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
      // A large picture fits the editor's width (the stored HTML loses the style; viewers size it themselves).
      Image.configure({ allowBase64: false, HTMLAttributes: { style: 'max-width:100%;height:auto' } }),
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(disabled ? { 'aria-readonly': 'true' } : {}),
        ...(id ? { id } : {}),
        style: `min-height:${disabled ? 0 : 240}px;padding:8px 12px;outline:none`,
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });

  // A value set from outside (the form reset or filled after loading) replaces what the editor shows.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const html = value ?? '';
    if (html !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div
      className="rich-text"
      style={{
        border: disabled ? undefined : `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      {!disabled && editor && <Toolbar editor={editor} words={(key) => WORDS[key][lang]} />}
      <EditorContent editor={editor} />
    </div>
  );
}

type Words = (key: keyof typeof WORDS) => string;

function Toolbar({ editor, words }: { editor: Editor; words: Words }) {
  const [linking, setLinking] = useState(false);
  // The editor does not redraw its surroundings on each keystroke: the buttons read what they show here.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const heading = (level: 1 | 2 | 3) => (
    <Tool
      key={level}
      // The name starts with the H1 it shows (axe: label-content-name-mismatch).
      label={`H${level} ${words('heading').replace('{{level}}', String(level))}`}
      pressed={state[`h${level}`]}
      onClick={() => chain().toggleHeading({ level }).run()}
    >
      H{level}
    </Tool>
  );
  const insertImage = (file: File) =>
    uploadImage(file)
      .then((src) =>
        chain()
          .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
          .run(),
      )
      .catch((error: Error) => void toast.error(error.message));

  return (
    <Flex
      role="toolbar"
      aria-label={words('toolbar')}
      wrap
      gap={2}
      align="center"
      style={{ padding: 4, borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <Tool label={words('bold')} pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined />
      </Tool>
      <Tool label={words('italic')} pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </Tool>
      <Tool label={words('underline')} pressed={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <UnderlineOutlined />
      </Tool>
      <Tool label={words('strike')} pressed={state.strike} onClick={() => chain().toggleStrike().run()}>
        <StrikethroughOutlined />
      </Tool>
      <Divider orientation="vertical" />
      {heading(1)}
      {heading(2)}
      {heading(3)}
      <Divider orientation="vertical" />
      <Tool label={words('bulletList')} pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <UnorderedListOutlined />
      </Tool>
      <Tool label={words('orderedList')} pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <OrderedListOutlined />
      </Tool>
      <Tool label={words('blockquote')} pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <span aria-hidden>“ ”</span>
      </Tool>
      <Divider orientation="vertical" />
      <Tool label={words('link')} pressed={state.link} onClick={() => setLinking(true)}>
        <LinkOutlined />
      </Tool>
      <FileUpload types={IMAGE_EXTENSIONS} maxBytes={MAX_IMAGE_BYTES} upload={insertImage}>
        {(busy) => (
          <Spin spinning={busy} size="small">
            <Tool label={words('image')}>
              <PictureOutlined />
            </Tool>
          </Spin>
        )}
      </FileUpload>
      <Divider orientation="vertical" />
      <Tool label={words('undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoOutlined />
      </Tool>
      <Tool label={words('redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoOutlined />
      </Tool>
      {linking && (
        <LinkDialog
          words={words}
          initial={String(editor.getAttributes('link').href ?? '')}
          onClose={() => {
            setLinking(false);
            editor.commands.focus();
          }}
          onDone={(href) => {
            setLinking(false);
            const range = chain().extendMarkRange('link');
            (href ? range.setLink({ href }) : range.unsetLink()).run();
          }}
        />
      )}
    </Flex>
  );
}

interface ToolProps {
  label: string;
  /** A toggle's state (bold on at the cursor); undefined for a plain action. */
  pressed?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

/** A toolbar button named by its action (its icon alone shows), a toggle saying whether it is on. */
function Tool({ label, pressed, disabled, onClick, children }: ToolProps) {
  return (
    <Button
      type={pressed ? 'primary' : 'text'}
      size="small"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      // The text keeps its selection while a button is clicked.
      onMouseDown={(event) => event.preventDefault()}
    >
      {children}
    </Button>
  );
}

interface LinkDialogProps {
  words: Words;
  initial: string;
  onClose: () => void;
  /** The address to link the selection to; empty removes the link. */
  onDone: (href: string) => void;
}

function LinkDialog({ words, initial, onClose, onDone }: LinkDialogProps) {
  const [form] = Form.useForm<{ href: string }>();
  return (
    <Modal
      open
      title={words('linkTitle')}
      okText={words('ok')}
      cancelText={words('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ href: initial }}
        onFinish={({ href }) => onDone((href ?? '').trim())}
      >
        <Form.Item
          name="href"
          label={words('linkAddress')}
          extra={words('linkHint')}
          rules={[{ pattern: LINK, message: words('linkInvalid') }]}
        >
          <Input autoFocus placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
