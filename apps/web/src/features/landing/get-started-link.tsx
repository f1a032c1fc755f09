import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';

/** SPEC §1: "Get Started Now" leads to register. */
export function GetStartedLink() {
  return (
    <Link to={paths.register} className={buttonClass('primary', 'lg')}>
      Get Started Now
      <svg
        viewBox="0 0 20 20"
        className="size-5"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 10h12m-4-4 4 4-4 4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}
