package extref

import (
	"encoding/json"
	"fmt"
	"mos/internal/platform/listing"
)

// Filter matches the records holding a reference under Key, narrowed by Type and ExternalID
// when given (the ExternalReferenceFilter of the lists).
type Filter struct {
	Key        string
	Type       *string
	ExternalID *string
}

// Doc is the jsonb document a record's references column must contain (@>) to match f.
func (f Filter) Doc() (string, error) {
	member := map[string]string{}
	if f.Type != nil {
		member["type"] = *f.Type
	}
	if f.ExternalID != nil {
		member["externalId"] = *f.ExternalID
	}
	b, err := json.Marshal(map[string]any{f.Key: member})
	if err != nil {
		return "", fmt.Errorf("encode external reference filter: %w", err)
	}
	return string(b), nil
}

// Narrow adds f's match on column (a record's references, jsonb) to a list's query; a nil f
// adds nothing.
func Narrow(lq *listing.Query, column string, f *Filter) error {
	if f == nil {
		return nil
	}
	doc, err := f.Doc()
	if err != nil {
		return err
	}
	lq.Where(column+" @> %s::jsonb", doc)
	return nil
}
