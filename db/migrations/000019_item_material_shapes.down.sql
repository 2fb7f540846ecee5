DROP TABLE item_material_shapes;
