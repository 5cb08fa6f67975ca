import { Link } from 'react-router';
import { SHOP_NAME, TAGLINE } from '#shared/shop.ts';
import { SITE_PAGES, type SitePage, type SitePageSlug } from '#shared/site-pages.ts';

const pageOf = (slug: SitePageSlug) => SITE_PAGES.find((page) => page.slug === slug)!;

/** An item with a page of its own links to it; the others have none, so they are plain text, not dead links. */
const columns: { title: string; items: (string | SitePage)[] }[] = [
  { title: 'Services', items: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', items: [pageOf('about'), pageOf('contact'), 'Jobs', 'Press kit'] },
  { title: 'Legal', items: [pageOf('terms'), pageOf('privacy'), 'Cookie policy', pageOf('returns')] },
];

/** The footer (docs/product.md): its pages of text (About us, Returns & warranty…) are the owner's. */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content print:hidden">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <aside>
          <img src="/images/logo.webp" alt={`${SHOP_NAME} logo`} width="56" height="56" />
          <p>
            <span className="text-lg font-bold">{`${SHOP_NAME} Ltd.`}</span>
            <br />
            {TAGLINE}
          </p>
        </aside>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul className="space-y-2">
              {column.items.map((item) =>
                typeof item === 'string' ? (
                  <li key={item}>{item}</li>
                ) : (
                  <li key={item.slug}>
                    <Link to={item.path} className="link link-hover">
                      {item.title}
                    </Link>
                  </li>
                ),
              )}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-neutral-content/20 py-4 text-center text-sm">
        {/* One text node, as the prerendered page has it: the app takes the page over without redrawing it. */}
        {`Copyright © ${new Date().getFullYear()} - All right reserved`}
      </p>
    </footer>
  );
}
