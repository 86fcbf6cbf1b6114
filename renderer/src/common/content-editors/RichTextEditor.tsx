/**
 * The rich-text field of cities, hotels, tours and transports (spec 01 §5): TipTap (ProseMirror)
 * with a Blueprint toolbar — bold, italic, headings H1–H4, lists, links, tables (columns 1–10,
 * rows 1–30), images uploaded through POST /api/images, undo/redo — and a plain-text counter.
 * Controlled: `value` is HTML, `onChange` gets HTML ('' when empty). Nothing here evaluates code or
 * writes inline scripts, so it runs under the app's Content-Security-Policy.
 */
import {
  Button,
  ButtonGroup,
  type ButtonProps,
  Checkbox,
  DialogBody,
  DialogFooter,
  Divider,
  FormGroup,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { PHOTO_POLICY, policyAccept, precheckFile, RICH_TEXT_LIMITS, type UploadedFile } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import { richTextLimit, type RichTextField } from '@shared/rich-text-fields';
import { Extension, type Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../api/http';
import { AppDialog } from '../AppDialog';
import { notifyFailure } from '../failure';
import { NumberField } from '../form/NumberField';
import { toast } from '../toaster';
import { altFromFileName, clampTableSize, normalizeLink } from './richText';
import { EDITOR_TEXTS as T } from './texts';
import './editors.css';

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  /** Gets the HTML after every change; '' when the text is empty. */
  onChange(html: string): void;
  /**
   * Which listed rich-text field this edits (shared/rich-text-fields.ts): its limit in characters of
   * plain text, where typing and pasting stop (a counter shows the count). Being listed is what has the
   * server's test check that the field's schema sanitizes it.
   */
  field: RichTextField;
  /** Sent as `entity` with images uploaded from the editor (`city`, `hotel`, …). */
  entity: string;
  /** Endpoint under /api for editor images; default `/images` (multipart `image`, `entity`). */
  imageUploadPath?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Marks the field invalid (red border), e.g. when the form has an error for it. */
  invalid?: boolean;
  /** id of the editable area, for a FormGroup's labelFor. */
  id?: string;
  'aria-label'?: string;
}

/** Set on transactions that load `value` from outside: they are not held to the length limit. */
const FROM_VALUE = 'backofficeFromValue';

/** Plain-text length as the counter shows it: leaf nodes (images, line breaks) count as one. */
const textLength = (doc: ProseMirrorNode) => doc.textBetween(0, doc.content.size, undefined, ' ').length;

/**
 * Holds user edits to `limit` characters of plain text, as an input's maxlength does: typing past
 * it does nothing, a paste is cut to fit; deleting is always possible. Loading a longer `value`
 * is not refused, nor cut: nothing saved is lost by opening it.
 */
const TextLimit = Extension.create<{ limit: number | null }>({
  name: 'textLimit',
  addOptions: () => ({ limit: null }),
  addProseMirrorPlugins() {
    const limit = this.options.limit;
    return [
      new Plugin({
        key: new PluginKey('textLimit'),
        filterTransaction: (transaction, state) => {
          if (!limit || !transaction.docChanged || transaction.getMeta(FROM_VALUE)) return true;
          const before = textLength(state.doc);
          const after = textLength(transaction.doc);
          if (after <= limit || after <= before) return true;
          if (!transaction.getMeta('paste') || before >= limit) return false;
          const head = transaction.selection.$head.pos;
          transaction.deleteRange(Math.max(0, head - (after - limit)), head);
          return textLength(transaction.doc) <= limit;
        },
      }),
    ];
  },
});

const HEADING_LEVELS = RICH_TEXT_LIMITS.headingLevels;

export function RichTextEditor({
  value,
  onChange,
  field,
  entity,
  imageUploadPath = '/images',
  disabled = false,
  placeholder,
  invalid = false,
  id,
  'aria-label': ariaLabel = T.richText.editorLabel,
}: RichTextEditorProps) {
  const maxLength = richTextLimit(field);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The HTML last sent out or loaded, so that our own change coming back as `value` is not reloaded. */
  const lastHtml = useRef(value);

  const editor = useEditor(
    {
      extensions: [
        StarterKit.configure({
          heading: { levels: [...HEADING_LEVELS] },
          link: {
            openOnClick: false,
            autolink: true,
            defaultProtocol: 'https',
            // No custom schemes: linkify registers them once per page, and every further editor (a
            // city has several) would warn 'already initialized' in the console. mailto: and tel: are
            // allowed link protocols without it (the link dialog inserts them).
            protocols: [],
            isAllowedUri: (url, context) => context.defaultValidate(url) && normalizeLink(url) !== null,
          },
        }),
        TableKit.configure({ table: { resizable: false } }),
        Image.configure({ allowBase64: false, inline: false }),
        Placeholder.configure({ placeholder: placeholder ?? '' }),
        TextLimit.configure({ limit: maxLength }),
      ],
      content: value,
      editable: !disabled,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          class: 'rich-text-content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': ariaLabel,
          ...(id ? { id } : {}),
        },
      },
      onUpdate: ({ editor: current }) => {
        const html = current.isEmpty ? '' : current.getHTML();
        lastHtml.current = html;
        onChangeRef.current(html);
      },
    },
    // The extension set is fixed for the editor's life; a new limit or placeholder builds a new editor.
    [maxLength, placeholder],
  );

  // A `value` from outside (a record loaded, a form reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === lastHtml.current) return;
    lastHtml.current = value;
    editor.chain().setMeta(FROM_VALUE, true).setMeta('addToHistory', false).setContent(value || '', { emitUpdate: false }).run();
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: HEADING_LEVELS.find((level) => current.isActive('heading', { level })) ?? 0,
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      inTable: current.isActive('table'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      length: textLength(current.state.doc),
    }),
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [tableOpen, setTableOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);

  const uploadImage = async (file: File) => {
    if (!editor) return;
    const refused = precheckFile(file, PHOTO_POLICY);
    if (refused) {
      toast.error(`${refused} ${MESSAGES.files.checkPhoto}`, MESSAGES.errors.saveFailedTitle);
      return;
    }
    const form = new FormData();
    form.append('image', file, file.name);
    form.append('entity', entity);
    setUploading(true);
    try {
      const uploaded = await api.post<UploadedFile>(imageUploadPath, form);
      if (!editor.isDestroyed) editor.chain().focus().setImage({ src: uploaded.url, alt: altFromFileName(file.name) }).run();
    } catch (error) {
      notifyFailure(error, '', { title: MESSAGES.errors.saveFailedTitle, format: (reason) => (reason ? `${reason} ${MESSAGES.files.checkPhoto}` : MESSAGES.files.checkPhoto) });
    } finally {
      setUploading(false);
    }
  };

  const run = (command: (editor: Editor) => void) => () => {
    if (editor && !disabled) command(editor);
  };
  const off = disabled || !editor;
  const over = (state?.length ?? 0) > maxLength;

  return (
    <div className={`rich-text-editor${invalid || over ? ' is-invalid' : ''}${disabled ? ' is-disabled' : ''}`} data-testid="rich-text-editor">
      <div className="rich-text-toolbar" role="toolbar" aria-label="Форматирование">
        <ButtonGroup variant="minimal">
          <ToolButton icon="bold" label={T.richText.bold} active={state?.bold} disabled={off} onClick={run((e) => e.chain().focus().toggleBold().run())} />
          <ToolButton icon="italic" label={T.richText.italic} active={state?.italic} disabled={off} onClick={run((e) => e.chain().focus().toggleItalic().run())} />
        </ButtonGroup>
        <Divider />
        <ButtonGroup variant="minimal">
          {HEADING_LEVELS.map((level) => (
            <ToolButton
              key={level}
              text={`H${level}`}
              label={T.richText.heading(level)}
              active={state?.heading === level}
              disabled={off}
              onClick={run((e) => e.chain().focus().toggleHeading({ level }).run())}
            />
          ))}
        </ButtonGroup>
        <Divider />
        <ButtonGroup variant="minimal">
          <ToolButton icon="properties" label={T.richText.bulletList} active={state?.bulletList} disabled={off} onClick={run((e) => e.chain().focus().toggleBulletList().run())} />
          <ToolButton icon="numbered-list" label={T.richText.orderedList} active={state?.orderedList} disabled={off} onClick={run((e) => e.chain().focus().toggleOrderedList().run())} />
          <ToolButton icon="link" label={T.richText.link} active={state?.link} disabled={off} onClick={() => setLinkOpen(true)} />
        </ButtonGroup>
        <Divider />
        <ButtonGroup variant="minimal">
          <ToolButton icon="th" label={T.richText.table} disabled={off} onClick={() => setTableOpen(true)} />
          <ToolButton icon="add-row-bottom" label={T.richText.addRow} disabled={off || !state?.inTable} onClick={run((e) => e.chain().focus().addRowAfter().run())} />
          <ToolButton icon="add-column-right" label={T.richText.addColumn} disabled={off || !state?.inTable} onClick={run((e) => e.chain().focus().addColumnAfter().run())} />
          <ToolButton icon="remove-row-bottom" label={T.richText.deleteRow} disabled={off || !state?.inTable} onClick={run((e) => e.chain().focus().deleteRow().run())} />
          <ToolButton icon="remove-column-right" label={T.richText.deleteColumn} disabled={off || !state?.inTable} onClick={run((e) => e.chain().focus().deleteColumn().run())} />
          <ToolButton icon="delete" label={T.richText.deleteTable} disabled={off || !state?.inTable} onClick={run((e) => e.chain().focus().deleteTable().run())} />
        </ButtonGroup>
        <Divider />
        <ButtonGroup variant="minimal">
          <ToolButton
            icon={uploading ? <Spinner size={16} /> : 'media'}
            label={T.richText.image}
            disabled={off || uploading}
            onClick={() => imageInput.current?.click()}
          />
        </ButtonGroup>
        <Divider />
        <ButtonGroup variant="minimal">
          <ToolButton icon="undo" label={T.richText.undo} disabled={off || !state?.canUndo} onClick={run((e) => e.chain().focus().undo().run())} />
          <ToolButton icon="redo" label={T.richText.redo} disabled={off || !state?.canRedo} onClick={run((e) => e.chain().focus().redo().run())} />
        </ButtonGroup>
        <input
          ref={imageInput}
          type="file"
          hidden
          accept={policyAccept(PHOTO_POLICY)}
          aria-label={T.richText.image}
          data-testid="rich-text-image-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void uploadImage(file);
          }}
        />
      </div>

      <EditorContent editor={editor} className="rich-text-body" />

      <div className={`rich-text-counter${over ? ' is-over' : ''}`} aria-live="polite">
        {T.richText.counter(state?.length ?? 0, maxLength)}
      </div>

      {editor ? <LinkDialog isOpen={linkOpen} editor={editor} onClose={() => setLinkOpen(false)} /> : null}
      {editor ? <TableDialog isOpen={tableOpen} editor={editor} onClose={() => setTableOpen(false)} /> : null}
    </div>
  );
}

