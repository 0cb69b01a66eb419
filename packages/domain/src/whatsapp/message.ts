/**
 * Stored WhatsApp message types and their placeholders (docs/business-rules.md "Screens": image, audio, video, document,
 * location, contact, sticker and edited messages show a placeholder), and the 60-character preview (docs/business-rules.md "Screens").
 */

export const MESSAGE_TYPES = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'location',
  'contact',
  'sticker',
  'edited',
  'other',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_PLACEHOLDERS: Readonly<Record<Exclude<MessageType, 'text'>, string>> = {
  image: '[Imagen]',
  audio: '[Audio]',
  video: '[Video]',
  document: '[Documento]',
  location: '[Ubicación]',
  contact: '[Contacto]',
  sticker: '[Sticker]',
  edited: '[Mensaje editado]',
  other: '[Mensaje no compatible]',
};

/** Evolution / Baileys `messageType` (or the key of `message`) → our type. */
export function messageTypeOf(providerType: string): MessageType {
  if ((MESSAGE_TYPES as readonly string[]).includes(providerType)) return providerType as MessageType;
  switch (providerType) {
    case 'conversation':
    case 'extendedTextMessage':
      return 'text';
    case 'imageMessage':
      return 'image';
    case 'audioMessage':
    case 'pttMessage':
      return 'audio';
    case 'videoMessage':
    case 'ptvMessage':
      return 'video';
    case 'documentMessage':
    case 'documentWithCaptionMessage':
      return 'document';
    case 'locationMessage':
    case 'liveLocationMessage':
      return 'location';
    case 'contactMessage':
    case 'contactsArrayMessage':
      return 'contact';
    case 'stickerMessage':
      return 'sticker';
    case 'editedMessage':
    case 'protocolMessage':
      return 'edited';
    default:
      return 'other';
  }
}

/** What a message shows as text: its text, or the placeholder of its type followed by the caption. */
export function messageDisplayText(type: string, text: string): string {
  const t = messageTypeOf(type);
  if (t === 'text') return text;
  const placeholder = MESSAGE_PLACEHOLDERS[t];
  return text ? `${placeholder} ${text}` : placeholder;
}

export const PREVIEW_LENGTH = 60;

/** The last-message preview: at most 60 characters (whole code points), '...' when cut. */
export function messagePreview(text: string, max = PREVIEW_LENGTH): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(oneLine);
  return chars.length <= max ? oneLine : `${chars.slice(0, max).join('')}...`;
}

/** Sender shown on a message with no name (docs/business-rules.md "Screens"). */
export const NO_SENDER_NAME = 'Sin nombre';
