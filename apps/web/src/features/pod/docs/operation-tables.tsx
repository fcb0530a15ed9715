import { typeLabel, type BodyField } from './body-fields';
import type { OpenApiDocument } from './openapi';
import type { ApiParameter } from './operations';

const yes = (required: boolean) => (required ? 'Yes' : 'No');

/** A call's parameters (docs/requirements/print-on-demand-api.md#api): name, where it goes (path, query, header), type, required, description. `label`: the table's accessible name. */
export function ParameterTable({ doc, parameters, label }: { doc: OpenApiDocument; parameters: ApiParameter[]; label: string }) {
  return (
    <div className="pod-docs-table-wrap">
      <table className="pod-docs-table" aria-label={label}>
        <thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
        <tbody>
          {parameters.map((p) => (
            <tr key={`${p.in}-${p.name}`}>
              <td><code>{p.name}</code></td><td>{p.in}</td><td>{typeLabel(doc, p.schema)}</td><td>{yes(p.required)}</td><td>{p.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A request body's fields (`bodyFields`): name, type, required, description and default. `label`: the table's accessible name. */
export function BodyFieldTable({ fields, label }: { fields: BodyField[]; label: string }) {
  return (
    <div className="pod-docs-table-wrap">
      <table className="pod-docs-table" aria-label={label}>
        <thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name}>
              <td><code>{f.name}</code></td><td>{f.type}</td><td>{yes(f.required)}</td>
              <td>{f.description}{f.defaultValue !== undefined && <span className="pod-hint"> Default: {f.defaultValue}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