function ToolButton({
  icon,
  text,
  label,
  active = false,
  disabled,
  onClick,
}: {
  icon?: ButtonProps['icon'];
  text?: string;
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Button
      icon={icon}
      text={text}
      size="small"
      active={active}
      aria-pressed={active}
      aria-label={label}
      title={label}
      disabled={disabled}
      // Keep the editor's selection: a mouse-down on the toolbar must not take the focus away first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    />
  );
}

/** Enter confirms, without reaching a form the editor sits in (React events bubble through portals). */
const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  event.stopPropagation();
  action();
};

function LinkDialog({ isOpen, editor, onClose }: { isOpen: boolean; editor: Editor; onClose(): void }) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();

  const open = () => {
    setAddress((editor.getAttributes('link').href as string | undefined) ?? '');
    setError(undefined);
  };
  const apply = () => {
    const href = normalizeLink(address);
    if (!href) {
      setError(T.richText.linkInvalid);
      return;
    }
    const { empty, to } = editor.state.selection;
    // Selected text (or the link the cursor is in) becomes the link; otherwise the address is inserted as one.
    const linked = (!empty || editor.isActive('link')) && editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    if (!linked) editor.chain().focus(to).insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <AppDialog isOpen={isOpen} onOpening={open} onClose={onClose} title={T.richText.linkTitle} style={{ width: 460 }}>
      <DialogBody>
        <FormGroup label={T.richText.linkAddress} labelFor="rich-text-link" helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
          <InputGroup
            id="rich-text-link"
            autoFocus
            placeholder={T.richText.linkPlaceholder}
            value={address}
            intent={error ? Intent.DANGER : Intent.NONE}
            onValueChange={(text) => {
              setAddress(text);
              setError(undefined);
            }}
            onKeyDown={onEnter(apply)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {editor.isActive('link') ? <Button text={T.richText.linkRemove} intent={Intent.DANGER} variant="minimal" onClick={remove} /> : null}
            <Button text={T.richText.cancel} onClick={onClose} />
            <Button text={T.richText.linkApply} intent={Intent.PRIMARY} onClick={apply} />
          </>
        }
      />
    </AppDialog>
  );
}

