import { anchors } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { DealPreview } from './deal-preview';
import { GetStartedLink } from './get-started-link';
import { StrokeIcon } from '../../components/ui/stroke-icon';

const highlights = ['Fresh data every hour', 'US and EU retail realms', 'Auctionator and TSM exports'];

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden px-5 pt-16 pb-20 sm:px-8 sm:pt-24 sm:pb-28"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_50%_at_30%_0%,rgb(245_196_81/0.16),transparent),radial-gradient(ellipse_40%_40%_at_90%_30%,rgb(56_189_248/0.08),transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.025)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.025)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)] bg-[size:48px_48px]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-3.5 py-1.5 text-xs font-semibold text-gold-200 ring-1 ring-gold-400/25 sm:text-sm">
            <span className="size-1.5 rounded-full bg-gold-400" aria-hidden="true" />
            World of Warcraft retail · US &amp; EU
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance text-white sm:text-5xl xl:text-6xl"
          >
            Buy low on one realm.{' '}
            <span className="bg-gradient-to-r from-gold-200 via-gold-400 to-gold-500 bg-clip-text text-transparent">
              Sell high on another.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-400">
            GoldRoute compares the auction houses of the realms you choose, ranks every cross-realm deal by
            profit and turns your picks into an Auctionator shopping list in one click.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <GetStartedLink />
            <a href={`#${anchors.guide}`} className={buttonClass('secondary', 'lg')}>
              Watch the guide
            </a>
          </div>
          <ul className="mt-9 flex flex-col gap-2.5 text-sm text-slate-400 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <StrokeIcon
                  d="m5 10.5 3 3 7-7"
                  viewBox="0 0 20 20"
                  className="size-4 text-gold-400"
                  strokeWidth={2.2}
                  round="both"
                />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <DealPreview />
      </div>
    </section>
  );
}
