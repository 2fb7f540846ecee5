DROP TABLE material_vendors;
