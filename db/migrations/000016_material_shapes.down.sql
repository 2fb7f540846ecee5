DROP TRIGGER tenants_seed_material_shapes ON tenants;
DROP FUNCTION seed_material_shapes_for_new_tenant();
DROP FUNCTION seed_material_shapes(text);
DROP TABLE material_shapes;
