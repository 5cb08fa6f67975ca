/** A recent tech article for the home page. */
export function Article() {
  return (
    <section aria-labelledby="article-heading" className="mx-auto max-w-7xl px-4 py-12">
      <article className="card bg-base-100 shadow-md lg:card-side">
        <figure className="bg-base-200 lg:w-2/5">
          <img
            src="/images/article-usb4.webp"
            alt="A laptop connected to two monitors through a USB4 dock"
            width="600"
            height="400"
            loading="lazy"
            decoding="async"
            className="w-full"
          />
        </figure>
        <div className="card-body lg:w-3/5">
          <p className="text-sm font-semibold uppercase tracking-wide opacity-80">Recent tech article</p>
          <h2 id="article-heading" className="card-title text-2xl">
            USB4 and Thunderbolt docks: one cable for your whole desk
          </h2>
          <p>
            A single USB-C cable can now carry power, two 4K displays, wired networking and fast storage. USB4
            and Thunderbolt 4 share the same connector and 40 Gbit/s of bandwidth, so most recent laptops can
            drive a full desk setup from one port.
          </p>
          <p>
            Before you buy a dock, check three things: that your laptop's port supports DisplayPort Alt Mode
            (look for the DP or lightning-bolt symbol), how much charging power the dock passes through
            (65–100 W covers most laptops), and how many displays your graphics can drive over one cable. Get
            those right and you can swap between home and office desks in seconds.
          </p>
        </div>
      </article>
    </section>
  );
}
