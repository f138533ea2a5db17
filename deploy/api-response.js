// What nginx does to `/api` traffic that its directives cannot express (njs, nginx's own
// scripting module; Debian: `apt-get install libnginx-mod-http-js`). The same rules as the Node
// proxy (src/server/forwarded-query.ts, api-content-type.ts, proxy.ts): decision 030.
// test/contract/boundary.test.ts runs both proxies through the same assertions.
// njs 0.7 is ES5 and a little more: no for…of, no spread.

/** Upstream headers that reach the browser; every other one is dropped. */
var PASSED_HEADERS = { 'content-type': true, 'content-length': true, 'retry-after': true };

/** The media types an endpoint's answers may carry (src/server/api-content-type.ts). */
var ANY_ENDPOINT = ['application/json', 'text/plain'];
var BY_ENDPOINT = {
  screenshot: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  engine_shorts: ['text/html'],
};

// One request's state: njs gives every request a fresh copy of these.
var fromUpstream = false;
var sent = 0;
var overCap = false;
var replacement = null;
var interim = null;
var interimSent = false;

/** What the browser reads when the upstream's answer began with a 1xx (ASCII only). */
var INTERIM_TEXT =
  'The service sent an interim (1xx) answer before its real one, which the dashboard ' +
  'cannot check, so it refused the answer.';

/**
 * The marked 502 that replaces an answer behind a 1xx, as a whole HTTP/1.1 response. nginx 1.22
 * keeps the upstream's status line (`103 Early Hints`) whatever status a filter sets, so over
 * HTTP/1.x the browser reads that line as an interim answer and this, its body, as the final
 * one: the same way it would have read the upstream's real answer (decision 061).
 */
function interimResponse() {
  return (
    'HTTP/1.1 502 Bad Gateway\r\n' +
    'Content-Type: text/plain; charset=utf-8\r\n' +
    'Content-Length: ' +
    INTERIM_TEXT.length +
    '\r\n' +
    'X-Dashboard-Proxy-Error: interim\r\n' +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    "Content-Security-Policy: default-src 'none'; sandbox\r\n" +
    'Connection: close\r\n\r\n' +
    INTERIM_TEXT
  );
}

/** `api%5Fkey` and `API_KEY` are the same parameter to a lenient upstream: compare decoded. */
function namesTheKey(part) {
  var name = part
    .split('=')[0]
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-f]{2})/gi, function (_, hex) {
      return String.fromCharCode(parseInt(hex, 16));
    });
  return name.trim().toLowerCase() === 'api_key';
}

/**
 * `js_set $api_query`: the browser's query string, less any `api_key`, plus the key from the
 * `X-Api-Key` header (checked against the key pattern before this runs), last.
 */
function upstreamQuery(r) {
  var args = r.variables.args;
  var kept = (args ? args.split('&') : []).filter(function (part) {
    return !namesTheKey(part);
  });
  var key = r.variables.http_x_api_key;
  if (key) kept.push('api_key=' + key);
  var query = kept.join('&');
  return query ? '?' + query : '';
}

function contentType(endpoint, upstream) {
  var parts = (upstream || '').split(';');
  var type = parts[0].trim().toLowerCase();
  if (ANY_ENDPOINT.concat(BY_ENDPOINT[endpoint] || []).indexOf(type) < 0)
    return 'application/octet-stream';
  for (var i = 1; i < parts.length; i++) {
    var charset = /^\s*charset\s*=\s*"?([A-Za-z0-9_-]+)"?\s*$/i.exec(parts[i]);
    if (charset) return type + '; charset=' + charset[1].toLowerCase();
  }
  return type;
}

/**
 * `js_header_filter`: an upstream answer keeps only the allow-listed headers and a content type
 * its endpoint answers (the location adds the API headers after this); an error nginx made itself (the upstream could not
 * be reached, took too long or sent a broken header) says so in plain text, like the Node proxy.
 */
function headers(r) {
  if (r.variables.upstream_status && r.status < 200) return refuseInterim(r);
  var upstreamAnswered = (r.variables.upstream_header_time || '-').split(/[ ,:]+/).pop() !== '-';
  if (!r.variables.upstream_status) return; // the location's own answer (400, 405)
  if (!upstreamAnswered) {
    var late = r.status === 504;
    replacement =
      'The dashboard proxy could not reach ' +
      r.variables.api_host +
      ': ' +
      (late ? 'no answer in time' : 'no valid answer') +
      '.';
    delete r.headersOut['Content-Length'];
    r.headersOut['Content-Type'] = 'text/plain; charset=utf-8';
  } else {
    fromUpstream = true;
    Object.keys(r.headersOut).forEach(function (name) {
      if (!PASSED_HEADERS[name.toLowerCase()]) delete r.headersOut[name];
    });
    // nginx hides the upstream's own Content-Type (it would append the upstream's charset
    // parameter, raw, to any type set here): the type is read from the variable instead.
    r.headersOut['Content-Type'] = contentType(
      r.variables.api_name,
      r.variables.upstream_http_content_type,
    );
  }
}

/**
 * An upstream 1xx (103 Early Hints, 100 Continue, …): nginx 1.22 takes it for the answer and
 * passes what follows, the real answer's status line and headers included, as its body, so
 * nothing of that answer could be filtered. It is refused: a marked 502 with none of the
 * upstream's headers (over HTTP/2, which has no status line, the status itself). A HEAD (no body
 * can follow) and a 101 (which the browser would take for a protocol switch) are cut off
 * instead: `/api` never switches protocols, and nginx would tunnel raw bytes after a 101 sent to
 * a request that asked for one.
 */
function refuseInterim(r) {
  if (r.method === 'HEAD' || r.status === 101) throw new Error('an interim answer was refused');
  Object.keys(r.headersOut).forEach(function (name) {
    delete r.headersOut[name];
  });
  interim = r.httpVersion === '2.0' ? INTERIM_TEXT : interimResponse();
  r.status = 502;
  r.headersOut['Content-Type'] = 'text/plain; charset=utf-8';
  r.headersOut['Content-Length'] = String(interim.length);
  r.headersOut['X-Dashboard-Proxy-Error'] = 'interim';
}

/**
 * The refusal goes out with the first call (nginx flushes the header with an empty buffer);
 * any later data is the real answer still coming, so the exchange ends there, with the
 * connection.
 */
function refuseInterimBody(r) {
  if (interimSent) throw new Error('an interim answer was refused');
  interimSent = true;
  r.sendBuffer(interim, { last: true, flush: true });
}

/**
 * `js_body_filter`: at most the cap and one byte more reach the browser (its client then
 * refuses the answer as too large), and a body still coming at the deadline is cut off with
 * the connection, so the browser never takes it for a whole answer.
 */
function body(r, data, flags) {
  if (interim !== null) return refuseInterimBody(r);
  if (replacement !== null) {
    if (flags.last) r.sendBuffer(replacement, flags);
    return;
  }
  if (!fromUpstream) return r.sendBuffer(data, flags);
  if (overCap) throw new Error('the answer passed the size cap');
  if (parseFloat(r.variables.request_time) * 1000 > Number(r.variables.api_deadline_ms))
    throw new Error('no whole answer in time');
  var room = Number(r.variables.api_max_body_bytes) + 1 - sent;
  if (data.length > room) {
    overCap = true;
    data = data.slice(0, room);
  }
  sent += data.length;
  r.sendBuffer(data, flags);
}

export default { upstreamQuery: upstreamQuery, headers: headers, body: body };
