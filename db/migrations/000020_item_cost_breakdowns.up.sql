-- Item cost breakdowns: the cost of producing `quantity` of an item as an estimate or a job
-- calculated it. Estimates and jobs write rows when they land; the items area only lists
-- them. Costs are totals for the whole quantity in the tenant's currency (per-unit values
-- are derived on read); cumulative_* include everything below the item, item_* only the
-- item's own level. Each total_* column is the sum of its five kinds.
CREATE TABLE item_cost_breakdowns (
    tenant_id                        text NOT NULL REFERENCES tenants (id),
    id                               text NOT NULL,
    item_id                          text NOT NULL,
    type                             text NOT NULL CHECK (type IN ('estimated', 'inProgressJob', 'completedJob', 'cancelledJob')),
    quantity                         numeric NOT NULL CHECK (quantity > 0),
    quantity_scrapped                numeric NOT NULL DEFAULT 0 CHECK (quantity_scrapped >= 0),
    calculated_on                    timestamptz NOT NULL,
    labor_hours                      numeric NOT NULL DEFAULT 0 CHECK (labor_hours >= 0),
    machine_hours                    numeric NOT NULL DEFAULT 0 CHECK (machine_hours >= 0),
    setup_hours                      numeric NOT NULL DEFAULT 0 CHECK (setup_hours >= 0),
    cumulative_material              numeric NOT NULL DEFAULT 0,
    cumulative_labor                 numeric NOT NULL DEFAULT 0,
    cumulative_machine               numeric NOT NULL DEFAULT 0,
    cumulative_outside_processing    numeric NOT NULL DEFAULT 0,
    cumulative_overhead              numeric NOT NULL DEFAULT 0,
    item_material                    numeric NOT NULL DEFAULT 0,
    item_labor                       numeric NOT NULL DEFAULT 0,
    item_machine                     numeric NOT NULL DEFAULT 0,
    item_outside_processing          numeric NOT NULL DEFAULT 0,
    item_overhead                    numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id)
);
-- The list's fixed order within an item.
CREATE INDEX item_cost_breakdowns_item_idx ON item_cost_breakdowns (tenant_id, item_id, calculated_on DESC, id DESC);
