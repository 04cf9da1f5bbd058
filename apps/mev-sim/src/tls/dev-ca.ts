/**
 * The simulator's development certificate authority. Generated at first start and kept in
 * DATA_DIR/tls, so a terminal fiscalized once keeps trusting the server across restarts.
 * It signs the server's certificate (127.0.0.1, ::1, localhost) and the terminals' client
 * certificates. Keys are RSA 2048 from Node's generator; issuing a client certificate generates
 * its key off the event loop, so fiscalizing does not stall SOAP requests in flight.
 */
import { X509Certificate, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

export interface CertificateAuthority {
  certPem: string;
  keyPem: string;
  certPath: string;
}

export interface KeyAndCertificate {
  certPem: string;
  keyPem: string;
}

export interface IssuedClientCertificate extends KeyAndCertificate {
  /** SHA-256 fingerprint in Node's form ("AB:CD:..."), as the TLS socket reports the peer's. */
  fingerprint256: string;
  notAfter: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const generateRsaKeyPair = promisify(generateKeyPair);

export function loadOrCreateCa(dataDir: string): CertificateAuthority {
  const dir = tlsDir(dataDir);
  const certPath = join(dir, 'ca-cert.pem');
  const keyPath = join(dir, 'ca-key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    const keys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
    const cert = newCertificate(
      keys.publicKey,
      new Date(Date.now() - DAY_MS),
      new Date(Date.now() + 3650 * DAY_MS),
    );
    const subject = [
      { name: 'commonName', value: 'mev-sim development CA' },
      { name: 'organizationName', value: 'Fiscal POS (development)' },
    ];
    cert.setSubject(subject);
    cert.setIssuer(subject);
    cert.setExtensions([
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ]);
    cert.sign(keys.privateKey, forge.md.sha256.create());
    writeFileSync(keyPath, forge.pki.privateKeyToPem(keys.privateKey), { mode: 0o600 });
    writeFileSync(certPath, forge.pki.certificateToPem(cert));
  }
  return { certPem: readFileSync(certPath, 'utf8'), keyPem: readFileSync(keyPath, 'utf8'), certPath };
}

/** The server's certificate, reissued when missing or close to expiry. */
export function loadOrCreateServerCertificate(dataDir: string, ca: CertificateAuthority): KeyAndCertificate {
  const dir = tlsDir(dataDir);
  const certPath = join(dir, 'server-cert.pem');
  const keyPath = join(dir, 'server-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const certPem = readFileSync(certPath, 'utf8');
    if (new Date(new X509Certificate(certPem).validTo).getTime() > Date.now() + 30 * DAY_MS) {
      return { certPem, keyPem: readFileSync(keyPath, 'utf8') };
    }
  }
  const issued = signLeaf(ca, forge.pki.rsa.generateKeyPair({ bits: 2048 }), {
    commonName: 'localhost',
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + 825 * DAY_MS),
    extensions: [
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  writeFileSync(keyPath, issued.keyPem, { mode: 0o600 });
  writeFileSync(certPath, issued.certPem);
  return issued;
}

export async function issueClientCertificate(
  ca: CertificateAuthority,
  subject: { registrationNumber: string; terminalId: string; notBefore: Date; notAfter: Date },
): Promise<IssuedClientCertificate> {
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keys = {
    publicKey: forge.pki.publicKeyFromPem(publicKey),
    privateKey: forge.pki.privateKeyFromPem(privateKey),
  };
  const issued = signLeaf(ca, keys, {
    commonName: subject.registrationNumber,
    organizationalUnit: subject.terminalId,
    notBefore: subject.notBefore,
    notAfter: subject.notAfter,
    extensions: [{ name: 'extKeyUsage', clientAuth: true }],
  });
  const x509 = new X509Certificate(issued.certPem);
  return { ...issued, fingerprint256: x509.fingerprint256, notAfter: new Date(x509.validTo).toISOString() };
}

function signLeaf(
  ca: CertificateAuthority,
  keys: forge.pki.rsa.KeyPair,
  leaf: {
    commonName: string;
    organizationalUnit?: string;
    notBefore: Date;
    notAfter: Date;
    extensions: object[];
  },
): KeyAndCertificate {
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const caKey = forge.pki.privateKeyFromPem(ca.keyPem);
  const cert = newCertificate(keys.publicKey, leaf.notBefore, leaf.notAfter);
  cert.setSubject([
    { name: 'commonName', value: leaf.commonName },
    ...(leaf.organizationalUnit ? [{ name: 'organizationalUnitName', value: leaf.organizationalUnit }] : []),
  ]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
    ...leaf.extensions,
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

function newCertificate(
  publicKey: forge.pki.PublicKey,
  notBefore: Date,
  notAfter: Date,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: the leading 01 keeps the high bit clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  return cert;
}

function tlsDir(dataDir: string): string {
  const dir = join(dataDir, 'tls');
  mkdirSync(dir, { recursive: true });
  return dir;
}
