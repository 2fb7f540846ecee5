package jobs

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
	"mos/internal/sales/customers"
	"mos/internal/shared/customfields"
)

// The header writes (full update, JSON Patch, custom fields) and the list.

// requireEditable refuses, with a 400 naming status, a header write of a complete or
// cancelled job.
func requireEditable(j Job) error {
	if final(j.Status) {
		return apperr.Field("status", "job %d is %s: its header can no longer change", j.Number, j.Status)
	}
	return nil
}

// Update replaces the job's header members with w (see updateJob) and answers the job as
// stored, in one transaction with the job locked.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w JobWrite) (Job, error) {
	return s.save(ctx, t, id, nil, func(Job) (JobWrite, error) { return w, nil })
}

// Patch saves what change makes of the job as it stands (locked), under the rules of the full
// update except that only the custom fields ops touch are validated.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(current Job) (JobWrite, error)) (Job, error) {
	if ops == nil {
		ops = []patch.Operation{}
	}
	return s.save(ctx, t, id, ops, change)
}

// save runs a header write: ops nil is a full update, else the patch's operations.
func (s *Service) save(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(Job) (JobWrite, error)) (Job, error) {
	var out Job
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.lockJob(ctx, q, t.ID, id)
		if err != nil {
			return err
		}
		if err := requireEditable(current); err != nil {
			return err
		}
		if current.ItemsToMake, err = s.store.itemsOfJob(ctx, q, t.ID, id); err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		fields := apperr.Fields{}
		w.Name = fields.OptionalText("name", w.Name, maxName)
		w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
		refs, refErrs := extref.Normalize(w.ExternalReferences, extref.Write)
		fields.Merge("", refErrs)
		w.ExternalReferences = refs
		if current.SalesOrderID != nil && (w.CustomerID == nil || current.CustomerID == nil || *w.CustomerID != *current.CustomerID) {
			fields.Add("customerId", "a job making the lines of a sales order keeps the order's customer")
		}
		if err := fields.Err(); err != nil {
			return err
		}
		if w.CustomerID != nil && (current.CustomerID == nil || *w.CustomerID != *current.CustomerID) {
			cust, err := s.deps.Customers.DocumentDefaults(ctx, q, t.ID, *w.CustomerID)
			if _, err := customers.LiveDocumentCustomer(cust, err, *w.CustomerID); err != nil {
				return err
			}
		}
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
		if ops == nil {
			w.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleJob, w.CustomFields, customfields.Full)
		} else {
			w.CustomFields, err = s.deps.CustomFields.ValidatePatch(ctx, q, t.ID, customfields.ModuleJob, ops, w.CustomFields)
		}
		if err != nil {
			return err
		}
		if err := s.store.updateHeader(ctx, q, t.ID, id, w); err != nil {
			return err
		}
		out, err = s.read(ctx, q, t.ID, id)
		return err
	})
	return out, err
}

// ReplaceCustomFields replaces the job's custom fields with values, validated in full against
// module job, and answers the job as stored.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (Job, error) {
	var out Job
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.lockJob(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if err := requireEditable(current); err != nil {
			return err
		}
		if values == nil {
			values = map[string]any{}
		}
		valid, err := s.deps.CustomFields.Validate(ctx, q, tenantID, customfields.ModuleJob, values, customfields.Full)
		if err != nil {
			return err
		}
		if err := s.store.updateCustomFields(ctx, q, tenantID, id, valid); err != nil {
			return err
		}
		out, err = s.read(ctx, q, tenantID, id)
		return err
	})
	return out, err
}

// List answers a page of the jobs matching f, each with its items to make, in a fixed number
// of statements however many jobs and items the page holds; the created days of f are days of
// the shop's timezone.
func (s *Service) List(ctx context.Context, t Tenant, f Filter, r listing.Request) ([]Job, error) {
	page, err := listing.Resolve(r, jobListSpec)
	if err != nil {
		return nil, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "createdFrom", f.CreatedFrom)
	utctime.CheckFilterBound(fields, "createdTo", f.CreatedTo)
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	if err := fields.Err(); err != nil {
		return nil, err
	}
	loc, err := shopday.Location(t.Timezone)
	if err != nil {
		return nil, err
	}
	createdFrom, createdTo := shopday.Bounds(loc, f.CreatedFrom, f.CreatedTo)
	var out []Job
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if out, err = s.store.list(ctx, q, t.ID, f, createdFrom, createdTo, page); err != nil {
			return err
		}
		if len(out) == 0 {
			return nil
		}
		jobIDs := make([]string, len(out))
		for i, j := range out {
			jobIDs[i] = j.ID
		}
		made, err := s.store.itemsOfJobs(ctx, q, t.ID, jobIDs)
		if err != nil {
			return err
		}
		if err := s.nameItems(ctx, q, t.ID, made); err != nil {
			return err
		}
		at := make(map[string]int, len(out))
		for i, j := range out {
			at[j.ID] = i
		}
		for _, it := range made {
			j := &out[at[it.JobID]]
			j.ItemsToMake = append(j.ItemsToMake, it)
		}
		return nil
	})
	return out, err
}
