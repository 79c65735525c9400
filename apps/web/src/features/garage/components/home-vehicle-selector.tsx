import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { VehicleSelector } from './vehicle-selector';

/** The home page's selector, just under the hero: choosing a bike opens the parts that fit it. */
export function HomeVehicleSelector() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto -mt-6 max-w-7xl px-4 sm:px-6 lg:px-8 relative z-10">
      <VehicleSelector onApply={(v) => navigate(`${paths.products}?vehicle=${v._id}`)} />
    </div>
  );
}
