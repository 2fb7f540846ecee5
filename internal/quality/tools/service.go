package tools

import (
	"context"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
)

// Service holds the rules of tool templates, tools and calibrations.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
	// now is the clock the shop's today is read from (tests of the service may stop it).
	now func() time.Time
}

// NewService returns the tools service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: time.Now}
}

// templateListSpec: by name then id.
var templateListSpec = listing.Spec{
	Fields:   map[string]string{"name": "t.name", "calibrationIntervalDays": "t.calibration_interval_days", "createdUtc": "t.created_utc"},
	Default:  "name",
	IDColumn: "t.id",
}

// toolListSpec: by serial number then id; tools without a due date sort last ascending.
var toolListSpec = listing.Spec{
	Fields: map[string]string{
		"serialNumber": "t.serial_number", "name": "t.name", "status": "t.status", "nextDueDate": "t.next_due_date",
		"createdUtc": "t.created_utc",
	},
	Default:  "serialNumber",
	IDColumn: "t.id",
}

// checkTemplate normalises a template's members and collects what is wrong with them.
func checkTemplate(w *TemplateWrite) error {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	w.Description = fields.OptionalText("description", w.Description, maxDescription)
	w.CalibrationInstructions = fields.OptionalText("calibrationInstructions", w.CalibrationInstructions, maxInstructions)
	if w.CalibrationIntervalDays < minIntervalDays || w.CalibrationIntervalDays > maxIntervalDays {
		fields.Add("calibrationIntervalDays", "must be %d to %d days", minIntervalDays, maxIntervalDays)
	}
	return fields.Err()
}

