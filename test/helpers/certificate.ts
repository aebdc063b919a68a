/** A self-signed TLS certificate made by openssl, for the tests that serve HTTPS. */
import { join } from 'node:path';
import { execa } from 'execa';

export interface CertificateFiles {
  cert: string;
  key: string;
}

/**
 * Writes a self-signed certificate for `names` (the first is the subject; `IP:` and `DNS:` entries
 * as openssl's subjectAltName takes them) into `dir`, valid for a day; an EC key, fast to make.
 */
export async function selfSignedCertificate(
  dir: string,
  { subject = '127.0.0.1', altNames = 'IP:127.0.0.1', files = { cert: 'cert.pem', key: 'key.pem' } } = {},
): Promise<CertificateFiles> {
  const cert = join(dir, files.cert);
  const key = join(dir, files.key);
  await execa('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    `/CN=${subject}`,
    '-addext',
    `subjectAltName=${altNames}`,
  ]);
  return { cert, key };
}
