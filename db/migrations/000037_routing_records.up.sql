-- What a routing holds besides its operations: the items consumed at an operation, the
-- in-process tracking recorded at an operation's phases, the input items (components) and
-- input materials (stock cut into blanks) of the whole routing, and the nestings of a
-- material's blanks on stock. Like routing_operations, every table serves every owner type.

-- Inputs and materials may name the operation that consumes them; a key over the owner and
-- the id lets their foreign keys require an operation of the same routing.
ALTER TABLE routing_operations
    ADD CONSTRAINT routing_operations_owner_id_key UNIQUE (tenant_id, owner_type, owner_id, id);

-- Items consumed at one operation (tooling, inserts, consumables), per unit made or per
-- setup. They go with their operation.
CREATE TABLE routing_operation_items (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 36),
    routing_operation_id text NOT NULL,
    item_id              text NOT NULL,
    quantity             numeric NOT NULL CHECK (quantity > 0),
    per                  text NOT NULL DEFAULT 'unit' CHECK (per IN ('unit', 'setup')),
    notes                text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc          timestamptz NOT NULL DEFAULT now(),
    modified_utc         timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT routing_operation_items_operation_fkey FOREIGN KEY (tenant_id, routing_operation_id)
        REFERENCES routing_operations (tenant_id, id) ON DELETE CASCADE,
    CONSTRAINT routing_operation_items_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id)
);
CREATE TRIGGER routing_operation_items_advance_version BEFORE UPDATE ON routing_operation_items
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
CREATE INDEX routing_operation_items_operation_idx ON routing_operation_items (tenant_id, routing_operation_id, created_utc, id);
CREATE INDEX routing_operation_items_item_idx ON routing_operation_items (tenant_id, item_id);

-- In-process tracking: which tracking field is recorded at which phase of an operation
-- (setup: at first-piece approval; inProcess: while running, every `frequency` units;
-- final: when the operation completes). A field is assigned at most once per phase.
CREATE TABLE routing_operation_ipts (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 36),
    routing_operation_id text NOT NULL,
    phase                text NOT NULL CHECK (phase IN ('setup', 'inProcess', 'final')),
    tracking_field_id    text NOT NULL,
    is_required          boolean NOT NULL DEFAULT true,
    -- Every how many units the field is recorded; inProcess only (null: once per phase).
    frequency            integer CHECK (frequency > 0 AND phase = 'inProcess'),
    instructions         text CHECK (char_length(instructions) BETWEEN 1 AND 2000),
    created_utc          timestamptz NOT NULL DEFAULT now(),
    modified_utc         timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT routing_operation_ipts_operation_fkey FOREIGN KEY (tenant_id, routing_operation_id)
        REFERENCES routing_operations (tenant_id, id) ON DELETE CASCADE,
    CONSTRAINT routing_operation_ipts_field_fkey FOREIGN KEY (tenant_id, tracking_field_id)
        REFERENCES in_process_tracking_fields (tenant_id, id)
);
CREATE TRIGGER routing_operation_ipts_advance_version BEFORE UPDATE ON routing_operation_ipts
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
CREATE UNIQUE INDEX routing_operation_ipts_field_key ON routing_operation_ipts (tenant_id, routing_operation_id, phase, tracking_field_id);
CREATE INDEX routing_operation_ipts_field_idx ON routing_operation_ipts (tenant_id, tracking_field_id);

