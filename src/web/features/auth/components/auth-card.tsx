import type { ReactNode } from 'react';

/** The frame of the login, sign-up and password pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-md bg-base-100 shadow-lg">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
