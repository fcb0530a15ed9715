import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, stubServer } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render';
import { DocumentationTab } from '../documentation-tab';
import type { OpenApiDocument } from './openapi';
import { FIXTURE_DOC } from './test-fixture';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

const SECTIONS = ['Authentication', 'Projects', 'Templates', 'Mailing Lists', 'Addresses', 'On-Demand Orders', 'Error Handling', 'Support contact'];
const open = (doc: OpenApiDocument = FIXTURE_DOC, route = '/pod/documentation') => {
  const calls = stubServer({ 'GET /api/docs/json': () => doc });
  renderWithApp(<DocumentationTab />, { route });
  return calls;
};
/**
 * A section's header: the expandable button named `name` (looked up by its role and aria-expanded
 * attributes; getByRole's name lookup over antd's DOM takes seconds in jsdom).
 */
const section = (name: string) => waitFor(() => {
  const header = Array.from(document.querySelectorAll<HTMLElement>('[role="button"][aria-expanded]')).find((b) => b.textContent === name);
  return header ?? Promise.reject(new Error(`no section ${name}`));
});
const expand = async (name: string) => {
  const header = await section(name);
  if (header.getAttribute('aria-expanded') !== 'true') fireEvent.click(header);
  await waitFor(() => expect(header).toHaveAttribute('aria-expanded', 'true'));
  return header.closest<HTMLElement>('.ant-collapse-item')!;
};
/** A copy button by its accessible name (aria-label: getByRole's name lookup over antd's DOM takes seconds in jsdom). */
const copyButton = (container: HTMLElement, name: string) => {
  const button = within(container).getByLabelText(name);
  expect(button.tagName).toBe('BUTTON');
  return button;
};
const stubClipboard = () => {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
};