-- Input items: the components of what the owner makes, per unit of it in the component's
-- unit, optionally at the operation that consumes them. Deleting that operation detaches
-- the input (routing_operation_id becomes null); the input stays.
CREATE TABLE routing_input_items (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 36),
    owner_type           text NOT NULL CHECK (owner_type IN ('item', 'quotePartLine', 'salesOrderPartLine', 'jobItemToMake')),
    owner_id             text NOT NULL,
    item_id              text NOT NULL,
    quantity_per_unit    numeric NOT NULL CHECK (quantity_per_unit > 0),
    routing_operation_id text,
    notes                text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc          timestamptz NOT NULL DEFAULT now(),
    modified_utc         timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT routing_input_items_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT routing_input_items_operation_fkey FOREIGN KEY (tenant_id, owner_type, owner_id, routing_operation_id)
        REFERENCES routing_operations (tenant_id, owner_type, owner_id, id) ON DELETE SET NULL (routing_operation_id)
);
CREATE TRIGGER routing_input_items_advance_version BEFORE UPDATE ON routing_input_items
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
CREATE INDEX routing_input_items_owner_idx ON routing_input_items (tenant_id, owner_type, owner_id, created_utc, id);
-- Serves the cycle check (which routings use an item) and the unit-change rule.
CREATE INDEX routing_input_items_item_idx ON routing_input_items (tenant_id, item_id, owner_type, owner_id);
CREATE INDEX routing_input_items_operation_idx ON routing_input_items (tenant_id, owner_type, owner_id, routing_operation_id);

-- Input materials: stock of a catalogue material shape cut into blanks of length (by width,
-- for planar shapes), each blank making pieces_per_blank units. item_id, when set, is the
-- stock item one unit of which is one blank: it prices the material and counts its stock.
CREATE TABLE routing_input_materials (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 36),
    owner_type           text NOT NULL CHECK (owner_type IN ('item', 'quotePartLine', 'salesOrderPartLine', 'jobItemToMake')),
    owner_id             text NOT NULL,
    material_shape_id    text NOT NULL,
    item_id              text,
    blank_length         numeric NOT NULL CHECK (blank_length > 0),
    blank_width          numeric CHECK (blank_width > 0),
    pieces_per_blank     integer NOT NULL DEFAULT 1 CHECK (pieces_per_blank > 0),
    routing_operation_id text,
    notes                text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc          timestamptz NOT NULL DEFAULT now(),
    modified_utc         timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT routing_input_materials_shape_fkey FOREIGN KEY (tenant_id, material_shape_id) REFERENCES material_shapes (tenant_id, id),
    CONSTRAINT routing_input_materials_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT routing_input_materials_operation_fkey FOREIGN KEY (tenant_id, owner_type, owner_id, routing_operation_id)
        REFERENCES routing_operations (tenant_id, owner_type, owner_id, id) ON DELETE SET NULL (routing_operation_id)
);
CREATE TRIGGER routing_input_materials_advance_version BEFORE UPDATE ON routing_input_materials
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
CREATE INDEX routing_input_materials_owner_idx ON routing_input_materials (tenant_id, owner_type, owner_id, created_utc, id);
CREATE INDEX routing_input_materials_operation_idx ON routing_input_materials (tenant_id, owner_type, owner_id, routing_operation_id);
CREATE INDEX routing_input_materials_shape_idx ON routing_input_materials (tenant_id, material_shape_id);
CREATE INDEX routing_input_materials_item_idx ON routing_input_materials (tenant_id, item_id);

-- Nestings: how a material's blanks are laid out on one piece of stock (a sheet of
-- stock_length by stock_width, or a bar of stock_length), giving blanks_per_stock blanks.
-- They go with their material.
CREATE TABLE routing_material_nestings (
    tenant_id         text NOT NULL REFERENCES tenants (id),
    id                text NOT NULL CHECK (char_length(id) = 36),
    input_material_id text NOT NULL,
    name              text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    stock_length      numeric NOT NULL CHECK (stock_length > 0),
    stock_width       numeric CHECK (stock_width > 0),
    blanks_per_stock  integer NOT NULL CHECK (blanks_per_stock > 0),
    notes             text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT routing_material_nestings_material_fkey FOREIGN KEY (tenant_id, input_material_id)
        REFERENCES routing_input_materials (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX routing_material_nestings_material_idx ON routing_material_nestings (tenant_id, input_material_id, created_utc, id);
