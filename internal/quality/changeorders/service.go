package changeorders

import (
	"context"
	"fmt"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
)

// Service holds the rules of change orders, their tasks, dispositions and settings.
type Service struct {
	pool     *db.Pool
	deps     Deps
	store    store
	carriers []carrier
	now      func() time.Time
}

// NewService returns the change orders service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: time.Now}
}

// RegisterCarrier adds the documents of documentType that carry items to what a create fills impacted records from
// its impacted records from (where the tenant's updates are enabled), in registration order.
func (s *Service) RegisterCarrier(documentType DocumentType, find Carrier) {
	s.carriers = append(s.carriers, carrier{documentType: documentType, find: find})
}

// listSpec: newest first, then highest id.
var listSpec = listing.Spec{
	Fields: map[string]string{
		"number": "c.number", "requestedUtc": "c.requested_utc", "dueDateUtc": "c.due_date_utc",
		"completedUtc": "c.completed_utc", "createdUtc": "c.created_utc", "modifiedUtc": "c.modified_utc",
	},
	Default:           "createdUtc",
	DefaultDescending: true,
	IDColumn:          "c.id",
}

// errDisabled is every operation's answer while the tenant has not enabled change orders.
func errDisabled() error {
	return apperr.NotFound("change orders are not enabled for this account")
}

// enabled answers NotFound unless the tenant enabled change orders; it reads through q.
func (s *Service) enabled(ctx context.Context, q db.Q, tenantID string) (Settings, error) {
	st, err := s.store.settings(ctx, q, tenantID)
	if err != nil {
		return Settings{}, err
	}
	if !st.Enabled {
		return Settings{}, errDisabled()
	}
	return st, nil
}

// Settings answers the tenant's change order settings (defaults when never saved).
func (s *Service) Settings(ctx context.Context, tenantID string) (Settings, error) {
	return s.store.settings(ctx, s.pool, tenantID)
}

// SetSettings replaces the tenant's change order settings and answers them as stored.
func (s *Service) SetSettings(ctx context.Context, tenantID string, st Settings) (Settings, error) {
	fields := apperr.Fields{}
	if len(st.TaskTemplate) > maxTemplateEntries {
		fields.Add("taskTemplate", "holds at most %d tasks", maxTemplateEntries)
	}
	for i := range st.TaskTemplate {
		e := &st.TaskTemplate[i]
		e.Name = fields.Text(fieldAt("taskTemplate", i, "name"), e.Name, maxName)
		e.Description = fields.OptionalText(fieldAt("taskTemplate", i, "description"), e.Description, maxDetail)
		if e.DueInDays < 0 || e.DueInDays > maxDueInDays {
			fields.Add(fieldAt("taskTemplate", i, "dueInDays"), "must be 0 to %d", maxDueInDays)
		}
	}
	if err := fields.Err(); err != nil {
		return Settings{}, err
	}
	if st.TaskTemplate == nil {
		st.TaskTemplate = []TemplateTask{}
	}
	return s.store.saveSettings(ctx, s.pool, tenantID, st)
}

// CreateDisposition stores a new disposition and answers its id; a name taken (any case) is
// a 400 naming name, decided by the unique index.
func (s *Service) CreateDisposition(ctx context.Context, tenantID, name string) (string, error) {
	fields := apperr.Fields{}
	name = fields.Text("name", name, maxName)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		return s.store.insertDisposition(ctx, q, tenantID, id, name)
	})
	return id, err
}

var dispositionSpec = listing.Spec{
	Fields:   map[string]string{"name": "lower(d.name)", "createdUtc": "d.created_utc", "id": "d.id"},
	Default:  "name",
	IDColumn: "d.id",
}

// ListDispositions answers the tenant's dispositions (among ids when set).
func (s *Service) ListDispositions(ctx context.Context, tenantID string, idList []string, r listing.Request) ([]Disposition, error) {
	page, err := listing.Resolve(r, dispositionSpec)
	if err != nil {
		return nil, err
	}
	var out []Disposition
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		out, err = s.store.listDispositions(ctx, q, tenantID, idList, page)
		return err
	})
	return out, err
}

// checkWrite normalises a header's members and collects what is wrong with them.
func checkWrite(w *Write) error {
	fields := apperr.Fields{}
	switch {
	case w.Status == "":
		w.Status = StatusNew
	case !slices.Contains(Statuses, w.Status):
		fields.Add("status", "%s", apperr.NotOneOf(string(w.Status), Statuses))
	}
	if w.Detail != nil && len([]rune(*w.Detail)) > maxDetail {
		fields.Add("detail", "must be at most %d characters", maxDetail)
	}
	if w.OriginalItemID == "" {
		fields.Add("originalRevisionItem.id", "is required")
	}
	return fields.Err()
}

