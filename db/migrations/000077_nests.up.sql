-- Nests: the sheet-metal nest of a work-order operation (one row per work-order operation,
-- created with it, so that its nesting setup always has a version for ETags). A nest holds
-- parts (linked by part number to placements and unplaced parts), plates (sheets cut count
-- times each, with the placements of parts on them) and sheet runs (what the shop floor
-- recorded against it: completed repetitions, material picked from inventory, scrapped
-- parts). A nest with any of those can no longer be replaced.

CREATE TABLE nests (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    work_order_operation_id text NOT NULL,
    work_order_id           text NOT NULL,
    dimension_unit          text NOT NULL DEFAULT 'inch' CHECK (dimension_unit IN ('inch', 'millimeter')),
    -- The nesting program's file as the nesting software names it; kept by a replace that
    -- sends none.
    nesting_file            text CHECK (char_length(nesting_file) BETWEEN 1 AND 500),
    modified_utc            timestamptz NOT NULL DEFAULT now(),
    version                 bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, work_order_operation_id),
    CONSTRAINT nests_operation_fkey FOREIGN KEY (tenant_id, work_order_operation_id) REFERENCES work_order_operations (tenant_id, id),
    CONSTRAINT nests_work_order_fkey FOREIGN KEY (tenant_id, work_order_id) REFERENCES work_orders (tenant_id, id)
);

CREATE TRIGGER nests_advance_version BEFORE UPDATE ON nests
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- Work orders created before nests existed get their empty nests.
INSERT INTO nests (tenant_id, work_order_operation_id, work_order_id)
SELECT tenant_id, id, work_order_id FROM work_order_operations;

-- The parts a nest cuts; job_operation_id is the grouped job operation the part is made for
-- (null for a filler part).
CREATE TABLE nest_parts (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    work_order_operation_id text NOT NULL,
    id                      text NOT NULL CHECK (char_length(id) = 36),
    position                integer NOT NULL CHECK (position > 0),
    part_number             text NOT NULL CHECK (char_length(part_number) BETWEEN 1 AND 100),
    job_operation_id        text CHECK (char_length(job_operation_id) = 36),
    description             text CHECK (char_length(description) BETWEEN 1 AND 500),
    width                   numeric NOT NULL CHECK (width > 0),
    length                  numeric NOT NULL CHECK (length > 0),
    -- The part's true area (its outline less holes); null means width x length.
    area                    numeric CHECK (area > 0),
    -- Scrap the nest's sheet runs recorded for the part.
    quantity_scrapped       numeric NOT NULL DEFAULT 0 CHECK (quantity_scrapped >= 0),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT nest_parts_number_key UNIQUE (tenant_id, work_order_operation_id, part_number),
    CONSTRAINT nest_parts_position_key UNIQUE (tenant_id, work_order_operation_id, position),
    CONSTRAINT nest_parts_nest_fkey FOREIGN KEY (tenant_id, work_order_operation_id) REFERENCES nests (tenant_id, work_order_operation_id)
);
CREATE INDEX nest_parts_job_operation_idx ON nest_parts (tenant_id, job_operation_id) WHERE job_operation_id IS NOT NULL;

-- The sheets of a nest: each cut count times (its repetitions).
CREATE TABLE nest_plates (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    work_order_operation_id text NOT NULL,
    id                      text NOT NULL CHECK (char_length(id) = 36),
    position                integer NOT NULL CHECK (position > 0),
    material_item_id        text,
    material                text CHECK (char_length(material) BETWEEN 1 AND 200),
    thickness               numeric CHECK (thickness > 0),
    width                   numeric NOT NULL CHECK (width > 0),
    length                  numeric NOT NULL CHECK (length > 0),
    count                   integer NOT NULL CHECK (count BETWEEN 1 AND 100000),
    machine_time_seconds    bigint NOT NULL DEFAULT 0 CHECK (machine_time_seconds BETWEEN 0 AND 1000000000000),
    completed_repetitions   integer NOT NULL DEFAULT 0 CHECK (completed_repetitions BETWEEN 0 AND count),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT nest_plates_position_key UNIQUE (tenant_id, work_order_operation_id, position),
    CONSTRAINT nest_plates_nest_fkey FOREIGN KEY (tenant_id, work_order_operation_id) REFERENCES nests (tenant_id, work_order_operation_id),
    CONSTRAINT nest_plates_material_fkey FOREIGN KEY (tenant_id, material_item_id) REFERENCES items (tenant_id, id)
);

