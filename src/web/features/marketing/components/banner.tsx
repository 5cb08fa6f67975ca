import { TAGLINE } from '#shared/shop.ts';

export function Banner() {
  return (
    <section className="hero bg-gradient-to-br from-slate-900 to-indigo-900 text-white">
      <div className="hero-content mx-auto max-w-7xl flex-col gap-8 px-4 py-14 lg:flex-row-reverse">
        <img
          src="/images/banner.webp"
          alt="An open laptop surrounded by a battery, memory, an SSD and a cooling fan"
          width="600"
          height="400"
          fetchPriority="high"
          className="w-full max-w-md"
        />
        <div className="max-w-xl">
          <h1 className="text-4xl font-bold leading-tight md:text-5xl">
            Parts that bring your laptop back to life
          </h1>
          <p className="py-6 text-lg text-slate-100">
            {/* One text, as the page drawn at build time has it (decision 020). */}
            {`Batteries, chargers, SSDs, memory, screens and more — tested, honestly described and shipped fast. ${TAGLINE}.`}
          </p>
          <a href="#parts-heading" className="btn btn-accent btn-lg">
            Shop parts
          </a>
        </div>
      </div>
    </section>
  );
}
