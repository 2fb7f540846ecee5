package extref

import (
	"encoding/json"
	"fmt"
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
