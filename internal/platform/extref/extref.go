// Package extref implements the externalReferences convention shared by customers, items,
// quotes, sales orders, purchase orders, invoices and inventory events: a map from a key to
// a link to the same record in another system.
//
// An area keeps References in one jsonb column (Value/Scan), runs every incoming map
// through Normalize with the Mode of the operation (Write for create and full update,
// PatchMode(kind) for a JSON Patch), and writes it back out as is: the
// JSON form is both the stored form and the read shape, where every member is present
// and a member without a value is null (so `"externalId": null` when none is held).
// The spec's ExternalReferences schema maps to References (x-go-type), so request and
// response bodies use this type directly.
package extref

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/utctime"
)

// Field is the property name of the map in request bodies and in problem field names.
const Field = "externalReferences"

// MaxKeyLength is the longest key, in characters.
const MaxKeyLength = 200

// Reference is one external reference. A nil member holds no value.
type Reference struct {
	Type          *string
	ExternalID    *string
	DisplayID     *string
	Status        *string
	URL           *string
	ModifiedUtc   *time.Time
	LastSyncedUtc *time.Time
}

// References maps a key (for example the name of the other system) to its reference.
type References map[string]Reference

// Mode says which write rule Normalize applies. Write is the rule of create and full update
// (PUT) of every record. A JSON Patch takes its mode from PatchMode, the one place that
// knows which record kinds keep blanks on PATCH: the blank-keeping mode has no exported
// name, so an area cannot pick it by accident.
type Mode int

const (
	// Write is create and full update (PUT), and PATCH of every record kind PatchMode does
	// not list (a PATCH is revalidated as a full update there):
	//   - a blank string member (empty or whitespace only) is stored as no value (nil);
	//   - externalId is required: nil or blank is the field error
	//     "externalReferences.<key>.externalId: is required".
	Write Mode = iota + 1
	// patchKeepingBlanks is PATCH of customers, items, quotes, sales orders and purchase
	// orders (see PatchMode):
	//   - a blank string member, externalId included, is stored as the empty string "";
	//   - externalId is not required: a reference added or left without one is stored
	//     with no value and reads back as "externalId": null (the only way a stored
	//     reference comes to lack one, and why the read shape allows null).
	// Normalizing stored references again in this mode changes nothing, so a PATCH that
	// does not touch externalReferences keeps them as they are.
	patchKeepingBlanks
)

// Kind is a kind of record that holds external references.
type Kind string

// The record kinds holding external references.
const (
	Customer       Kind = "customer"
	Vendor         Kind = "vendor"
	Item           Kind = "item"
	Quote          Kind = "quote"
	SalesOrder     Kind = "salesOrder"
	PurchaseOrder  Kind = "purchaseOrder"
	Invoice        Kind = "invoice"
	InventoryEvent Kind = "inventoryEvent"
	Shipment       Kind = "shipment"
)

// patchKeepsBlanks are the only record kinds whose PATCH stores a blank member as an empty
// string (and does not require externalId): customers, items, quotes, sales orders and
// purchase orders. A PATCH of any other record follows the create and full update rule.
var patchKeepsBlanks = map[Kind]bool{Customer: true, Item: true, Quote: true, SalesOrder: true, PurchaseOrder: true}

// PatchMode is the mode of a JSON Patch of a record of kind: the blank-keeping mode for
// customers, items, quotes, sales orders and purchase orders, Write for every other kind
// (a kind added later included).
func PatchMode(kind Kind) Mode {
	if patchKeepsBlanks[kind] {
		return patchKeepingBlanks
	}
	return Write
}

