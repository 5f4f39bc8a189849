// A minimal OTLP/HTTP trace receiver for tests/e2e/otel_sdk.sh: listens on 127.0.0.1
// on a free port (written to OUTDIR/port), decodes each export request (OTLP/JSON or
// OTLP protobuf) and appends one JSON line per request to OUTDIR/requests.jsonl.
// Node built-ins only, so that it proves nothing by sharing code with the SDK.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const outdir = process.argv[2];
if (!outdir) {
  console.error('usage: node receiver.mjs OUTDIR');
  process.exit(2);
}

// --- protobuf: just enough of the wire format for ExportTraceServiceRequest

function* fields(buf) {
  let i = 0;
  const varint = () => {
    let v = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const b = buf[i++];
      if (b === undefined) throw new Error('truncated varint');
      v |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
  };
  while (i < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) yield [field, varint()];
    else if (wire === 1) { yield [field, buf.subarray(i, i + 8)]; i += 8; }
    else if (wire === 5) { yield [field, buf.subarray(i, i + 4)]; i += 4; }
    else if (wire === 2) {
      const len = Number(varint());
      if (i + len > buf.length) throw new Error('truncated field');
      yield [field, buf.subarray(i, i + len)];
      i += len;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
}

function pbAnyValue(buf) {
  for (const [f, v] of fields(buf)) {
    if (f === 1) return v.toString('utf8');   // string_value
    if (f === 2) return v !== 0n;             // bool_value
    if (f === 3) return Number(v);            // int_value
    if (f === 4) return v.readDoubleLE(0);    // double_value
  }
  return null;
}

function pbAttributes(list) {
  const out = {};
  for (const kv of list) {
    let key = '';
    let value = null;
    for (const [f, v] of fields(kv)) {
      if (f === 1) key = v.toString('utf8');
      if (f === 2) value = pbAnyValue(v);
    }
    out[key] = value;
  }
  return out;
}

function fromProtobuf(buf) {
  const resources = [];
  for (const [f, rs] of fields(buf)) {
    if (f !== 1) continue;                         // resource_spans
    const resource = { attributes: {}, spans: [] };
    for (const [g, v] of fields(rs)) {
      if (g === 1) {                               // resource
        resource.attributes = pbAttributes([...fields(v)].filter(([h]) => h === 1).map(([, a]) => a));
      } else if (g === 2) {                        // scope_spans
        for (const [h, span] of fields(v)) {
          if (h !== 2) continue;                   // spans
          const s = { name: '', attributes: {} };
          const attrs = [];
          for (const [k, w] of fields(span)) {
            if (k === 5) s.name = w.toString('utf8');
            if (k === 9) attrs.push(w);
          }
          s.attributes = pbAttributes(attrs);
          resource.spans.push(s);
        }
      }
    }
    resources.push(resource);
  }
  return resources;
}

// --- OTLP/JSON

function jsonAnyValue(v) {
  if (!v) return null;
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  return null;
}

function jsonAttributes(list) {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, jsonAnyValue(kv.value)]));
}

function fromJson(buf) {
  const body = JSON.parse(buf.toString('utf8'));
  return (body.resourceSpans ?? []).map((rs) => ({
    attributes: jsonAttributes(rs.resource?.attributes),
    spans: (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({ name: s.name, attributes: jsonAttributes(s.attributes) }))),
  }));
}

// --- server

const log = path.join(outdir, 'requests.jsonl');

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body = Buffer.concat(chunks);
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
    const record = { method: req.method, path: req.url, contentType: type, headers: req.headers };
    try {
      if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
      if (type === 'application/json') record.resources = fromJson(body);
      else if (type === 'application/x-protobuf') record.resources = fromProtobuf(body);
      else record.error = `unexpected content-type '${type}'`;
    } catch (e) {
      record.error = String(e);
    }
    fs.appendFileSync(log, JSON.stringify(record) + '\n');
    if (type === 'application/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    } else {
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();  // an empty ExportTraceServiceResponse
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  const tmp = path.join(outdir, 'port.tmp');
  fs.writeFileSync(tmp, String(server.address().port));
  fs.renameSync(tmp, path.join(outdir, 'port'));
});

for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => server.close(() => process.exit(0)));
