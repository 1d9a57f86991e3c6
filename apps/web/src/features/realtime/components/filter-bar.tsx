import {
  type ActiveOrders,
  type ActiveOrdersStatistics,
  clearOrdersDropdownFilters,
  type OrdersFilter,
  ordersHasClearableFilters,
} from '@waybill/contracts';
import { Button } from '../../../components/button/button.js';
import { DropdownFilter } from '../../../components/dropdown-filter/dropdown-filter.js';
import { SelectMenu } from '../../../components/select-menu/select-menu.js';
import { type FilterOption, nextCourierSelection } from '../lib/filter-options.js';
import styles from './filter-bar.module.css';
import { SavedViewsMenu } from './saved-views/saved-views-menu.js';
import { SearchBox } from './search-box.js';

export interface FilterBarProps {
  filter: OrdersFilter;
  onChange: (next: OrdersFilter) => void;
  userOptions: readonly FilterOption[];
  warehouseOptions: readonly FilterOption[];
  merchantOptions: readonly FilterOption[];
  courierOptions: readonly FilterOption[];
  activeStatistics: ActiveOrdersStatistics | null;
}

/** Assigned user, warehouse, merchant, courier, active/snoozed, 'Clear Filters' and the search box. */
export function FilterBar({
  filter,
  onChange,
  userOptions,
  warehouseOptions,
  merchantOptions,
  courierOptions,
  activeStatistics,
}: FilterBarProps) {
  const set = (patch: Partial<OrdersFilter>) => onChange({ ...filter, ...patch });
  const activeOptions = [
    { value: 'all', label: 'All Orders', count: activeStatistics?.all_orders.count },
    { value: 'active', label: 'Active Orders', count: activeStatistics?.active_orders.count },
    { value: 'snoozed', label: 'Snoozed Orders', count: activeStatistics?.snoozed_orders.count },
  ] as const;

  return (
    <div className={styles.bar}>
      <div className={styles.filters}>
        <DropdownFilter
          label="Assigned user"
          allLabel="All users"
          options={userOptions}
          selected={filter.assignedUsersUIDS}
          onChange={(assignedUsersUIDS) => set({ assignedUsersUIDS })}
          moreNoun="Users"
          testId="filter-user"
        />
        <DropdownFilter
          label="Warehouse"
          allLabel="All Warehouses"
          options={warehouseOptions}
          selected={filter.fulfillmentCentersUIDS}
          onChange={(fulfillmentCentersUIDS) => set({ fulfillmentCentersUIDS })}
          moreNoun="Warehouses"
          testId="filter-warehouse"
        />
        <DropdownFilter
          label="Merchant"
          allLabel="All Merchants"
          options={merchantOptions}
          selected={filter.sellingChannelsUIDS}
          onChange={(sellingChannelsUIDS) => set({ sellingChannelsUIDS })}
          moreNoun="Merchants"
          testId="filter-merchant"
        />
        <DropdownFilter
          label="Courier"
          allLabel="All Couriers"
          options={courierOptions}
          selected={filter.courierKeys}
          onChange={(next) => set({ courierKeys: nextCourierSelection(filter.courierKeys, next) })}
          moreNoun="Couriers"
          testId="filter-courier"
        />
        <SelectMenu<ActiveOrders>
          label="Active or snoozed orders"
          value={filter.activeOrders}
          options={activeOptions.map((o) => ({
            value: o.value,
            label: o.label,
            ...(o.count !== undefined ? { count: o.count } : {}),
          }))}
          onChange={(activeOrders) => set({ activeOrders })}
          testId="filter-active"
        />
        <SavedViewsMenu filter={filter} />
        {ordersHasClearableFilters(filter) ? (
          <Button variant="ghost" onClick={() => onChange(clearOrdersDropdownFilters(filter))}>
            Clear Filters
          </Button>
        ) : null}
      </div>
      <SearchBox value={filter.reference} onSearch={(reference) => set({ reference })} />
    </div>
  );
}
