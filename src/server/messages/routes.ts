/**
 * The messages' HTTP calls (MSG-1..MSG-7; paths in src/shared/messages.ts), all the owner's
 * (behind the `messages` permission, whose guard also refuses cross-site calls): GET and PUT /api/messages (the rules,
 * saved whole), POST /api/messages/preview and /api/messages/test (a rule for a chosen booking),
 * GET /api/messages/waiting (the inbox's held and WhatsApp messages), POST
 * /api/messages/waiting/{bookingId}/{ruleId}/sent (WhatsApp tapped), and GET and PUT
 * /api/properties/{id}/private (MSG-3: Wi-Fi and arrival instructions; no-store, never logged).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { schemaRefusal } from '../errors.js';
import {
  MESSAGE_CHANNELS,
  MESSAGE_TRIGGERS,
  MESSAGES_API,
  PRIVATE_LIMITS,
  RULE_LIMITS,
  type MessagePreview,
  type MessageRules,
  type PropertyPrivate,
  type WaitingMessages,
} from '../../shared/messages.js';
import type { MessageService } from './service.js';

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

const ruleSchema = z
  .object({
    id: z.string().regex(ID_RE, 'must be letters, digits, - or _').optional(),
    name: text(RULE_LIMITS.name),
    enabled: z.boolean(),
    trigger: z.enum(MESSAGE_TRIGGERS),
    days: z.number().int().min(0).max(RULE_LIMITS.days),
    time: z.string().regex(TIME_RE, 'must be a time written HH:MM (24-hour)'),
    propertyIds: z.array(z.string().max(200)).max(RULE_LIMITS.properties),
    skipLate: z.boolean(),
    channel: z.enum(MESSAGE_CHANNELS).optional(),
    subject: text(RULE_LIMITS.subject),
    body: text(RULE_LIMITS.body),
  })
  .strict();

const rulesSchema = z.object({ rules: z.array(ruleSchema).max(RULE_LIMITS.rules) }).strict();

const previewSchema = z
  .object({
    rule: z.object({ subject: text(RULE_LIMITS.subject), body: text(RULE_LIMITS.body) }),
    bookingId: z.string().max(40),
  })
  .strict();

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.trim())
    .optional();

const privateSchema = z
  .object({
    wifiName: optionalText(PRIVATE_LIMITS.wifiName),
    wifiPassword: optionalText(PRIVATE_LIMITS.wifiPassword),
    arrivalInstructions: optionalText(PRIVATE_LIMITS.arrivalInstructions),
  })
  .strict();

export async function messageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  messages: MessageService,
): Promise<void> {
  // Every answer holds the owner's rules or private words: never stored by a cache (HTML-2).
  const owner = {
    permission: 'messages' as const,
    config: { cache: 'no-store' as const },
  };

  app.get(MESSAGES_API.rules, owner, async (): Promise<MessageRules> => {
    return { rules: messages.rules() };
  });

  app.put(MESSAGES_API.rules, owner, async (req): Promise<MessageRules> => {
    const parsed = rulesSchema.safeParse(req.body);
    if (!parsed.success) throw schemaRefusal(parsed.error);
    return { rules: messages.saveRules(parsed.data.rules) };
  });

  app.post(MESSAGES_API.preview, owner, async (req): Promise<MessagePreview> => {
    const parsed = previewSchema.safeParse(req.body);
    if (!parsed.success) throw schemaRefusal(parsed.error);
    return messages.preview(parsed.data.rule, parsed.data.bookingId);
  });

  app.post(MESSAGES_API.test, owner, async (req): Promise<{ to: string }> => {
    const parsed = previewSchema.safeParse(req.body);
    if (!parsed.success) throw schemaRefusal(parsed.error);
    return messages.sendTest(parsed.data.rule, parsed.data.bookingId);
  });

  app.get(MESSAGES_API.waiting, owner, async (): Promise<WaitingMessages> => {
    return {
      messages: messages.waiting().map((m) => ({ ...m, dueAt: new Date(m.dueAt).toISOString() })),
    };
  });

  app.post<{ Params: { bookingId: string; ruleId: string } }>(
    MESSAGES_API.markSent,
    owner,
    async (req): Promise<{ ok: true }> => {
      messages.markWhatsAppSent(req.params.bookingId, req.params.ruleId);
      return { ok: true };
    },
  );

  app.get<{ Params: { id: string } }>(
    MESSAGES_API.private,
    owner,
    async (req): Promise<PropertyPrivate> => {
      return messages.privateOf(req.params.id);
    },
  );

  app.put<{ Params: { id: string } }>(
    MESSAGES_API.private,
    { ...owner, bodyLimit: 16 * 1024 },
    async (req): Promise<PropertyPrivate> => {
      const parsed = privateSchema.safeParse(req.body);
      if (!parsed.success) throw schemaRefusal(parsed.error);
      const fields = Object.fromEntries(
        Object.entries(parsed.data).filter(([, v]) => v !== undefined && v !== ''),
      ) as PropertyPrivate;
      return messages.savePrivate(req.params.id, fields);
    },
  );
}
