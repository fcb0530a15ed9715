import { EXAMPLE_UUID, exampleFor } from './example-body';
import { flattenSchema, type OpenApiDocument } from './openapi';
import { successResponse, type ApiOperation, type ApiParameter } from './operations';

/** The languages of the code samples, in the order the tab offers them (docs/requirements/print-on-demand-api.md#screens). */
export const SAMPLE_LANGUAGES = [
  { key: 'curl', label: 'curl' },
  { key: 'javascript', label: 'JavaScript' },
  { key: 'python', label: 'Python' },
] as const;
/** A code sample's language. */
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]['key'];

/** What every sample sends as the key (docs/requirements/print-on-demand-api.md#api: the X-API-Key header). */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/**
 * One request a sample makes: method, full URL, headers to send (besides X-API-Key), the JSON body
 * (undefined: none) and how the answer is read ('json'; 'binary', such as a PDF, saved as `file`; or
 * 'none' for 204).
 */
export type SampleRequest = {
  method: string; url: string; headers: Record<string, string>; body?: unknown; answer: 'json' | 'binary' | 'none'; file?: string;
};

/** A path or query value for `p`: its example, else EXAMPLE_UUID for a plain string (ids), else by its schema. */
function parameterValue(doc: OpenApiDocument, p: ApiParameter): string {
  if (p.example !== undefined) return String(p.example);
  const s = flattenSchema(doc, p.schema);
  const plain = s.example === undefined && !s.examples?.length && s.const === undefined && s.default === undefined && !s.enum?.length;
  if (p.in === 'path' && plain && !s.format) return EXAMPLE_UUID;
  return String(exampleFor(doc, p.schema));
}

/**
 * The request a sample of `op` makes against `baseUrl` (e.g. window.location.origin; docs/requirements/print-on-demand-api.md#api):
 * path parameters filled with example values ('/api/orders/{id}' → '/api/orders/3f6c…'), required
 * query parameters appended, required header parameters sent, and a JSON body built from the
 * request schema (`exampleFor`).
 */
export function sampleRequest(doc: OpenApiDocument, op: ApiOperation, baseUrl: string): SampleRequest {
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    if (p.in === 'path') path = path.replaceAll(`{${p.name}}`, encodeURIComponent(parameterValue(doc, p)));
    else if (p.in === 'query' && p.required) query.append(p.name, parameterValue(doc, p));
    else if (p.in === 'header' && p.required && p.name.toLowerCase() !== 'x-api-key') headers[p.name] = parameterValue(doc, p);
  }
  const ok = successResponse(op);
  const answer = !ok?.contentType ? 'none' : ok.contentType.includes('json') ? 'json' : 'binary';
  const search = query.toString();
  const extension = ok?.contentType?.split('/')[1]?.split(/[;+]/)[0] || 'bin';
  return {
    method: op.method,
    url: `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`,
    headers,
    body: op.body && op.body.contentType.includes('json') ? exampleFor(doc, op.body.schema) : undefined,
    answer,
    ...(answer === 'binary' ? { file: `response.${extension === 'octet-stream' ? 'bin' : extension}` } : {}),
  };
}

/** `text` in single quotes for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
/** Every line but the first indented by `pad`. */
const indentTail = (text: string, pad: string) => text.split('\n').join(`\n${pad}`);
/** JSON with 2-space indentation. */
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** `value` as a Python literal (True, False, None; dicts and lists indented by 4). */
export function pythonLiteral(value: unknown, indent = ''): string {
  const inner = `${indent}    `;
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    return value.length ? `[\n${value.map((v) => `${inner}${pythonLiteral(v, inner)},`).join('\n')}\n${indent}]` : '[]';
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, inner)},`).join('\n')}\n${indent}}` : '{}';
  }
  return JSON.stringify(value);
}

/** The curl command of `req`: `-X` for all but GET, the key header, JSON content type and `-d` body. */
export function curlSample(req: SampleRequest): string {
  const lines = [`curl ${req.method === 'GET' ? '' : `-X ${req.method} `}${shellQuote(req.url)}`, `-H ${shellQuote(`X-API-Key: ${API_KEY_PLACEHOLDER}`)}`];
  for (const [name, value] of Object.entries(req.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (req.body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(json(req.body))}`);
  if (req.answer === 'binary') lines.push(`-o ${req.file ?? 'response.bin'}`);
  return lines.join(' \\\n  ');
}

/** The JavaScript (fetch, ES modules with top-level await) sample of `req`. */
export function javascriptSample(req: SampleRequest): string {
  const headers = [`'X-API-Key': '${API_KEY_PLACEHOLDER}'`, ...Object.entries(req.headers).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)];
  if (req.body !== undefined) headers.push(`'Content-Type': 'application/json'`);
  const options = [
    ...(req.method === 'GET' ? [] : [`  method: '${req.method}',`]),
    `  headers: {\n${headers.map((h) => `    ${h},`).join('\n')}\n  },`,
    ...(req.body !== undefined ? [`  body: JSON.stringify(${indentTail(json(req.body), '  ')}),`] : []),
  ];
  const read = {
    json: 'const data = await response.json();\nconsole.log(response.status, data);',
    binary: 'const file = await response.blob();\nconsole.log(response.status, file.type, file.size);',
    none: 'console.log(response.status);',
  }[req.answer];
  return `const response = await fetch('${req.url}', {\n${options.join('\n')}\n});\n${read}`;
}

/** The Python (requests) sample of `req`. */
export function pythonSample(req: SampleRequest): string {
  const headers = { 'X-API-Key': API_KEY_PLACEHOLDER, ...req.headers };
  const args = [
    `    ${JSON.stringify(req.url)},`,
    `    headers=${pythonLiteral(headers, '    ')},`,
    ...(req.body !== undefined ? [`    json=${pythonLiteral(req.body, '    ')},`] : []),
  ];
  const read = {
    json: 'print(response.status_code, response.json())',
    binary: `open(${JSON.stringify(req.file ?? 'response.bin')}, "wb").write(response.content)\nprint(response.status_code)`,
    none: 'print(response.status_code)',
  }[req.answer];
  return `import requests\n\nresponse = requests.${req.method.toLowerCase()}(\n${args.join('\n')}\n)\n${read}`;
}

/** The three samples of one request, by language (docs/requirements/print-on-demand-api.md#screens: curl, JavaScript, Python). */
export function codeSamples(req: SampleRequest): Record<SampleLanguage, string> {
  return { curl: curlSample(req), javascript: javascriptSample(req), python: pythonSample(req) };
}
