-- Items cut from a material shape (item material-shape create): the shape and the cut the
-- item was created for, and whether it was created as a remnant. One row per item; the
-- item's own width and length keep the dimensions, so a later shape change does not reach it.
CREATE TABLE item_material_shapes (
    tenant_id         text NOT NULL REFERENCES tenants (id),
    item_id           text NOT NULL,
    material_shape_id text NOT NULL,
    is_remnant        boolean NOT NULL DEFAULT false,
    created_utc       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, item_id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, material_shape_id) REFERENCES material_shapes (tenant_id, id)
);
CREATE INDEX item_material_shapes_shape_idx ON item_material_shapes (tenant_id, material_shape_id);