-- Parts placed on a plate: quantity of the part per repetition, at x, y (the lower-left corner
-- of the part's rotated bounding box, from the plate's lower-left corner), rotated by rotation
-- degrees counter-clockwise.
CREATE TABLE nest_placements (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    work_order_operation_id text NOT NULL,
    plate_id                text NOT NULL,
    position                integer NOT NULL CHECK (position > 0),
    part_number             text NOT NULL,
    quantity                integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
    x                       numeric,
    y                       numeric,
    rotation                numeric NOT NULL DEFAULT 0 CHECK (rotation >= 0 AND rotation < 360),
    PRIMARY KEY (tenant_id, plate_id, position),
    CONSTRAINT nest_placements_plate_fkey FOREIGN KEY (tenant_id, plate_id) REFERENCES nest_plates (tenant_id, id),
    CONSTRAINT nest_placements_part_fkey FOREIGN KEY (tenant_id, work_order_operation_id, part_number) REFERENCES nest_parts (tenant_id, work_order_operation_id, part_number)
);
-- A nest's placements (read and cleared by a replace), and the check of its parts' deletes.
CREATE INDEX nest_placements_part_idx ON nest_placements (tenant_id, work_order_operation_id, part_number);

-- Parts the nesting software could not place, and how many.
CREATE TABLE nest_unplaced_parts (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    work_order_operation_id text NOT NULL,
    position                integer NOT NULL CHECK (position > 0),
    part_number             text NOT NULL,
    quantity                integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
    PRIMARY KEY (tenant_id, work_order_operation_id, position),
    CONSTRAINT nest_unplaced_parts_part_fkey FOREIGN KEY (tenant_id, work_order_operation_id, part_number) REFERENCES nest_parts (tenant_id, work_order_operation_id, part_number)
);
CREATE INDEX nest_unplaced_parts_part_idx ON nest_unplaced_parts (tenant_id, work_order_operation_id, part_number);

-- What the shop floor recorded against a nest: repetitions of one plate completed, the
-- material pick it posted (an inventory event) and the parts it scrapped (quantity in all).
CREATE TABLE nest_sheet_runs (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    id                      text NOT NULL CHECK (char_length(id) = 36),
    work_order_operation_id text NOT NULL,
    plate_id                text NOT NULL,
    repetitions             integer NOT NULL CHECK (repetitions >= 0),
    inventory_event_id      text,
    quantity_scrapped       numeric NOT NULL DEFAULT 0 CHECK (quantity_scrapped >= 0),
    user_id                 text,
    recorded_utc            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT nest_sheet_runs_plate_fkey FOREIGN KEY (tenant_id, plate_id) REFERENCES nest_plates (tenant_id, id),
    CONSTRAINT nest_sheet_runs_event_fkey FOREIGN KEY (tenant_id, inventory_event_id) REFERENCES inventory_events (tenant_id, id),
    CONSTRAINT nest_sheet_runs_user_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    CONSTRAINT nest_sheet_runs_something CHECK (repetitions > 0 OR inventory_event_id IS NOT NULL OR quantity_scrapped > 0)
);
CREATE INDEX nest_sheet_runs_nest_idx ON nest_sheet_runs (tenant_id, work_order_operation_id, recorded_utc);
-- The check of a replace's plate deletes (refused by the service before, while runs exist).
CREATE INDEX nest_sheet_runs_plate_idx ON nest_sheet_runs (tenant_id, plate_id);