describe('Documentation tab', () => {
  it('shows every section from the API\'s own document, Authentication open, without calling anything authenticated', async () => {
    const calls = open();
    for (const name of SECTIONS) expect(await section(name)).toBeInTheDocument();
    await expect(section('Other calls')).rejects.toThrow('no section Other calls');
    expect(await section('Authentication')).toHaveAttribute('aria-expanded', 'true');
    for (const name of SECTIONS.slice(1)) expect(await section(name)).toHaveAttribute('aria-expanded', 'false');

    expect(screen.getByText(/needs an API key from the API Keys tab/)).toBeInTheDocument();
    for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'Idempotency-Key', 'api_key', 'test_', 'live_']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    const reference = screen.getByRole('link', { name: 'Open the interactive reference' });
    expect(reference).toHaveAttribute('href', '/api/docs');
    expect(reference).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('heading', { name: 'GET /api/auth/verify' })).toBeInTheDocument();
    expect(copyButton(document.body, 'Copy base URL')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/docs/json']);
  });

  it('lists a section\'s calls with parameters, body fields and answers, and says when a section has none yet', async () => {
    open();
    const projects = await expand('Projects');
    expect(within(projects).getAllByRole('heading', { level: 5 }).map((h) => h.textContent)).toEqual([
      'GET /api/projects', 'POST /api/projects', 'GET /api/projects/{id}', 'PUT /api/projects/{id}', 'DELETE /api/projects/{id}',
    ]);
    const body = within(projects).getByRole('table', { name: 'Request body of POST /api/projects' });
    const name = within(body).getByText('name').closest('tr')!;
    expect(name).toHaveTextContent(/^namestring \(up to 200 characters\)YesProject name \(required\)$/);
    const sides = within(body).getByText('sides').closest('tr')!;
    expect(sides).toHaveTextContent(/^sides"single" \| "double"NoPrinted on one side or both Default: "double"$/);
    const params = within(projects).getByRole('table', { name: 'Parameters of GET /api/projects/{id}' });
    expect(within(params).getByText('path')).toBeInTheDocument();
    const answers = within(projects).getByRole('list', { name: 'Responses of DELETE /api/projects/{id}' });
    expect(within(answers).getByText(/No content/)).toBeInTheDocument();
    expect(within(answers).getByText(/Invalid key: the API key is missing/)).toBeInTheDocument();

    const templates = await expand('Templates');
    expect(within(templates).getByText('No calls documented yet')).toBeInTheDocument();
  });

  it('documents calls the server adds, in their section', async () => {
    const withTemplates: OpenApiDocument = {
      ...FIXTURE_DOC,
      paths: { ...FIXTURE_DOC.paths, '/api/templates': { get: { summary: 'Your templates', responses: { 200: { description: 'Default Response' } } } } },
    };
    open(withTemplates);
    const templates = await expand('Templates');
    expect(within(templates).getByRole('heading', { name: 'GET /api/templates' })).toBeInTheDocument();
    expect(within(templates).getByText('Your templates')).toBeInTheDocument();
  });

  it('shows mailing and reinforcement orders with their sample costs, and copies the curl sample', async () => {
    const writeText = stubClipboard();
    open();
    const orders = await expand('On-Demand Orders');
    expect(within(orders).getByText(/Every order starts as/)).toHaveTextContent('pending → rendered → printed → mailed');
    expect(within(orders).getByRole('tab', { name: 'Mailing Orders', selected: true })).toBeInTheDocument();
    expect(within(orders).getByText('Sample cost: $1.25')).toBeInTheDocument();
    expect(within(orders).getByRole('heading', { name: 'GET /api/orders/{id}' })).toBeInTheDocument();

    const copy = copyButton(orders, 'Copy curl example for POST /api/orders/mailing');
    fireEvent.click(copy);
    const curl = writeText.mock.calls[0][0];
    expect(curl.startsWith(`curl -X POST '${window.location.origin}/api/orders/mailing' \\\n  -H 'X-API-Key: YOUR_API_KEY'`)).toBe(true);
    expect(curl).toContain('"format": "postcard"');
    await waitFor(() => expect(copy).toHaveAttribute('data-copied', 'true'));

    // One language choice for every sample.
    fireEvent.click(within(orders).getAllByRole('tab', { name: 'Python' })[0]);
    fireEvent.click(copyButton(orders, 'Copy Python example for POST /api/orders/mailing'));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls[1][0]).toMatch(/^import requests\n\nresponse = requests\.post\(/);
    expect(copyButton(orders, 'Copy Python example for GET /api/orders/{id}')).toBeInTheDocument();

    fireEvent.click(within(orders).getByRole('tab', { name: 'Reinforcement Orders' }));
    expect(await within(orders).findByText('Sample cost: $0.25')).toBeInTheDocument();
    expect(within(orders).getByRole('heading', { name: 'POST /api/orders/reinforcement' })).toBeInTheDocument();
    const fields = within(orders).getByRole('table', { name: 'Request body of POST /api/orders/reinforcement' });
    expect(within(fields).getByText('additionalReinforcements')).toBeInTheDocument();
  });

  it('opens Error Handling at the entry the API\'s doc_url points to', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) { scrolled.push(this.id); });
    open(FIXTURE_DOC, '/pod/documentation#errors-rate_limited');
    const errors = await expand('Error Handling');
    expect(await section('Authentication')).toHaveAttribute('aria-expanded', 'true');
    const entry = errors.querySelector<HTMLElement>('#errors-rate_limited')!;
    expect(entry).toHaveTextContent(/^RATE_LIMITED 429 Rate limit exceeded.*Retry-After/);
    expect(entry).toHaveClass('pod-docs-error-target');
    await waitFor(() => expect(scrolled).toEqual(['errors-rate_limited']));
    for (const code of ['unauthorized', 'forbidden', 'not_found', 'validation', 'conflict', 'internal']) {
      expect(errors.querySelector(`#errors-${code}`)).not.toBeNull();
    }
    expect(within(errors).getByText(/"doc_url": ".*\/pod\/documentation#errors-unauthorized"/)).toBeInTheDocument();
    for (const status of ['200', '201', '400', '401', '403', '404', '429', '500']) expect(within(errors).getAllByText(status).length).toBeGreaterThan(0);

    // The reader may close it again.
    fireEvent.click(await section('Error Handling'));
    await waitFor(async () => expect(await section('Error Handling')).toHaveAttribute('aria-expanded', 'false'));
  });

  it('shows the support address', async () => {
    open();
    const support = await expand('Support contact');
    expect(within(support).getByRole('link', { name: 'support@mailcraft.example' })).toHaveAttribute('href', 'mailto:support@mailcraft.example');
  });

  it('says why the document did not load, and loads it on Retry', async () => {
    let fail = true;
    stubServer({
      'GET /api/docs/json': () => {
        if (fail) throw new Failure(502, 'The API is not running');
        return FIXTURE_DOC;
      },
    });
    renderWithApp(<DocumentationTab />);
    expect(await screen.findByText('Failed to load the API documentation: The API is not running')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await section('Authentication')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(/Failed to load the API documentation/)).toBeNull();
  });
});
