/**
 * The typed specs each category declares: the one table the server checks parts against, the admin form
 * draws its fields from, the product page labels its spec table with, and `/parts` filters by. Free of
 * zod (contracts/part-specs.ts builds the checks), so pages that only show specs never load it.
 * Categories an admin adds have no specs until they are declared here.
 */

interface SpecBase {
  key: string;
  label: string;
  /** Written after the value ("Wh", "GB"); none for names. */
  unit?: string;
}
export type SpecDefinition =
  | (SpecBase & { type: 'number'; min: number; max: number })
  | (SpecBase & { type: 'integer'; min: number; max: number })
  | (SpecBase & { type: 'choice'; options: readonly string[] })
  | (SpecBase & { type: 'yesno' });

export type SpecValue = number | string | boolean;
export type PartSpecs = Record<string, SpecValue>;

const SCREEN_RESOLUTIONS = [
  '1366x768',
  '1600x900',
  '1920x1080',
  '1920x1200',
  '2560x1440',
  '2560x1600',
  '2880x1800',
  '3840x2160',
] as const;

export const CATEGORY_SPECS: Readonly<Record<string, readonly SpecDefinition[]>> = {
  'batteries-power': [
    { key: 'capacityWh', label: 'Capacity', unit: 'Wh', type: 'number', min: 1, max: 200 },
    { key: 'voltage', label: 'Voltage', unit: 'V', type: 'number', min: 1, max: 48 },
    { key: 'cells', label: 'Cells', type: 'integer', min: 1, max: 12 },
    { key: 'watts', label: 'Power', unit: 'W', type: 'integer', min: 1, max: 500 },
    {
      key: 'connector',
      label: 'Connector',
      type: 'choice',
      options: [
        'USB-C',
        'Lenovo slim tip',
        'Dell 4.5 mm',
        'Dell 7.4 mm',
        'HP 4.5 mm',
        'HP 7.4 mm',
        'MagSafe 2',
        'Surface Connect',
        'Barrel 5.5 mm',
        'Internal',
      ],
    },
  ],
  'storage-memory': [
    { key: 'capacityGB', label: 'Capacity', unit: 'GB', type: 'integer', min: 1, max: 16_384 },
    {
      key: 'type',
      label: 'Memory type',
      type: 'choice',
      options: ['DDR3L', 'DDR4', 'DDR5', 'LPDDR4X', 'LPDDR5'],
    },
    { key: 'speedMTs', label: 'Speed', unit: 'MT/s', type: 'integer', min: 800, max: 10_000 },
    { key: 'interface', label: 'Interface', type: 'choice', options: ['NVMe', 'SATA'] },
    {
      key: 'formFactor',
      label: 'Form factor',
      type: 'choice',
      options: ['M.2 2230', 'M.2 2242', 'M.2 2280', '2.5"', 'SO-DIMM'],
    },
  ],
  screens: [
    { key: 'sizeInches', label: 'Size', unit: '"', type: 'number', min: 7, max: 20 },
    { key: 'resolution', label: 'Resolution', type: 'choice', options: SCREEN_RESOLUTIONS },
    { key: 'connectorPins', label: 'Connector', unit: 'pins', type: 'choice', options: ['30', '40'] },
    { key: 'touch', label: 'Touch', type: 'yesno' },
    { key: 'refreshHz', label: 'Refresh rate', unit: 'Hz', type: 'integer', min: 30, max: 360 },
  ],
  'keyboards-input': [
    {
      key: 'layout',
      label: 'Layout',
      type: 'choice',
      options: ['US', 'UK', 'DE', 'FR', 'ES', 'IT', 'Nordic'],
    },
    { key: 'backlit', label: 'Backlit', type: 'yesno' },
  ],
  cooling: [{ key: 'discreteGpu', label: 'For discrete graphics', type: 'yesno' }],
};

/** A category's specs, or none. */
export const specsOf = (category: string): readonly SpecDefinition[] => CATEGORY_SPECS[category] ?? [];

/** Every spec key of every category, with its definition (keys mean the same wherever they appear). */
export function specDefinition(key: string): SpecDefinition | undefined {
  for (const specs of Object.values(CATEGORY_SPECS)) {
    const found = specs.find((spec) => spec.key === key);
    if (found) return found;
  }
  return undefined;
}

/** A spec's value as a person reads it: "57 Wh", "Yes", "1920x1080". */
export function formatSpec(spec: SpecDefinition, value: SpecValue): string {
  if (spec.type === 'yesno') return value ? 'Yes' : 'No';
  const unit = spec.unit ? (spec.unit === '"' ? '"' : ` ${spec.unit}`) : '';
  return `${value}${unit}`;
}

/** The query parameter that filters by a spec: `spec.capacityGB=16`, `spec.watts=60..100`. */
export const SPEC_PARAM_PREFIX = 'spec.';
