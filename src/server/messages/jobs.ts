/**
 * The messages' timed work (MSG-4): the schedule kept true and due messages sent, at start and
 * every EVERY_MS, so a message goes at most a minute after its time. The log names counts only,
 * never a guest or a private field (MSG-3).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MessageService } from './service.js';

const EVERY_MS = 60 * 1000;

/** Runs the messages' job now and every EVERY_MS; returns the stop. A failure is logged and tried again. */
export function scheduleMessages(messages: MessageService, log: FastifyBaseLogger): () => void {
  const run = () => {
    try {
      const { sent, held, whatsapp } = messages.run();
      if (sent + held + whatsapp > 0)
        log.info({ sent, held, whatsapp }, 'guest messages sent, held or left for WhatsApp');
    } catch (err) {
      log.error({ err }, 'the guest messages’ job failed');
    }
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
