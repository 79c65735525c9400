import { useState } from 'react';
import { vehiclesAdminCopy } from '@shop/shared/copy/vehicles-admin';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { AddVehicleForm } from '../../../features/vehicles/components/add-vehicle-form';
import { VehicleCatalogue } from '../../../features/vehicles/components/vehicle-catalogue';
import { VehicleImport } from '../../../features/vehicles/components/vehicle-import';

const t = vehiclesAdminCopy;
const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
const heading = 'mb-4 font-display text-xl font-bold uppercase tracking-wide';

/** Issue #11 (decision 133): the admin's vehicle list, adding one vehicle, and the vehicles CSV import. */
export default function VehiclesPage() {
  // The listing follows the make of the vehicle just added.
  const [make, setMake] = useState('');
  return (
    <section aria-labelledby="vehicles-title">
      <DashboardPageHeader id="vehicles-title" title={t.title} intro={t.intro} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <section aria-labelledby="vehicles-add" className={card}>
          <h3 id="vehicles-add" className={heading}>
            {t.addTitle}
          </h3>
          <AddVehicleForm onAdded={(v) => setMake(v.make)} />
        </section>
        <section aria-labelledby="vehicles-import" className={card}>
          <h3 id="vehicles-import" className={heading}>
            {t.importTitle}
          </h3>
          <VehicleImport />
        </section>
        <section aria-labelledby="vehicles-list" className={`${card} xl:col-span-2`}>
          <h3 id="vehicles-list" className={heading}>
            {t.listTitle}
          </h3>
          <VehicleCatalogue make={make} onMakeChange={setMake} />
        </section>
      </div>
    </section>
  );
}
