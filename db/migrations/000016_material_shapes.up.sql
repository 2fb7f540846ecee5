-- Material shapes: each tenant's catalogue of the stock it cuts items from (a 1/4 in A36
-- plate, a 1 in 6061 round tube, ...). An item made from a shape names it and gives a length
-- (and a width for planar shapes); its weight follows from the shape's density.
--
-- The form follows from the shape type and is not stored: sheet, plate and treadPlate are
-- planar (a thickness, sold by area: planar_density is mass per unit area); bar, tube, pipe,
-- beam, angle and channel are linear (a cross-section, sold by length: linear_density is
-- mass per unit length). Density units follow from dimension_units and the form (inch: lb/in²
-- or lb/in; millimeter: kg/m² or kg/m), so no density can be stated in units that disagree
-- with its shape's dimensions.
CREATE TABLE material_shapes (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    id              text NOT NULL,
    name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    material_name   text NOT NULL CHECK (char_length(material_name) BETWEEN 1 AND 200 AND material_name = btrim(material_name)),
    shape_type      text NOT NULL CHECK (shape_type IN ('sheet', 'plate', 'treadPlate', 'bar', 'tube', 'pipe', 'beam', 'angle', 'channel')),
    -- Planar shapes only.
    thickness       numeric CHECK (thickness > 0),
    -- Linear shapes only: the cross-section as named measures ({"outerDiameter": 1,
    -- "wallThickness": 0.065}), each > 0 (checked by the service); {} for planar shapes.
    dimensions      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(dimensions) = 'object'),
    dimension_units text NOT NULL CHECK (dimension_units IN ('inch', 'millimeter')),
    linear_density  numeric CHECK (linear_density > 0),
    planar_density  numeric CHECK (planar_density > 0),
    -- Only activated shapes can be used for new items; tenants deactivate what they do not stock.
    is_activated    boolean NOT NULL DEFAULT true,
    -- No delete operation yet; the read shape carries `deleted` for when there is one.
    deleted         boolean NOT NULL DEFAULT false,
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    -- The form rules, as the service states them (last line of defence).
    CHECK (CASE WHEN shape_type IN ('sheet', 'plate', 'treadPlate')
        THEN thickness IS NOT NULL AND planar_density IS NOT NULL AND linear_density IS NULL AND dimensions = '{}'
        ELSE thickness IS NULL AND planar_density IS NULL AND linear_density IS NOT NULL AND dimensions <> '{}' END)
);
-- Names are unique per tenant among live shapes, case-insensitively: the last line of
-- defence under concurrent creates and renames.
CREATE UNIQUE INDEX material_shapes_name_key ON material_shapes (tenant_id, lower(name)) WHERE NOT deleted;

-- seed_material_shapes gives a tenant a starting catalogue of common stock, all activated
-- (tenants deactivate what they do not stock). Dimensions are inches, densities pounds:
--   mass density: carbon steel (A36, A53, A992) 0.2836 lb/in³, 6061-T6 aluminum 0.0975 lb/in³,
--                 304 stainless 0.289 lb/in³;
--   planar density (lb/in²) = mass density × thickness;
--   linear density (lb/in)  = mass density × cross-section area, rounded to 6 decimal places
--                 where it does not terminate (π).
-- Section areas: round bar π/4·d²; tube and pipe π/4·(OD² − (OD − 2·wall)²); angle with equal
-- legs t·(2·leg − t); beams and channels the published AISC section area (W8x31 9.13 in²,
-- C4x5.4 1.58 in²). Gauges are the manufacturer's standard gauge (16 ga = 0.0598 in); tread
-- plate is weighed by its base thickness.
CREATE FUNCTION seed_material_shapes(tenant text) RETURNS void LANGUAGE sql AS $$
    INSERT INTO material_shapes (tenant_id, id, name, material_name, shape_type, thickness, dimensions, dimension_units, linear_density, planar_density)
    SELECT tenant, new_record_id(), v.name, v.material, v.shape_type, v.thickness, v.dimensions::jsonb, 'inch', v.linear_density, v.planar_density
    FROM (VALUES
        -- 0.2836 × 0.25 = 0.0709 lb/in² (10.21 lb/ft²)
        ('A36 Steel Plate 1/4 in', 'A36 Steel', 'plate', 0.25, '{}', NULL, 0.0709),
        -- 0.0975 × 0.5 = 0.04875 lb/in²
        ('6061-T6 Aluminum Plate 1/2 in', '6061-T6 Aluminum', 'plate', 0.5, '{}', NULL, 0.04875),
        -- 0.289 × 0.0598 = 0.0172822 lb/in²
        ('304 Stainless Sheet 16 ga', '304 Stainless', 'sheet', 0.0598, '{}', NULL, 0.0172822),
        -- 0.0975 × 0.125 = 0.0121875 lb/in²
        ('6061-T6 Aluminum Tread Plate 1/8 in', '6061-T6 Aluminum', 'treadPlate', 0.125, '{}', NULL, 0.0121875),
        -- 0.2836 × π/4 × 1² = 0.222739 lb/in
        ('A36 Steel Round Bar 1 in', 'A36 Steel', 'bar', NULL, '{"diameter": 1}', 0.222739, NULL),
        -- 0.0975 × π/4 × (1² − 0.87²) = 0.018616 lb/in
        ('6061-T6 Aluminum Round Tube 1 in x 0.065 in', '6061-T6 Aluminum', 'tube', NULL, '{"outerDiameter": 1, "wallThickness": 0.065}', 0.018616, NULL),
        -- 0.2836 × π/4 × (2.375² − 2.067²) = 0.304737 lb/in (3.66 lb/ft)
        ('A53 Steel Pipe 2 in Schedule 40', 'A53 Steel', 'pipe', NULL, '{"outerDiameter": 2.375, "wallThickness": 0.154}', 0.304737, NULL),
        -- 0.2836 × 9.13 = 2.589268 lb/in (31.07 lb/ft)
        ('A992 Steel Beam W8x31', 'A992 Steel', 'beam', NULL, '{"height": 8, "width": 7.995, "webThickness": 0.285, "flangeThickness": 0.435}', 2.589268, NULL),
        -- 0.2836 × 0.25 × (2 × 2 − 0.25) = 0.265875 lb/in
        ('A36 Steel Angle 2 x 2 x 1/4 in', 'A36 Steel', 'angle', NULL, '{"height": 2, "width": 2, "thickness": 0.25}', 0.265875, NULL),
        -- 0.2836 × 1.58 = 0.448088 lb/in (5.38 lb/ft)
        ('A36 Steel Channel C4x5.4', 'A36 Steel', 'channel', NULL, '{"height": 4, "width": 1.58, "webThickness": 0.184, "flangeThickness": 0.296}', 0.448088, NULL)
    ) AS v (name, material, shape_type, thickness, dimensions, linear_density, planar_density)
$$;

-- Every tenant has the catalogue: the ones that exist now, and through the trigger every
-- tenant created later, whatever creates it.
CREATE FUNCTION seed_material_shapes_for_new_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM seed_material_shapes(NEW.id);
    RETURN NEW;
END
$$;
CREATE TRIGGER tenants_seed_material_shapes AFTER INSERT ON tenants
    FOR EACH ROW EXECUTE FUNCTION seed_material_shapes_for_new_tenant();

SELECT seed_material_shapes(id) FROM tenants;
