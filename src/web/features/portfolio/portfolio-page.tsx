import type { ReactNode } from 'react';

interface Education {
  readonly degree: string;
  readonly school: string;
  readonly years: string;
}

interface Project {
  readonly name: string;
  readonly description: string;
  readonly href: string;
}

const skills: readonly string[] = [
  'TypeScript',
  'JavaScript',
  'React',
  'Node.js',
  'Fastify',
  'PostgreSQL',
  'Tailwind CSS',
  'Testing',
  'Accessibility',
];

const education: readonly Education[] = [
  {
    degree: 'MSc in Software Engineering',
    school: 'University of Manchester',
    years: '2019 – 2020',
  },
  {
    degree: 'BSc in Computer Science',
    school: 'University of Leeds',
    years: '2016 – 2019',
  },
];

const projects: readonly Project[] = [
  {
    name: 'Laptop parts shop',
    description:
      'Online store for laptop parts: a searchable catalogue that forgives typos, a cart, checkout with card payment, and an owner’s dashboard.',
    href: 'https://example.com/laptop-parts-shop',
  },
  {
    name: 'Task manager',
    description: 'Kanban-style task manager with drag-and-drop boards and due-date reminders.',
    href: 'https://example.com/task-manager',
  },
  {
    name: 'Weather dashboard',
    description: 'Dashboard showing current conditions and a seven-day forecast for saved cities.',
    href: 'https://example.com/weather-dashboard',
  },
];

function PortfolioSection({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-semibold text-base-content">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PortfolioCard({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <article className="card bg-base-100 shadow">
      <div className="card-body">
        <h3 className="card-title">{title}</h3>
        {children}
      </div>
    </article>
  );
}

export function PortfolioPage() {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <header>
        <h1 className="text-4xl font-bold text-base-content">Alex Rahman</h1>
        <p className="mt-2 text-xl text-base-content opacity-80">Full-stack web developer</p>
        <p className="mt-2 text-base-content opacity-80">
          <a className="link" href="mailto:alex.rahman@example.com">
            alex.rahman@example.com
          </a>
          <span aria-hidden="true"> · </span>
          <span>Manchester, United Kingdom</span>
        </p>
      </header>

      <PortfolioSection id="skills" title="Skills">
        <ul className="mt-4 flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill} className="badge badge-outline badge-lg">
              {skill}
            </li>
          ))}
        </ul>
      </PortfolioSection>

      <PortfolioSection id="education" title="Education">
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          {education.map((item) => (
            <PortfolioCard key={item.degree} title={item.degree}>
              <p className="text-base-content">{item.school}</p>
              <p className="text-base-content opacity-80">{item.years}</p>
            </PortfolioCard>
          ))}
        </div>
      </PortfolioSection>

      <PortfolioSection id="projects" title="Projects">
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {projects.map((project) => (
            <PortfolioCard key={project.href} title={project.name}>
              <p className="text-base-content opacity-80">{project.description}</p>
              <div className="card-actions mt-2">
                <a className="link font-medium" href={project.href} target="_blank" rel="noopener noreferrer">
                  {`View live demo of ${project.name}`}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
            </PortfolioCard>
          ))}
        </div>
      </PortfolioSection>
    </main>
  );
}