// resolved is what a header write reads from other areas and the tenant's lists.
type resolved struct {
	Customer    *NamedRef
	Original    ItemRef
	New         *ItemRef
	Disposition *NamedRef
}

// resolve names the customer, items and disposition w refers to: an unknown one is a 404
// naming its id member, a deleted customer a 400.
func (s *Service) resolve(ctx context.Context, q db.Q, tenantID string, w Write) (resolved, error) {
	var out resolved
	var customerIDs []string
	if w.CustomerID != nil {
		customerIDs = []string{*w.CustomerID}
	}
	found, err := s.deps.Customers.ByIDs(ctx, q, tenantID, customerIDs)
	if err != nil {
		return out, err
	}
	itemIDs := []string{w.OriginalItemID}
	if w.NewItemID != nil {
		itemIDs = append(itemIDs, *w.NewItemID)
	}
	names, err := s.deps.Items.ItemNames(ctx, q, tenantID, itemIDs)
	if err != nil {
		return out, err
	}
	revisions, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, itemIDs)
	if err != nil {
		return out, err
	}
	var dispositionIDs []string
	if w.DispositionID != nil {
		dispositionIDs = []string{*w.DispositionID}
	}
	dispositions, err := s.store.dispositions(ctx, q, tenantID, dispositionIDs)
	if err != nil {
		return out, err
	}
	missing, invalid := apperr.Fields{}, apperr.Fields{}
	if w.CustomerID != nil {
		c, ok := found[*w.CustomerID]
		switch {
		case !ok:
			missing.Add("customer.id", "customer %s not found", *w.CustomerID)
		case c.Deleted:
			invalid.Add("customer.id", "customer %s is deleted", *w.CustomerID)
		default:
			out.Customer = &NamedRef{ID: c.ID, Name: c.Name}
		}
	}
	item := func(field, id string) *ItemRef {
		n, ok := names[id]
		if !ok {
			missing.Add(field, "item %s not found", id)
			return nil
		}
		return &ItemRef{ID: id, Name: n.Description, Number: n.Number, Revision: revisions[id].Revision}
	}
	if r := item("originalRevisionItem.id", w.OriginalItemID); r != nil {
		out.Original = *r
	}
	if w.NewItemID != nil {
		out.New = item("newRevisionItem.id", *w.NewItemID)
	}
	if w.DispositionID != nil {
		d, ok := dispositions[*w.DispositionID]
		if !ok {
			missing.Add("disposition.id", "change order disposition %s not found", *w.DispositionID)
		} else {
			out.Disposition = &NamedRef{ID: d.ID, Name: d.Name}
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return out, err
	}
	return out, invalid.Err()
}

func userOf(t Tenant) *string {
	if t.UserID == "" {
		return nil
	}
	return &t.UserID
}

// Create stores a new change order and answers its id, in one transaction: where the
// tenant's updates are enabled it fills the impacted records from the registered carriers;
// it applies the default task template; the number is taken last.
func (s *Service) Create(ctx context.Context, t Tenant, w Write) (string, error) {
	if err := checkWrite(&w); err != nil {
		return "", err
	}
	now := s.now().UTC()
	if w.RequestedUtc == nil {
		// The account's current local day, stored at midnight UTC.
		today, err := shopday.Today(t.Timezone, now)
		if err != nil {
			return "", err
		}
		w.RequestedUtc = &today
	}
	if w.Status == StatusCompleted && w.CompletedUtc == nil {
		w.CompletedUtc = &now
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		st, err := s.enabled(ctx, q, t.ID)
		if err != nil {
			return err
		}
		if w.NotificationsEnabled == nil {
			w.NotificationsEnabled = &st.NotificationsEnabled
		}
		r, err := s.resolve(ctx, q, t.ID, w)
		if err != nil {
			return err
		}
		var impacted []ImpactedRecord
		if st.UpdatesEnabled {
			if impacted, err = s.impactedFrom(ctx, q, t.ID, w.OriginalItemID); err != nil {
				return err
			}
		}
		number, err := s.store.nextNumber(ctx, q, t.ID)
		if err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, t.ID, id, number, w, r, userOf(t)); err != nil {
			return err
		}
		if err := s.store.insertImpacted(ctx, q, t.ID, id, impacted); err != nil {
			return err
		}
		return s.store.insertTemplateTasks(ctx, q, t.ID, id, templateTasks(st.TaskTemplate, *w.RequestedUtc))
	})
	return id, err
}

