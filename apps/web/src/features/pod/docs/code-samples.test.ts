import { describe, expect, it } from 'vitest';
import { codeSamples, pythonLiteral, sampleRequest } from './code-samples';
import { EXAMPLE_UUID } from './example-body';
import { listOperations, type ApiOperation } from './operations';
import { FIXTURE_DOC } from './test-fixture';

const BASE = 'https://mail.example.com';
const find = (method: string, path: string) => listOperations(FIXTURE_DOC).find((op) => op.method === method && op.path === path)!;
const samplesOf = (op: ApiOperation) => codeSamples(sampleRequest(FIXTURE_DOC, op, BASE));

const MAILING_BODY = `{
  "templateId": "string",
  "mailingListId": "${EXAMPLE_UUID}",
  "recipientId": "${EXAMPLE_UUID}",
  "deliveryType": "print-mail",
  "format": "postcard"
}`;

describe('code samples of a call (docs/requirements/print-on-demand-api.md#screens: curl, JavaScript, Python)', () => {
  it('POST /api/orders/mailing sends the key and a JSON body built from the schema', () => {
    const s = samplesOf(find('POST', '/api/orders/mailing'));
    expect(s.curl).toBe([
      `curl -X POST '${BASE}/api/orders/mailing' \\`,
      `  -H 'X-API-Key: YOUR_API_KEY' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '${MAILING_BODY}'`,
    ].join('\n'));
    expect(s.javascript).toBe([
      `const response = await fetch('${BASE}/api/orders/mailing', {`,
      `  method: 'POST',`,
      `  headers: {`,
      `    'X-API-Key': 'YOUR_API_KEY',`,
      `    'Content-Type': 'application/json',`,
      `  },`,
      `  body: JSON.stringify(${MAILING_BODY.split('\n').join('\n  ')}),`,
      `});`,
      `const data = await response.json();`,
      `console.log(response.status, data);`,
    ].join('\n'));
    expect(s.python).toBe([
      `import requests`,
      ``,
      `response = requests.post(`,
      `    "${BASE}/api/orders/mailing",`,
      `    headers={`,
      `        "X-API-Key": "YOUR_API_KEY",`,
      `    },`,
      `    json={`,
      `        "templateId": "string",`,
      `        "mailingListId": "${EXAMPLE_UUID}",`,
      `        "recipientId": "${EXAMPLE_UUID}",`,
      `        "deliveryType": "print-mail",`,
      `        "format": "postcard",`,
      `    },`,
      `)`,
      `print(response.status_code, response.json())`,
    ].join('\n'));
  });

  it('GET /api/orders/{id} fills the path parameter and sends no body', () => {
    const s = samplesOf(find('GET', '/api/orders/{id}'));
    const url = `${BASE}/api/orders/${EXAMPLE_UUID}`;
    expect(s.curl).toBe(`curl '${url}' \\\n  -H 'X-API-Key: YOUR_API_KEY'`);
    expect(s.javascript).toBe([
      `const response = await fetch('${url}', {`,
      `  headers: {`,
      `    'X-API-Key': 'YOUR_API_KEY',`,
      `  },`,
      `});`,
      `const data = await response.json();`,
      `console.log(response.status, data);`,
    ].join('\n'));
    expect(s.python).toBe([
      `import requests`,
      ``,
      `response = requests.get(`,
      `    "${url}",`,
      `    headers={`,
      `        "X-API-Key": "YOUR_API_KEY",`,
      `    },`,
      `)`,
      `print(response.status_code, response.json())`,
    ].join('\n'));
  });

  it('adds required query parameters, and leaves optional ones out', () => {
    expect(sampleRequest(FIXTURE_DOC, find('GET', '/api/addresses'), BASE).url).toBe(`${BASE}/api/addresses?mailing_list_id=${EXAMPLE_UUID}`);
    expect(sampleRequest(FIXTURE_DOC, find('GET', '/api/recipients/{listId}'), `${BASE}/`).url).toBe(`${BASE}/api/recipients/${EXAMPLE_UUID}`);
  });

  it('saves a file answer and does not read a 204 as JSON; quotes a body with an apostrophe for the shell', () => {
    const op: ApiOperation = {
      ...find('GET', '/api/orders/{id}'), path: '/api/orders/{id}/file',
      responses: [{ status: '200', description: 'The print file', contentType: 'application/pdf' }],
    };
    const file = samplesOf(op);
    expect(file.curl).toContain(`-o response.pdf`);
    expect(file.python).toContain(`open("response.pdf", "wb").write(response.content)`);
    const removal = samplesOf({ ...find('GET', '/api/orders/{id}'), method: 'DELETE', responses: [{ status: '204', description: '' }] });
    expect(removal.curl.startsWith(`curl -X DELETE '${BASE}/api/orders/${EXAMPLE_UUID}'`)).toBe(true);
    expect(removal.javascript).toContain(`method: 'DELETE',`);
    expect(removal.javascript.endsWith('console.log(response.status);')).toBe(true);
    expect(removal.python).toContain('requests.delete(');
    const named = codeSamples({ method: 'POST', url: `${BASE}/api/projects`, headers: {}, body: { name: "Bob's mailer" }, answer: 'json' });
    expect(named.curl).toContain(`-d '{\n  "name": "Bob'\\''s mailer"\n}'`);
  });

  it('writes Python literals: True, False, None, nested dicts and lists', () => {
    expect(pythonLiteral({ test: true, live: false, note: null, tags: ['a'], empty: [], nested: {} })).toBe([
      '{',
      '    "test": True,',
      '    "live": False,',
      '    "note": None,',
      '    "tags": [',
      '        "a",',
      '    ],',
      '    "empty": [],',
      '    "nested": {},',
      '}',
    ].join('\n'));
  });
});