function TableDialog({ isOpen, editor, onClose }: { isOpen: boolean; editor: Editor; onClose(): void }) {
  const { tableColumns, tableRows } = RICH_TEXT_LIMITS;
  const [cols, setCols] = useState<number>(tableColumns.default);
  const [rows, setRows] = useState<number>(tableRows.default);
  const [header, setHeader] = useState(true);

  const insert = () => {
    const size = clampTableSize({ rows, cols });
    editor.chain().focus().insertTable({ rows: size.rows, cols: size.cols, withHeaderRow: header }).run();
    onClose();
  };

  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title={T.richText.tableTitle} style={{ width: 360 }}>
      <DialogBody>
        <FormGroup label={T.richText.tableColumns} labelFor="rich-text-table-cols">
          <NumberField id="rich-text-table-cols" min={tableColumns.min} max={tableColumns.max} value={cols} onChange={(value) => setCols(Number(value))} onKeyDown={onEnter(insert)} />
        </FormGroup>
        <FormGroup label={T.richText.tableRows} labelFor="rich-text-table-rows">
          <NumberField id="rich-text-table-rows" min={tableRows.min} max={tableRows.max} value={rows} onChange={(value) => setRows(Number(value))} onKeyDown={onEnter(insert)} />
        </FormGroup>
        <Checkbox label={T.richText.tableHeader} checked={header} onChange={(event) => setHeader(event.currentTarget.checked)} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={T.richText.cancel} onClick={onClose} />
            <Button text={T.richText.tableInsert} intent={Intent.PRIMARY} onClick={insert} />
          </>
        }
      />
    </AppDialog>
  );
}
