/**
 * The W3C Nu HTML Checker (npm `vnu-jar`, run by the system's Java 17+) for tests (OPS-8, GST-5):
 * checks HTML files in one JVM run and gives its messages.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

/** vnu-jar's package is the jar and a launcher that downloads a JRE; the system's Java is used. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
/** The checker's whole run is bounded; a JVM start and ~20 pages take ~5 s here. */
export const VNU_TIMEOUT_MS = 120_000;

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the Nu checker on `files` in one JVM; resolves its messages (errors and info). */
export function checkHtml(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files],
      { timeout: VNU_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) return reject(new Error(`vnu failed: ${error.message}\n${stderr}`));
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`vnu printed no JSON report:\n${stderr.slice(0, 2000)}`));
        }
      },
    );
  });
}
