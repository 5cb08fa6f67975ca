const stats = [
  { title: 'Total selling units', value: '50,600', note: '21% more than last month' },
  { title: 'New clients', value: '15K', note: '15% more than last month' },
  { title: 'Clients feedback', value: '5k+', note: 'and counting' },
] as const;

/** The fixed business summary (docs/product.md). */
export function Stats() {
  return (
    <section aria-labelledby="stats-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="stats-heading" className="mb-8 text-center text-3xl font-bold">
        Millions of businesses trust us
      </h2>
      <dl className="stats stats-vertical w-full shadow lg:stats-horizontal">
        {stats.map((stat) => (
          <div key={stat.title} className="stat place-items-center">
            <dt className="stat-title text-slate-700">{stat.title}</dt>
            <dd className="stat-value">{stat.value}</dd>
            <dd className="stat-desc text-slate-700">{stat.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