// Normalize applies the write rule of mode to refs and returns the map to store. In both
// modes:
//   - keys must be 1 to 200 characters and not blank (field "externalReferences");
//   - non-blank strings are kept exactly as sent (not trimmed);
//   - null or absent members stay nil;
//   - modifiedUtc and lastSyncedUtc are converted to UTC.
//
// Field errors are named from "externalReferences" down; an area that nests the map
// (for example under line items) adds its prefix with apperr.Fields.Merge. When there are
// errors the map is nil; otherwise it is never nil (an absent map stores as {}).
func Normalize(refs References, mode Mode) (References, apperr.Fields) {
	if mode != Write && mode != patchKeepingBlanks {
		panic(fmt.Sprintf("extref: unknown mode %d", mode))
	}
	out := make(References, len(refs))
	fields := apperr.Fields{}
	for key, ref := range refs {
		switch {
		case utf8.RuneCountInString(key) > MaxKeyLength:
			fields.Add(Field, "has a key longer than %d characters", MaxKeyLength)
			continue
		case isBlank(key):
			fields.Add(Field, "has a blank key %q; keys must be 1 to %d characters", key, MaxKeyLength)
			continue
		}
		ref.Type = mode.member(ref.Type)
		ref.ExternalID = mode.member(ref.ExternalID)
		ref.DisplayID = mode.member(ref.DisplayID)
		ref.Status = mode.member(ref.Status)
		ref.URL = mode.member(ref.URL)
		ref.ModifiedUtc = inUTC(ref.ModifiedUtc)
		ref.LastSyncedUtc = inUTC(ref.LastSyncedUtc)
		if mode == Write && ref.ExternalID == nil {
			fields.Add(Field+"."+key+".externalId", "is required")
		}
		out[key] = ref
	}
	if len(fields) > 0 {
		return nil, fields
	}
	return out, nil
}

// member applies the mode's rule for a blank string member.
func (m Mode) member(s *string) *string {
	if s == nil || !isBlank(*s) {
		return s
	}
	if m == patchKeepingBlanks {
		empty := ""
		return &empty
	}
	return nil
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

func inUTC(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// wireReference is the JSON form: every member present (null when it holds no value),
// instants through utctime so they leave in UTC and are read with or without an offset.
type wireReference struct {
	Type          *string       `json:"type"`
	ExternalID    *string       `json:"externalId"`
	DisplayID     *string       `json:"displayId"`
	Status        *string       `json:"status"`
	URL           *string       `json:"url"`
	ModifiedUtc   *utctime.Time `json:"modifiedUtc"`
	LastSyncedUtc *utctime.Time `json:"lastSyncedUtc"`
}

// MarshalJSON writes every member, null when it holds no value, with instants in UTC.
func (r Reference) MarshalJSON() ([]byte, error) {
	return json.Marshal(wireReference{
		Type: r.Type, ExternalID: r.ExternalID, DisplayID: r.DisplayID, Status: r.Status, URL: r.URL,
		ModifiedUtc: utctime.Ptr(r.ModifiedUtc), LastSyncedUtc: utctime.Ptr(r.LastSyncedUtc),
	})
}

// UnmarshalJSON reads a reference; absent and null members hold no value, blank strings
// are kept for Normalize to judge, and unknown members are ignored.
func (r *Reference) UnmarshalJSON(b []byte) error {
	var w wireReference
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = Reference{
		Type: w.Type, ExternalID: w.ExternalID, DisplayID: w.DisplayID, Status: w.Status, URL: w.URL,
		ModifiedUtc: instant(w.ModifiedUtc), LastSyncedUtc: instant(w.LastSyncedUtc),
	}
	return nil
}

func instant(t *utctime.Time) *time.Time {
	if t == nil {
		return nil
	}
	return &t.Time
}

// MarshalJSON writes a nil map as {}: the read shape always has the object.
func (rs References) MarshalJSON() ([]byte, error) {
	if rs == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(map[string]Reference(rs))
}

// Value stores the map in a jsonb column. It is sent as text: lib/pq would send []byte
// as bytea, which jsonb does not accept.
func (rs References) Value() (driver.Value, error) {
	b, err := rs.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("encode external references: %w", err)
	}
	return string(b), nil
}

// Scan reads a jsonb (or json/text) column; SQL NULL reads as an empty map.
func (rs *References) Scan(src any) error {
	var b []byte
	switch v := src.(type) {
	case nil:
		*rs = References{}
		return nil
	case []byte:
		b = v
	case string:
		b = []byte(v)
	default:
		return fmt.Errorf("extref: cannot scan %T into References", src)
	}
	var m References
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("decode external references: %w", err)
	}
	if m == nil { // a JSON null
		m = References{}
	}
	*rs = m
	return nil
}