// templateTasks are the tasks template gives a change order requested at requested: due
// dates count from requested's UTC day.
func templateTasks(template []TemplateTask, requested time.Time) []Task {
	day := requested.UTC().Truncate(24 * time.Hour)
	out := make([]Task, len(template))
	for i, e := range template {
		due := day.AddDate(0, 0, int(e.DueInDays))
		out[i] = Task{ID: ids.New(), Sequence: int32(i + 1), Name: e.Name, Description: e.Description, DueDateUtc: &due}
	}
	return out
}

// impactedFrom asks every registered carrier for the open documents carrying itemID.
func (s *Service) impactedFrom(ctx context.Context, q db.Q, tenantID, itemID string) ([]ImpactedRecord, error) {
	var out []ImpactedRecord
	for _, c := range s.carriers {
		found, err := c.find(ctx, q, tenantID, itemID)
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			r := ImpactedRecord{ID: ids.NewSub(), DocumentType: c.documentType, DocumentID: f.DocumentID,
				OriginalRevDocumentLineID: f.LineID}
			if c.documentType == DocumentJob {
				d := DispositionRevision
				if f.Complete {
					d = DispositionFinishAsIs
				}
				r.Disposition = &d
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// Get answers change order id with its impacted records.
func (s *Service) Get(ctx context.Context, tenantID, id string) (ChangeOrder, error) {
	var out ChangeOrder
	err := s.pool.WithTx(ctx, func(q db.Q) (err error) {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		out, err = s.read(ctx, q, tenantID, id)
		return err
	})
	return out, err
}

func (s *Service) read(ctx context.Context, q db.Q, tenantID, id string) (ChangeOrder, error) {
	c, err := s.store.get(ctx, q, tenantID, id, false)
	if err != nil {
		return ChangeOrder{}, err
	}
	c.ImpactedRecords, err = s.store.impacted(ctx, q, tenantID, id)
	return c, err
}

// Update replaces change order id's header (never its impacted records or tasks) and
// answers it, with the change order locked. Status moves follow the transition table.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w Write) (ChangeOrder, error) {
	if err := checkWrite(&w); err != nil {
		return ChangeOrder{}, err
	}
	now := s.now().UTC()
	var out ChangeOrder
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, t.ID); err != nil {
			return err
		}
		cur, err := s.store.get(ctx, q, t.ID, id, true)
		if err != nil {
			return err
		}
		if w.Status != cur.Status && !slices.Contains(moves[cur.Status], w.Status) {
			return apperr.Field("status", "a change order cannot move from %s to %s", cur.Status, w.Status)
		}
		if w.RequestedUtc == nil {
			// An update without requestedUtc keeps the stored one (it is never empty).
			w.RequestedUtc = &cur.RequestedUtc
		}
		if w.NotificationsEnabled == nil {
			w.NotificationsEnabled = &cur.NotificationsEnabled
		}
		if w.Status == StatusCompleted && w.CompletedUtc == nil {
			// Completed already: keep when; completing now: stamp it.
			if cur.Status == StatusCompleted && cur.CompletedUtc != nil {
				w.CompletedUtc = cur.CompletedUtc
			} else {
				w.CompletedUtc = &now
			}
		}
		r, err := s.resolve(ctx, q, t.ID, w)
		if err != nil {
			return err
		}
		if err := s.store.update(ctx, q, t.ID, id, w, r, userOf(t)); err != nil {
			return err
		}
		out, err = s.read(ctx, q, t.ID, id)
		return err
	})
	return out, err
}

// Delete removes change order id with its impacted records and tasks and reports whether it
// did (false: none). An applied one (completed, or any impacted record rolled) is a 400.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	deleted := false
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		c, err := s.store.get(ctx, q, tenantID, id, true)
		if apperr.IsKind(err, apperr.KindNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		rolled, err := s.store.anyRolled(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if c.Status == StatusCompleted || rolled {
			return apperr.Field("status", "change order %d is applied (completed or rolled to the new revision): it cannot be deleted", c.Number)
		}
		if err := s.store.delete(ctx, q, tenantID, id); err != nil {
			return err
		}
		deleted = true
		return nil
	})
	return deleted, err
}

// Page is one page of change orders.
type Page struct {
	Rows []ChangeOrder
	listing.Envelope
}

// List answers a page of the tenant's change orders matching f (without impacted records).
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) (Page, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return Page{}, err
	}
	now := s.now().UTC()
	var out Page
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		rows, total, err := s.store.list(ctx, q, tenantID, f, now, page)
		if err != nil {
			return err
		}
		out = Page{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}

// fieldAt names member name of entry i of list.
func fieldAt(list string, i int, name string) string { return fmt.Sprintf("%s.%d.%s", list, i, name) }
