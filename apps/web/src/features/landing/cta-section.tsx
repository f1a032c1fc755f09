import { GetStartedLink } from './get-started-link';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="px-5 pb-24 sm:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] border border-gold-400/25 bg-[radial-gradient(ellipse_at_top,rgb(245_196_81/0.22),transparent_70%)] px-6 py-16 text-center sm:px-12 sm:py-20">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Ready to make more gold?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-300">
          Create your account, choose your realms and see tonight&apos;s best cross-realm deals.
        </p>
        <div className="mt-9 flex justify-center">
          <GetStartedLink />
        </div>
      </div>
    </section>
  );
}
