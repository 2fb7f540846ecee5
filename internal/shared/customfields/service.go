package customfields

import (
	"context"
	"strings"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service holds the rules of custom field definitions and of the values records carry.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the custom fields service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new definition and returns its id.
func (s *Service) Create(ctx context.Context, tenantID string, w DefinitionWrite) (string, error) {
	w, err := prepare(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one definition.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Definition, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// Update replaces a definition with the create rules. Values already stored on records are
// not rewritten: they meet the new definition when their record is next written.
func (s *Service) Update(ctx context.Context, tenantID, id string, w DefinitionWrite) (Definition, error) {
	w, err := prepare(w)
	if err != nil {
		return Definition{}, err
	}
	return s.store.update(ctx, s.pool, tenantID, id, w)
}

// Delete removes a definition and reports whether it existed.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	return s.store.delete(ctx, s.pool, tenantID, id)
}

// List returns the definitions matching f.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Definition, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// prepare applies the definition rules: the name is trimmed and 1 to 200 characters; the
// label defaults to the name; choice types need distinct options and other types take
// none; blank prepend, append and help text are stored as no value.
func prepare(w DefinitionWrite) (DefinitionWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, 200)
	label := w.Name
	if l := fields.OptionalText("label", w.Label, 200); l != nil {
		label = *l
	}
	w.Label = &label
	if !w.Module.Valid() {
		fields.Add("module", "%s", apperr.NotOneOf(string(w.Module), Modules))
	}
	if !w.Type.Valid() {
		fields.Add("type", "%s", apperr.NotOneOf(string(w.Type), Types))
	}
	w.Options = prepareOptions(w.Type, w.Options, fields)
	w.Prepend, w.Append, w.HelpText = blankAsNull(w.Prepend), blankAsNull(w.Append), blankAsNull(w.HelpText)
	if err := fields.Err(); err != nil {
		return DefinitionWrite{}, err
	}
	return w, nil
}

// prepareOptions trims the options of a choice type and checks they are present and
// distinct; any other type must carry none.
func prepareOptions(t Type, options []string, fields apperr.Fields) []string {
	if !t.HasOptions() {
		if len(options) > 0 {
			fields.Add("options", "must be absent or empty for type %s", t)
		}
		return []string{}
	}
	if len(options) == 0 {
		fields.Add("options", "type %s needs at least one option", t)
		return nil
	}
	out := make([]string, len(options))
	seen := make(map[string]bool, len(options))
	for i, o := range options {
		o = strings.TrimSpace(o)
		switch {
		case o == "":
			fields.Add("options", "option %d is blank", i)
		case utf8.RuneCountInString(o) > 200:
			fields.Add("options", "option %d is over 200 characters", i)
		case seen[o]:
			fields.Add("options", "option %q is listed more than once", o)
		}
		seen[o] = true
		out[i] = o
	}
	return out
}

func blankAsNull(s *string) *string {
	if s == nil || strings.TrimSpace(*s) == "" {
		return nil
	}
	return s
}
