package customfields

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"fmt"
)

// Column is a record's customFields map in a jsonb column, for the stores of the areas
// whose records carry custom fields. Numbers are read as json.Number so their digits
// survive a read-modify-write unchanged; nil stores as {}.
type Column map[string]any

// Value encodes the map as JSON text (lib/pq would send []byte as bytea).
func (c Column) Value() (driver.Value, error) {
	if c == nil {
		return "{}", nil
	}
	b, err := json.Marshal(map[string]any(c))
	if err != nil {
		return nil, fmt.Errorf("encode custom fields: %w", err)
	}
	return string(b), nil
}

// Scan decodes a jsonb object.
func (c *Column) Scan(src any) error {
	var b []byte
	switch x := src.(type) {
	case []byte:
		b = x
	case string:
		b = []byte(x)
	default:
		return fmt.Errorf("scan custom fields: unexpected %T", src)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	m := map[string]any{}
	if err := d.Decode(&m); err != nil {
		return fmt.Errorf("decode custom fields: %w", err)
	}
	*c = m
	return nil
}
