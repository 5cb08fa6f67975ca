import {
  formatSpec,
  type PartSpecs,
  type SpecDefinition,
  specDefinition,
  specsOf,
} from '#shared/part-specs.ts';
import { DataTable } from '#web/components/ui/data-table.tsx';

interface SpecRow {
  spec: SpecDefinition;
  value: PartSpecs[string];
}

/**
 * A part's specs as a table, labelled from the category's declared specs (in their order), each value
 * with its unit. Nothing when the part has none.
 */
export function PartSpecsTable({ category, specs }: { category: string; specs: PartSpecs }) {
  const declared = specsOf(category);
  // A key its category no longer declares (the part moved) is still labelled by the table of specs.
  const others = Object.keys(specs).filter((key) => !declared.some((spec) => spec.key === key));
  const rows: SpecRow[] = [...declared, ...others.flatMap((key) => specDefinition(key) ?? [])]
    .filter((spec) => specs[spec.key] !== undefined)
    .map((spec) => ({ spec, value: specs[spec.key]! }));
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specs-heading" className="flex flex-col gap-3">
      <h2 id="specs-heading" className="text-xl font-bold">
        Specifications
      </h2>
      <DataTable
        compact
        rows={rows}
        rowKey={(row) => row.spec.key}
        columns={[
          { header: 'Spec', className: 'font-medium', cell: (row) => row.spec.label },
          { header: 'Value', labelOnPhones: false, cell: (row) => formatSpec(row.spec, row.value) },
        ]}
      />
    </section>
  );
}
