import { Link } from 'react-router';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { laptopPagePath } from '#shared/pages.ts';

/** "2018 · 20L5, 20L6": when a model was sold and the machine types on its label. */
export const modelDetails = (laptop: Pick<Laptop, 'years' | 'aliases'>) =>
  [laptop.years, laptop.aliases.join(', ')].filter(Boolean).join(' · ');

interface ModelListProps {
  models: Laptop[];
  /** Groups named by series alone (one brand's models) or by brand and series (a search's). */
  groupBy: 'series' | 'brand and series';
  /** The level of the groups' headings. */
  headingLevel: 2 | 3;
}

/** Models grouped by series, in the order they came (by brand, then name), each linking to its page. */
export function ModelList({ models, groupBy, headingLevel }: ModelListProps) {
  const groups = new Map<string, Laptop[]>();
  for (const model of models) {
    const group = groupBy === 'series' ? model.series : `${model.brand} ${model.series}`;
    groups.set(group, [...(groups.get(group) ?? []), model]);
  }
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {[...groups].map(([group, members]) => (
        <section key={group} className="flex flex-col gap-2">
          <Heading className="text-lg font-semibold">{group}</Heading>
          <ul className="flex flex-col gap-1">
            {members.map((model) => (
              <li key={model.slug}>
                <Link to={laptopPagePath(model.slug)} className="link link-hover font-medium">
                  {model.name}
                </Link>
                {modelDetails(model) ? (
                  <span className="ml-2 text-sm opacity-80">{modelDetails(model)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
