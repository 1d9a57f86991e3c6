import {
  INBOUND_STATUS_LABELS,
  type InboundStatisticsRow,
  type InboundStatus,
  type InboundsFilter,
  inboundStatusSchema,
  inboundsHasClearableFilters,
  initials,
  isAssignableUser,
  organizationLabel,
  PLACEHOLDERS,
} from '@waybill/contracts';
import { useDeferredValue } from 'react';
import { DropdownFilter, type DropdownOption } from '../../../components/index.js';
import { colourVar } from '../../../lib/priority-colour.js';
import type { InboundsMeta } from '../api/use-inbounds-list.js';
import type { InboundReference } from '../api/use-reference.js';
import { buildOptions, type FilterOption, rowsColour, withSelected } from '../lib/dropdown-options.js';
import styles from './inbound-filters.module.css';

export interface InboundFiltersProps {
  filter: InboundsFilter;
  stats: InboundsMeta | null;
  reference: InboundReference;
  onChange: (change: Partial<InboundsFilter>) => void;
}

function toDropdown(options: FilterOption[]): DropdownOption[] {
  return options.map((o) => ({
    value: o.value,
    label: o.label,
    count: o.count,
    leading: (
      <span className={styles.optionLead}>
        <span
          className={styles.dot}
          style={{ background: o.colour ? colourVar(o.colour) : 'transparent' }}
          aria-hidden
        />
        {o.badge ? <span className={styles.initials}>{o.badge}</span> : null}
      </span>
    ),
  }));
}

/** One filter dropdown, its trigger tinted with the most urgent priority of its options. */
function ColouredDropdown({
  rows,
  ...props
}: { rows: readonly InboundStatisticsRow[] } & Parameters<typeof DropdownFilter>[0]) {
  const colour = rowsColour(rows);
  return (
    <span
      className={styles.dropdown}
      data-colour={colour ?? undefined}
      style={colour ? { ['--dropdown-colour' as string]: colourVar(colour) } : undefined}
    >
      <DropdownFilter {...props} />
    </span>
  );
}

/** Assigned user, warehouse, merchant and status dropdowns, with 'Clear Filters'. */
export function InboundFilters({ filter, stats: liveStats, reference, onChange }: InboundFiltersProps) {
  // The options are sorted by name, which costs a long task on a slow tablet: they follow the counts
  // in a pass React can interrupt.
  const stats = useDeferredValue(liveStats);
  const userRows = stats?.assigned_users_statistics ?? [];
  const warehouseRows = stats?.fulfillment_centers_statistics ?? [];
  const merchantRows = stats?.organizations_statistics ?? [];
  const statusRows = stats?.statuses_statistics ?? [];

  // Superadmins are hidden from the assigned-user filter (contracts' isAssignableUser).
  // A selected value whose row left the statistics stays listed (withSelected), so it can be unticked.
  const userName = (key: string) => reference.users.get(key)?.name ?? key;
  const userInitials = (key: string) => initials(reference.users.get(key)?.name);
  const users = withSelected(
    buildOptions(
      userRows,
      (key) => {
        const user = reference.users.get(key);
        return user && isAssignableUser(user) ? user.name : null;
      },
      userInitials,
    ),
    filter.assignedUsersUIDS,
    userName,
    userInitials,
  );
  const warehouseName = (key: string) => reference.warehouses.get(key)?.name ?? PLACEHOLDERS.warehouse;
  const warehouses = withSelected(
    buildOptions(warehouseRows, warehouseName),
    filter.fulfillmentCentersUIDS,
    warehouseName,
  );
  const merchantName = (key: string) => organizationLabel(reference.organizations.get(key)?.name);
  const merchants = withSelected(
    buildOptions(merchantRows, merchantName),
    filter.organizationsUIDS,
    merchantName,
  );
  const statusLabel = (key: string) =>
    inboundStatusSchema.safeParse(key).success ? INBOUND_STATUS_LABELS[key as InboundStatus] : null;
  const statuses = withSelected(
    buildOptions(statusRows, statusLabel),
    filter.statuses,
    (key) => statusLabel(key) ?? key,
  );

  const me = reference.me;
  const userTrigger =
    filter.assignedUsersUIDS.length === 1 && me && filter.assignedUsersUIDS[0] === me.uid
      ? me.name
      : undefined;

  return (
    <fieldset className={styles.bar} aria-label="Inbound filters">
      <ColouredDropdown
        rows={userRows}
        label="Assigned user"
        allLabel="All Users"
        options={toDropdown(users)}
        selected={filter.assignedUsersUIDS}
        onChange={(next) => onChange({ assignedUsersUIDS: next })}
        moreNoun="Users"
        triggerLabel={userTrigger}
        testId="filter-users"
      />
      <ColouredDropdown
        rows={warehouseRows}
        label="Warehouse"
        allLabel="All Warehouses"
        options={toDropdown(warehouses)}
        selected={filter.fulfillmentCentersUIDS}
        onChange={(next) => onChange({ fulfillmentCentersUIDS: next })}
        moreNoun="Warehouses"
        testId="filter-warehouses"
      />
      <ColouredDropdown
        rows={merchantRows}
        label="Merchant"
        allLabel="All Merchants"
        options={toDropdown(merchants)}
        selected={filter.organizationsUIDS}
        onChange={(next) => onChange({ organizationsUIDS: next })}
        moreNoun="Merchants"
        testId="filter-merchants"
      />
      <ColouredDropdown
        rows={statusRows}
        label="Status"
        allLabel="All Statuses"
        options={toDropdown(statuses)}
        selected={filter.statuses}
        onChange={(next) =>
          onChange({
            statuses: next.filter((s): s is InboundStatus => inboundStatusSchema.safeParse(s).success),
          })
        }
        moreNoun="Statuses"
        testId="filter-statuses"
      />
      {inboundsHasClearableFilters(filter) ? (
        <button
          type="button"
          className={styles.clear}
          onClick={() =>
            onChange({
              assignedUsersUIDS: [],
              fulfillmentCentersUIDS: [],
              organizationsUIDS: [],
              statuses: [],
            })
          }
        >
          Clear Filters
        </button>
      ) : null}
    </fieldset>
  );
}
