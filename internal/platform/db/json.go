package db

import (
	"encoding/json"
	"fmt"
)

// ScanJSON decodes the value of a json or jsonb column, as a sql.Scanner receives it, into
// dest: the one body of the Scan methods of values read as JSON (a sub-record's list, another
// area's record shown beside one's own). It reports false for SQL NULL, leaving dest as it
// is; what names the value in errors.
func ScanJSON(src any, dest any, what string) (bool, error) {
	var raw []byte
	switch v := src.(type) {
	case nil:
		return false, nil
	case []byte:
		raw = v
	case string:
		raw = []byte(v)
	default:
		return false, fmt.Errorf("%s: cannot scan %T", what, src)
	}
	if err := json.Unmarshal(raw, dest); err != nil {
		return false, fmt.Errorf("%s: %w", what, err)
	}
	return true, nil
}
