import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { StrokeIcon } from '../../components/ui/stroke-icon';

/** SPEC §1: "Get Started Now" leads to register. */
export function GetStartedLink() {
  return (
    <Link to={paths.register} className={buttonClass('primary', 'lg')}>
      Get Started Now
      <StrokeIcon
        d="M4 10h12m-4-4 4 4-4 4"
        viewBox="0 0 20 20"
        className="size-5"
        strokeWidth={2}
        round="both"
      />
    </Link>
  );
}