// CreateTemplate stores a new tool template and answers its id; a name taken by a live
// template is a 400 naming name (decided by the unique index).
func (s *Service) CreateTemplate(ctx context.Context, tenantID string, w TemplateWrite) (string, error) {
	if err := checkTemplate(&w); err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insertTemplate(ctx, s.pool, tenantID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// GetTemplate answers a live template; a deleted, unknown or other tenant's one is NotFound.
func (s *Service) GetTemplate(ctx context.Context, tenantID, id string) (Template, error) {
	return s.store.getTemplate(ctx, s.pool, tenantID, id, false)
}

// UpdateTemplate replaces a live template's members and moves the next due date of its live
// tools that take its interval, in one transaction with the template locked.
func (s *Service) UpdateTemplate(ctx context.Context, tenantID, id string, w TemplateWrite) (Template, error) {
	if err := checkTemplate(&w); err != nil {
		return Template{}, err
	}
	var out Template
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getTemplate(ctx, q, tenantID, id, true); err != nil {
			return err
		}
		if err := s.store.updateTemplate(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		if err := s.store.recomputeTemplateTools(ctx, q, tenantID, id); err != nil {
			return err
		}
		var err error
		out, err = s.store.getTemplate(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// DeleteTemplate soft-deletes a live template and reports whether it deleted one. A template
// a live tool uses is a 400; the template is locked first, so a tool created at the same time
// (which share-locks it) either commits first and is seen, or finds it deleted.
func (s *Service) DeleteTemplate(ctx context.Context, tenantID, id string) (bool, error) {
	deleted := false
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getTemplate(ctx, q, tenantID, id, true); err != nil {
			if apperr.IsKind(err, apperr.KindNotFound) {
				return nil
			}
			return err
		}
		used, err := s.store.templateInUse(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if used {
			return apperr.Field("toolTemplateId", "tool template %s is used by a live tool: delete or move its tools first", id)
		}
		deleted = true
		return s.store.softDeleteTemplate(ctx, q, tenantID, id)
	})
	return deleted, err
}

// TemplatePage is one page of tool templates.
type TemplatePage struct {
	Rows []Template
	listing.Envelope
}

// ListTemplates answers a page of the tenant's live templates matching f, in one statement.
func (s *Service) ListTemplates(ctx context.Context, tenantID string, f TemplateFilter, r listing.Request) (TemplatePage, error) {
	page, err := listing.Resolve(r, templateListSpec)
	if err != nil {
		return TemplatePage{}, err
	}
	rows, total, err := s.store.listTemplates(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return TemplatePage{}, err
	}
	return TemplatePage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// checkTool normalises a tool's members and collects what is wrong with them.
func checkTool(w *ToolWrite) error {
	fields := apperr.Fields{}
	w.SerialNumber = fields.Text("serialNumber", w.SerialNumber, maxSerial)
	w.Name = fields.Text("name", w.Name, maxName)
	w.Description = fields.OptionalText("description", w.Description, maxDescription)
	switch {
	case w.Status == "":
		w.Status = StatusActive
	case !slices.Contains(Statuses, w.Status):
		fields.Add("status", "%s", apperr.NotOneOf(string(w.Status), Statuses))
	}
	if v := w.CalibrationIntervalDays; v != nil && (*v < minIntervalDays || *v > maxIntervalDays) {
		fields.Add("calibrationIntervalDays", "must be %d to %d days", minIntervalDays, maxIntervalDays)
	}
	return fields.Err()
}

// requireRefs checks, in q, that the tool's template and location are live (share-locking
// them until q's transaction ends); a missing one is a 404 naming its member.
func (s *Service) requireRefs(ctx context.Context, q db.Q, tenantID string, w ToolWrite) error {
	if _, err := s.store.shareTemplate(ctx, q, tenantID, w.TemplateID); err != nil {
		if apperr.IsKind(err, apperr.KindNotFound) {
			return apperr.NotFoundField("toolTemplateId", "tool template %s not found", w.TemplateID)
		}
		return err
	}
	if w.LocationID != nil {
		if _, err := s.deps.Locations.RequireLive(ctx, q, tenantID, *w.LocationID); err != nil {
			if apperr.IsKind(err, apperr.KindNotFound) {
				return apperr.NotFoundField("locationId", "location %s not found", *w.LocationID)
			}
			return err
		}
	}
	return nil
}

// CreateTool stores a new tool and answers its id, in one transaction with its template and
// location share-locked; a serial number taken by a live tool is a 400 (the unique index).
func (s *Service) CreateTool(ctx context.Context, tenantID string, w ToolWrite) (string, error) {
	if err := checkTool(&w); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireRefs(ctx, q, tenantID, w); err != nil {
			return err
		}
		return s.store.insertTool(ctx, q, tenantID, id, w)
	})
	return id, err
}

// GetTool answers a live tool; a deleted, unknown or other tenant's one is NotFound.
func (s *Service) GetTool(ctx context.Context, tenantID, id string) (Tool, error) {
	return s.store.getTool(ctx, s.pool, tenantID, id, false)
}

// UpdateTool replaces a live tool's members and recomputes its next due date (its interval
// or template may have changed), in one transaction with the tool locked.
func (s *Service) UpdateTool(ctx context.Context, tenantID, id string, w ToolWrite) (Tool, error) {
	if err := checkTool(&w); err != nil {
		return Tool{}, err
	}
	var out Tool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getTool(ctx, q, tenantID, id, true); err != nil {
			return err
		}
		if err := s.requireRefs(ctx, q, tenantID, w); err != nil {
			return err
		}
		if err := s.store.updateTool(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		if err := s.store.recomputeTool(ctx, q, tenantID, id); err != nil {
			return err
		}
		var err error
		out, err = s.store.getTool(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// DeleteTool soft-deletes a live tool and reports whether it deleted one.
func (s *Service) DeleteTool(ctx context.Context, tenantID, id string) (bool, error) {
	return s.store.softDeleteTool(ctx, s.pool, tenantID, id)
}

// ToolPage is one page of tools.
type ToolPage struct {
	Rows []Tool
	listing.Envelope
}

// ListTools answers a page of the tenant's live tools matching f, in one statement; overdue
// compares with today in the shop's timezone.
func (s *Service) ListTools(ctx context.Context, t Tenant, f ToolFilter, r listing.Request) (ToolPage, error) {
	page, err := listing.Resolve(r, toolListSpec)
	if err != nil {
		return ToolPage{}, err
	}
	if f.today, err = shopday.Today(t.Timezone, s.now()); err != nil {
		return ToolPage{}, err
	}
	rows, total, err := s.store.listTools(ctx, s.pool, t.ID, f, page)
	if err != nil {
		return ToolPage{}, err
	}
	return ToolPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}
