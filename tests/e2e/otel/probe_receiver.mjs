// A local receiver for tests/e2e/probe*.sh, answering one way: OTLP/HTTP on node's http
// or https, OTLP/gRPC on @grpc/grpc-js (installed with the SDK, tests/e2e/otel_sdk.sh).
// Listens on 127.0.0.1 on a free port, written to OUTDIR/port; one JSON line per request
// in OUTDIR/requests.jsonl: {path, contentType, bytes, answer}.
//
//   node probe_receiver.mjs OUTDIR http|https|grpc|grpcs ok|auth|slow [TOKEN]
//
// ok: 200 at /v1/traces, /v1/metrics, /v1/logs and 404 elsewhere (gRPC: OK); auth: 401
// (gRPC: UNAUTHENTICATED) unless `authorization: Bearer TOKEN` comes with it; slow: no
// answer for a minute. https and grpcs serve OUTDIR/server.pem with OUTDIR/server.key.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

const [outdir, kind, mode, token] = process.argv.slice(2);
if (!outdir || !['http', 'https', 'grpc', 'grpcs'].includes(kind) || !['ok', 'auth', 'slow'].includes(mode)) {
  console.error('usage: node probe_receiver.mjs OUTDIR http|https|grpc|grpcs ok|auth|slow [TOKEN]');
  process.exit(2);
}
const log = (record) => fs.appendFileSync(path.join(outdir, 'requests.jsonl'), JSON.stringify(record) + '\n');
const ready = (port) => {
  fs.writeFileSync(path.join(outdir, 'port.tmp'), String(port));
  fs.renameSync(path.join(outdir, 'port.tmp'), path.join(outdir, 'port'));
};
const tls = () => ({
  cert: fs.readFileSync(path.join(outdir, 'server.pem')),
  key: fs.readFileSync(path.join(outdir, 'server.key')),
});
const authorized = (value) => mode !== 'auth' || value === `Bearer ${token}`;
const paths = ['/v1/traces', '/v1/metrics', '/v1/logs'];

let server;
if (kind === 'http' || kind === 'https') {
  const handler = (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks).length;
      const contentType = req.headers['content-type'] ?? '';
      if (mode === 'slow') {
        log({ path: req.url, contentType, bytes, answer: 'none' });
        setTimeout(() => res.end(), 60000);
        return;
      }
      const status = !paths.includes(req.url) ? 404 : authorized(req.headers.authorization) ? 200 : 401;
      log({ path: req.url, contentType, bytes, answer: status });
      res.writeHead(status, { 'content-type': status === 200 ? contentType : 'text/plain' });
      res.end(status === 200 ? (contentType === 'application/json' ? '{}' : '') : 'no\n');
    });
  };
  server = kind === 'https' ? https.createServer(tls(), handler) : http.createServer(handler);
  server.listen(0, '127.0.0.1', () => ready(server.address().port));
} else {
  const grpc = await import('@grpc/grpc-js');
  server = new grpc.Server();
  const same = (b) => b;
  for (const [pkg, service] of [['trace', 'TraceService'], ['metrics', 'MetricsService'], ['logs', 'LogsService']]) {
    const method = `/opentelemetry.proto.collector.${pkg}.v1.${service}/Export`;
    const definition = {
      Export: {
        path: method, requestStream: false, responseStream: false,
        requestSerialize: same, requestDeserialize: same, responseSerialize: same, responseDeserialize: same,
      },
    };
    server.addService(definition, {
      Export: (call, callback) => {
        const bytes = call.request.length;
        if (mode === 'slow') {
          log({ path: method, contentType: 'application/grpc', bytes, answer: 'none' });
          setTimeout(() => callback(null, Buffer.alloc(0)), 60000);
          return;
        }
        const ok = authorized(call.metadata.get('authorization')[0]);
        log({ path: method, contentType: 'application/grpc', bytes, answer: ok ? 'OK' : 'UNAUTHENTICATED' });
        if (ok) callback(null, Buffer.alloc(0));  // an empty Export*ServiceResponse
        else callback({ code: grpc.status.UNAUTHENTICATED, details: 'bad token' });
      },
    });
  }
  const credentials = kind === 'grpcs'
    ? grpc.ServerCredentials.createSsl(null, [{ cert_chain: tls().cert, private_key: tls().key }])
    : grpc.ServerCredentials.createInsecure();
  server.bindAsync('127.0.0.1:0', credentials, (err, port) => {
    if (err) { console.error(String(err)); process.exit(1); }
    ready(port);
  });
}

const stop = () => (server.forceShutdown ? server.forceShutdown() : server.close()) || process.exit(0);
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => { stop(); process.exit(0); });
