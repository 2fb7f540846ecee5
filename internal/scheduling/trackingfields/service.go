package trackingfields

import (
	"context"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service holds the rules of in-process tracking fields.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the tracking fields service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new field and returns its id. A name taken by another field answers 400
// (decided by the unique index, so concurrent creates cannot both win).
func (s *Service) Create(ctx context.Context, tenantID string, w FieldWrite) (string, error) {
	w, err := normalize(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one field; another tenant's, or none, is NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Field, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// List returns the fields matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Field, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// normalize trims the text members (whitespace-only optional ones are none) and checks the
// options: a drop-down needs at least one, other types take none; each option is trimmed,
// not blank and listed once, case-insensitively (the spec bounds their length).
func normalize(w FieldWrite) (FieldWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxText)
	if !w.DataType.Valid() {
		fields.Add("dataType", "must be boolean, text, number, dropDown or date")
	}
	w.Description = fields.OptionalText("description", w.Description, maxText)
	w.UnitTypeName = fields.OptionalText("unitTypeName", w.UnitTypeName, maxText)
	options := make([]string, 0, len(w.DropDownOptions))
	seen := map[string]bool{}
	for i, o := range w.DropDownOptions {
		o = strings.TrimSpace(o)
		key := strings.ToLower(o)
		switch {
		case o == "":
			fields.Add("dropDownOptions", "option %d is blank", i)
		case seen[key]:
			fields.Add("dropDownOptions", "option %q is listed more than once", o)
		}
		seen[key] = true
		options = append(options, o)
	}
	w.DropDownOptions = options
	switch {
	case w.DataType == DropDown && len(options) == 0:
		fields.Add("dropDownOptions", "a dropDown field needs at least one option")
	case w.DataType != DropDown && len(options) > 0:
		fields.Add("dropDownOptions", "only a dropDown field takes options; this one is %s", w.DataType)
	}
	return w, fields.Err()
}
