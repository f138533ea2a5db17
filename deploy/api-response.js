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
 * `js_body_filter`: at most the cap and one byte more reach the browser (its client then
 * refuses the answer as too large), and a body still coming at the deadline is cut off with
 * the connection, so the browser never takes it for a whole answer.
 */
function body(r, data, flags) {
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
