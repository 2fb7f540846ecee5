package capas

import (
	"context"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docnumbers"
)

// Service holds the rules of CAPAs.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
}

// NewService returns the CAPA service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service { return &Service{pool: pool, deps: deps} }

// listSpec: newest first, then highest id (the capas_created_idx order).
var listSpec = listing.Spec{
	Fields: map[string]string{
		"number": "c.number", "createdUtc": "c.created_utc", "dueDate": "c.due_date", "status": "c.status", "capaType": "c.capa_type",
	},
	Default:           "createdUtc",
	DefaultDescending: true,
	IDColumn:          "c.id",
}

// checkWrite normalises the members a create and an update share and collects what is wrong.
func checkWrite(fields apperr.Fields, w *Write) {
	if !slices.Contains(Types, w.Type) {
		fields.Add("capaType", "%s", apperr.NotOneOf(string(w.Type), Types))
	}
	w.ProblemStatement = fields.Text("problemStatement", w.ProblemStatement, maxText)
	w.RootCauseAnalysis = fields.OptionalText("rootCauseAnalysis", w.RootCauseAnalysis, maxText)
	w.CorrectiveAction = fields.OptionalText("correctiveAction", w.CorrectiveAction, maxText)
	if w.DueDate != nil {
		d := w.DueDate.UTC()
		w.DueDate = &d
	}
}

// Create stores a new CAPA (New, no owner, no tasks) and answers its id, in one transaction.
// The number is taken last, so a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, w Write) (string, error) {
	fields := apperr.Fields{}
	w.CorrectiveAction = nil // read-only on create: written by a full update
	checkWrite(fields, &w)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if w.NcrID != nil {
			found, err := s.deps.NCRs.ExistsForCapa(ctx, q, t.ID, *w.NcrID)
			if err != nil {
				return err
			}
			if !found {
				return apperr.NotFoundField("ncrId", "ncr %s not found", *w.NcrID)
			}
		}
		if err := s.validateCustomFields(ctx, q, t.ID, &w); err != nil {
			return err
		}
		number, err := docnumbers.Next(ctx, q, t.ID, docnumbers.KindCAPA)
		if err != nil {
			return err
		}
		// The created instant is the due date's base: one calendar month after it by default.
		now := time.Now().UTC().Truncate(time.Microsecond)
		if w.DueDate == nil {
			due := now.AddDate(0, 1, 0)
			w.DueDate = &due
		}
		return s.store.insert(ctx, q, t.ID, id, number, w, userOf(t), now)
	})
	return id, err
}

func (s *Service) validateCustomFields(ctx context.Context, q db.Q, tenantID string, w *Write) error {
	if w.CustomFields == nil {
		w.CustomFields = map[string]any{}
	}
	valid, err := s.deps.CustomFields.Validate(ctx, q, tenantID, customfields.ModuleCAPA, w.CustomFields, customfields.Full)
	if err != nil {
		return err
	}
	w.CustomFields = valid
	return nil
}

func userOf(t Tenant) *string {
	if t.UserID == "" {
		return nil
	}
	return &t.UserID
}

// Get answers CAPA id, in one statement.
func (s *Service) Get(ctx context.Context, tenantID, id string) (CAPA, error) {
	return s.store.get(ctx, s.pool, tenantID, id, false)
}

// Update replaces CAPA id's editable members and answers it as stored, in one transaction
// with the CAPA locked. A closed CAPA is read-only until reopened (400 naming status).
func (s *Service) Update(ctx context.Context, tenantID, id string, w Write) (CAPA, error) {
	fields := apperr.Fields{}
	w.NcrID = nil // kept: a CAPA is raised from its NCR once
	checkWrite(fields, &w)
	if w.DueDate == nil {
		fields.Add("dueDate", "is required on a full update")
	}
	if err := fields.Err(); err != nil {
		return CAPA{}, err
	}
	var out CAPA
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.get(ctx, q, tenantID, id, true)
		if err != nil {
			return err
		}
		if current.Status == StatusClosed {
			return apperr.Field("status", "capa %s is Closed: reopen it (to Quality Review) before editing it", id)
		}
		if err := s.validateCustomFields(ctx, q, tenantID, &w); err != nil {
			return err
		}
		if err := s.store.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		out, err = s.store.get(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// UpdateStatus moves CAPA id to next along the transition table and answers it, in one
// transaction with the CAPA locked. The current status is a no-op; any other move not in the
// table is a 400 naming status.
func (s *Service) UpdateStatus(ctx context.Context, tenantID, id string, next Status) (CAPA, error) {
	if !slices.Contains(Statuses, next) {
		return CAPA{}, apperr.Field("status", "%s", apperr.NotOneOf(string(next), Statuses))
	}
	var out CAPA
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.get(ctx, q, tenantID, id, true)
		if err != nil {
			return err
		}
		if current.Status == next {
			out = current
			return nil
		}
		if !slices.Contains(moves[current.Status], next) {
			return apperr.Field("status", "a CAPA cannot move from %s to %s", current.Status, next)
		}
		if err := s.store.setStatus(ctx, q, tenantID, id, next); err != nil {
			return err
		}
		out, err = s.store.get(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// ReplaceCustomFields replaces CAPA id's custom fields with values, validated in full against
// module capa, and answers it as stored, in one transaction with the CAPA locked.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (CAPA, error) {
	var out CAPA
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.get(ctx, q, tenantID, id, true); err != nil {
			return err
		}
		w := Write{CustomFields: values}
		if err := s.validateCustomFields(ctx, q, tenantID, &w); err != nil {
			return err
		}
		if err := s.store.updateCustomFields(ctx, q, tenantID, id, w.CustomFields); err != nil {
			return err
		}
		var err error
		out, err = s.store.get(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// Page is one page of CAPAs.
type Page struct {
	Rows []CAPA
	listing.Envelope
}

// List answers a page of the tenant's CAPAs matching f, in one statement; the created days
// are days of the shop timezone and combine with the created instant.
func (s *Service) List(ctx context.Context, t Tenant, f Filter, r listing.Request) (Page, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return Page{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "createdUtc", f.CreatedSince)
	utctime.CheckFilterBound(fields, "createdFrom", f.CreatedFrom)
	utctime.CheckFilterBound(fields, "createdTo", f.CreatedTo)
	if err := fields.Err(); err != nil {
		return Page{}, err
	}
	loc, err := shopday.Location(t.Timezone)
	if err != nil {
		return Page{}, err
	}
	from, to := shopday.Bounds(loc, f.CreatedFrom, f.CreatedTo)
	rows, total, err := s.store.list(ctx, s.pool, t.ID, f, from, to, page)
	if err != nil {
		return Page{}, err
	}
	return Page{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}
