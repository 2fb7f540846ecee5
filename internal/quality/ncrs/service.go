package ncrs

import (
	"context"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docnumbers"
)

// Service holds the rules of NCRs.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
}

// NewService returns the NCR service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service { return &Service{pool: pool, deps: deps} }

// listSpec: newest first, then highest id (the ncrs_created_idx order).
var listSpec = listing.Spec{
	Fields:            map[string]string{"number": "n.number", "createdUtc": "n.created_utc", "type": "n.type", "status": "n.status"},
	Default:           "createdUtc",
	DefaultDescending: true,
	IDColumn:          "n.id",
}

// checkCreate normalises a create's members and collects what is wrong with them.
func checkCreate(c *Create) error {
	fields := apperr.Fields{}
	c.Type = fields.Text("type", c.Type, maxText)
	c.Detail = fields.Text("detail", c.Detail, maxText)
	c.Title = fields.OptionalText("title", c.Title, maxText)
	c.Cause = fields.OptionalText("cause", c.Cause, maxText)
	c.Reason = fields.OptionalText("reason", c.Reason, maxText)
	c.Disposition = fields.OptionalText("disposition", c.Disposition, maxText)
	switch {
	case c.QuantityImpactedDisposition == "":
		c.QuantityImpactedDisposition = DispositionPartial
	case !slices.Contains(Dispositions, c.QuantityImpactedDisposition):
		fields.Add("quantityImpactedDisposition", "%s", apperr.NotOneOf(string(c.QuantityImpactedDisposition), Dispositions))
	}
	impact := c.JobID != nil || c.ItemID != nil
	if q := c.QuantityImpacted; q != nil {
		if q.IsNegative() {
			fields.Add("quantityImpacted", "must be 0 or more")
		}
		if !impact {
			fields.Add("quantityImpacted", "needs jobId or itemId: the quantity is of the job or item impacted")
		}
	}
	// All is the job's quantity made: without a job there is nothing to count it from.
	if c.QuantityImpactedDisposition == DispositionAll && c.JobID == nil {
		fields.Add("quantityImpactedDisposition", "needs jobId: All takes the job's quantity made")
	}
	return fields.Err()
}

// Create stores a new NCR (status New) with its impact when a job or item is named, and
// answers its id, in one transaction. The number is taken last, so a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, c Create) (string, error) {
	if err := checkCreate(&c); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if c.CustomFields == nil {
			c.CustomFields = map[string]any{}
		}
		valid, err := s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleNCR, c.CustomFields, customfields.Full)
		if err != nil {
			return err
		}
		c.CustomFields = valid
		missing := apperr.Fields{}
		quantity := c.QuantityImpacted
		if c.JobID != nil {
			made, found, err := s.deps.Jobs.QuantityMade(ctx, q, t.ID, *c.JobID, c.ItemID)
			if err != nil {
				return err
			}
			if !found {
				missing.Add("jobId", "job %s not found", *c.JobID)
			}
			if c.QuantityImpactedDisposition == DispositionAll {
				quantity = &made
			}
		}
		if c.ItemID != nil {
			found, err := s.deps.Items.ItemNames(ctx, q, t.ID, []string{*c.ItemID})
			if err != nil {
				return err
			}
			if _, ok := found[*c.ItemID]; !ok {
				missing.Add("itemId", "item %s not found", *c.ItemID)
			}
		}
		if err := missing.NotFoundErr(); err != nil {
			return err
		}
		number, err := docnumbers.Next(ctx, q, t.ID, docnumbers.KindNCR)
		if err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, t.ID, id, number, c, userOf(t)); err != nil {
			return err
		}
		if c.JobID == nil && c.ItemID == nil {
			return nil
		}
		return s.store.insertImpact(ctx, q, t.ID, Impact{ID: ids.NewSub(), NcrID: id, JobID: c.JobID, ItemID: c.ItemID,
			QuantityImpacted: quantity, Disposition: c.QuantityImpactedDisposition})
	})
	return id, err
}

func userOf(t Tenant) *string {
	if t.UserID == "" {
		return nil
	}
	return &t.UserID
}

// Get answers NCR id with its impacts, in one transaction and two statements.
func (s *Service) Get(ctx context.Context, tenantID, id string) (NCR, error) {
	var out NCR
	err := s.pool.WithTx(ctx, func(q db.Q) (err error) {
		out, err = s.read(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

func (s *Service) read(ctx context.Context, q db.Q, tenantID, id string, lock bool) (NCR, error) {
	n, err := s.store.get(ctx, q, tenantID, id, lock)
	if err != nil {
		return NCR{}, err
	}
	impacts, err := s.store.impacts(ctx, q, tenantID, []string{id})
	if err != nil {
		return NCR{}, err
	}
	n.Impacts = append(n.Impacts, impacts...)
	return n, nil
}

// Page is one page of NCRs.
type Page struct {
	Rows []NCR
	listing.Envelope
}

// List answers a page of the tenant's NCRs matching f with their impacts, in one transaction
// and two statements however many rows the page holds; the created days are shop days.
func (s *Service) List(ctx context.Context, t Tenant, f Filter, r listing.Request) (Page, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return Page{}, err
	}
	fields := apperr.Fields{}
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
	var out Page
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		rows, total, err := s.store.list(ctx, q, t.ID, f, from, to, page)
		if err != nil {
			return err
		}
		ncrIDs := make([]string, len(rows))
		at := make(map[string]int, len(rows))
		for i, n := range rows {
			ncrIDs[i] = n.ID
			at[n.ID] = i
		}
		// One statement for the page's impacts, also for an empty page, so that the count of
		// statements never depends on the rows.
		impacts, err := s.store.impacts(ctx, q, t.ID, ncrIDs)
		if err != nil {
			return err
		}
		for _, im := range impacts {
			rows[at[im.NcrID]].Impacts = append(rows[at[im.NcrID]].Impacts, im)
		}
		out = Page{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}

// ReplaceCustomFields replaces the NCR's custom fields with values, validated in full against
// module ncr, and answers the NCR as stored, in one transaction with the NCR locked.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (NCR, error) {
	var out NCR
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.get(ctx, q, tenantID, id, true); err != nil {
			return err
		}
		if values == nil {
			values = map[string]any{}
		}
		valid, err := s.deps.CustomFields.Validate(ctx, q, tenantID, customfields.ModuleNCR, values, customfields.Full)
		if err != nil {
			return err
		}
		if err := s.store.updateCustomFields(ctx, q, tenantID, id, valid); err != nil {
			return err
		}
		out, err = s.read(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// ExistsForCapa reports whether the tenant has NCR id, share-locking it until q's transaction
// ends, so that a CAPA raised from it links to an NCR that stays.
func (s *Service) ExistsForCapa(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.store.exists(ctx, q, tenantID, id)
}
