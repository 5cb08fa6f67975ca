import { blogPosts } from './blog-posts';

export function BlogPage() {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-bold text-base-content">Blog</h1>
      <p className="mt-2 text-base-content opacity-80">
        Answers to common questions about React, JavaScript and testing.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {blogPosts.map((post) => (
          <article key={post.id} aria-labelledby={`blog-post-${post.id}`} className="card bg-base-100 shadow">
            <div className="card-body">
              <h2 id={`blog-post-${post.id}`} className="card-title">
                {post.question}
              </h2>
              {post.answer.map((paragraph) => (
                <p key={paragraph} className="text-base-content">
                  {paragraph}
                </p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </main>
  );
}
