package jobs

import (
	"context"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/stock/routing"
)

// JobsHandler serves /api/jobs: the header and its items to make.
type JobsHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched job must satisfy; the read-only
	// members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
	// paths serves the item to make routing paths (the routing service's operations).
	paths *routing.OwnerPaths
}

// NewHandler returns the jobs handler; spec is the served API description, paths the
// routing operations an item to make's routing serves.
func NewHandler(svc *Service, spec *openapi3.T, paths *routing.OwnerPaths) *JobsHandler {
	return &JobsHandler{svc: svc, patchTarget: patch.NewTarget(spec, "JobWrite"), paths: paths}
}

// Versioned declares jobs and their items to make for conditional requests (ETag). A job's
// answer shows its items to make, whose changes advance the job's version too.
func (h *JobsHandler) Versioned() []conditional.Record {
	return append([]conditional.Record{
		{Table: "jobs", Key: map[string]string{"id": "jobId"}, Operations: []string{"getJob", "updateJob", "patchJob",
			"replaceJobCustomFields", "replaceJobCustomFieldsCamel"}},
		{Table: "job_items_to_make", Key: map[string]string{"id": "itemToMakeId", "job_id": "jobId"}, Operations: []string{"getJobItemToMake"}},
	}, routingVersioned()...)
}

// tenantOf is the calling tenant and user.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, UserID: p.UserID, Timezone: p.TenantTimezone}
}

func (h *JobsHandler) CreateJob(ctx context.Context, req gen.CreateJobRequestObject) (gen.CreateJobResponseObject, error) {
	w, err := jobCreateFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	id, err := h.svc.Create(ctx, tenantOf(ctx), w)
	if err != nil {
		return nil, err
	}
	return gen.CreateJob200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *JobsHandler) GetJob(ctx context.Context, req gen.GetJobRequestObject) (gen.GetJobResponseObject, error) {
	j, err := h.svc.Get(ctx, auth.TenantID(ctx), req.JobId)
	if err != nil {
		return nil, err
	}
	return gen.GetJob200JSONResponse{Body: jobToAPI(j)}, nil
}

func (h *JobsHandler) UpdateJobStatus(ctx context.Context, req gen.UpdateJobStatusRequestObject) (gen.UpdateJobStatusResponseObject, error) {
	next := Status(req.Body.Status)
	if !next.Valid() {
		return nil, apperr.Field("status", "%s", apperr.NotOneOf(string(next), Statuses))
	}
	j, err := h.svc.UpdateStatus(ctx, auth.TenantID(ctx), req.JobId, next)
	if err != nil {
		return nil, err
	}
	return gen.UpdateJobStatus200JSONResponse(jobToAPI(j)), nil
}

func (h *JobsHandler) CancelJob(ctx context.Context, req gen.CancelJobRequestObject) (gen.CancelJobResponseObject, error) {
	j, err := h.svc.Cancel(ctx, auth.TenantID(ctx), req.JobId)
	if err != nil {
		return nil, err
	}
	return gen.CancelJob200JSONResponse(jobToAPI(j)), nil
}

func (h *JobsHandler) ListJobItemsToMake(ctx context.Context, req gen.ListJobItemsToMakeRequestObject) (gen.ListJobItemsToMakeResponseObject, error) {
	var f ItemToMakeFilter
	if b := req.Body; b != nil {
		f.IDs = listing.Values(b.Ids)
		f.ItemIDs = listing.Values(b.ItemIds)
	}
	p := req.Params
	list, err := h.svc.ItemsToMake(ctx, auth.TenantID(ctx), req.JobId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListJobItemsToMake200JSONResponse, len(list))
	for i, it := range list {
		out[i] = itemToMakeToAPI(it)
	}
	return out, nil
}

func (h *JobsHandler) GetJobItemToMake(ctx context.Context, req gen.GetJobItemToMakeRequestObject) (gen.GetJobItemToMakeResponseObject, error) {
	it, err := h.svc.ItemToMake(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobItemToMake200JSONResponse{Body: itemToMakeToAPI(it)}, nil
}

// jobCreateFromAPI parses a create body; the calendar dates keep the date as written.
func jobCreateFromAPI(b gen.JobCreate) (JobCreate, error) {
	fields := apperr.Fields{}
	w := JobCreate{
		Name: b.Name, Notes: b.Notes, CustomerID: b.CustomerId,
		StartDate: calendardate.Field(fields, "startDate", b.StartDate),
		DueDate:   calendardate.Field(fields, "dueDate", b.DueDate),
	}
	if b.Status != nil {
		w.Status = Status(*b.Status)
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	w.ItemsToMake = make([]ItemToMakeCreate, len(b.ItemsToMake))
	for i, it := range b.ItemsToMake {
		w.ItemsToMake[i] = ItemToMakeCreate{
			ItemID: it.ItemId, SalesOrderPartLineID: it.SalesOrderPartLineId, Quantity: it.Quantity, Notes: it.Notes,
			DueDate: calendardate.Field(fields, itemField(i, "dueDate"), it.DueDate),
		}
	}
	return w, fields.Err()
}

func jobToAPI(j Job) gen.Job {
	out := gen.Job{
		Id: j.ID, Number: j.Number, Status: gen.JobStatus(j.Status), Name: j.Name, Notes: j.Notes,
		CustomerId: j.CustomerID, SalesOrderId: j.SalesOrderID, StartDate: utctime.Ptr(j.StartDate), DueDate: utctime.Ptr(j.DueDate),
		CustomFields: j.CustomFields, ExternalReferences: j.ExternalReferences,
		CreatedUtc: utctime.From(j.CreatedUtc), ModifiedUtc: utctime.From(j.ModifiedUtc),
		StartedUtc: utctime.Ptr(j.StartedUtc), CompletedUtc: utctime.Ptr(j.CompletedUtc), CancelledUtc: utctime.Ptr(j.CancelledUtc),
		ItemsToMake: make([]gen.JobItemToMake, len(j.ItemsToMake)),
	}
	for i, it := range j.ItemsToMake {
		out.ItemsToMake[i] = itemToMakeToAPI(it)
	}
	return out
}

func costToAPI(c Cost) gen.JobCost {
	return gen.JobCost{Material: c.Material, Labor: c.Labor, Machine: c.Machine, OutsideProcessing: c.OutsideProcessing, Total: c.Total()}
}

func itemToMakeToAPI(it ItemToMake) gen.JobItemToMake {
	return gen.JobItemToMake{
		Id: it.ID, JobId: it.JobID, RoutingId: it.RoutingID, Position: it.Position, ItemId: it.ItemID,
		ItemNumber: it.ItemNumber, ItemRevision: it.ItemRevision, Quantity: it.Quantity, UnitOfMeasureName: it.UnitName,
		DueDate: utctime.Ptr(it.DueDate), SalesOrderPartLineId: it.SalesOrderPartLineID, Notes: it.Notes,
		Status: gen.JobItemToMakeStatus(it.Status), QuantityMade: it.QuantityMade, QuantityScrapped: it.QuantityScrapped,
		CompletedUtc: utctime.Ptr(it.CompletedUtc), ActualCost: costToAPI(it.Actual), CumulativeCost: costToAPI(it.Cumulative()),
		SetupHours: it.SetupHours, LaborHours: it.LaborHours, MachineHours: it.MachineHours,
		CreatedUtc: utctime.From(it.CreatedUtc), ModifiedUtc: utctime.From(it.ModifiedUtc),
	}
}

func (h *JobsHandler) ListJobs(ctx context.Context, req gen.ListJobsRequestObject) (gen.ListJobsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{
			IDs: listing.Values(b.Ids), Numbers: listing.Values(b.Numbers), CustomerIDs: listing.Values(b.CustomerIds),
			ItemIDs: listing.Values(b.ItemIds), SalesOrderIDs: listing.Values(b.SalesOrderIds),
			DueDateFrom: calendardate.Field(fields, "dueDateFrom", b.DueDateFrom),
			DueDateTo:   calendardate.Field(fields, "dueDateTo", b.DueDateTo),
			CreatedFrom: dayOf(b.CreatedFrom), CreatedTo: dayOf(b.CreatedTo),
		}
		if err := fields.Err(); err != nil {
			return nil, err
		}
		for _, st := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(st))
		}
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, tenantOf(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListJobs200JSONResponse, len(list))
	for i, j := range list {
		out[i] = jobToAPI(j)
	}
	return out, nil
}

func dayOf(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
}

func (h *JobsHandler) UpdateJob(ctx context.Context, req gen.UpdateJobRequestObject) (gen.UpdateJobResponseObject, error) {
	w, err := jobWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	j, err := h.svc.Update(ctx, tenantOf(ctx), req.JobId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateJob200JSONResponse{Body: jobToAPI(j)}, nil
}

// PatchJob applies the patch to the job's read shape inside the service's transaction, then
// saves the result through the full-update rules.
func (h *JobsHandler) PatchJob(ctx context.Context, req gen.PatchJobRequestObject) (gen.PatchJobResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	j, err := h.svc.Patch(ctx, tenantOf(ctx), req.JobId, ops, patch.Change(h.patchTarget, ops, jobToAPI, jobWriteFromAPI))
	if err != nil {
		return nil, err
	}
	return gen.PatchJob200JSONResponse{Body: jobToAPI(j)}, nil
}

func (h *JobsHandler) ReplaceJobCustomFields(ctx context.Context, req gen.ReplaceJobCustomFieldsRequestObject) (gen.ReplaceJobCustomFieldsResponseObject, error) {
	j, err := h.replaceCustomFields(ctx, req.JobId, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceJobCustomFields200JSONResponse{Body: jobToAPI(j)}, nil
}

// ReplaceJobCustomFieldsCamel is ReplaceJobCustomFields at its other spelling.
func (h *JobsHandler) ReplaceJobCustomFieldsCamel(ctx context.Context, req gen.ReplaceJobCustomFieldsCamelRequestObject) (gen.ReplaceJobCustomFieldsCamelResponseObject, error) {
	j, err := h.replaceCustomFields(ctx, req.JobId, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceJobCustomFieldsCamel200JSONResponse{Body: jobToAPI(j)}, nil
}

func (h *JobsHandler) replaceCustomFields(ctx context.Context, id string, body *gen.CustomFields) (Job, error) {
	var values map[string]any
	if body != nil {
		values = *body
	}
	return h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), id, values)
}

// jobWriteFromAPI parses a full-update body (or a patched read shape).
func jobWriteFromAPI(b gen.JobWrite) (JobWrite, error) {
	fields := apperr.Fields{}
	w := JobWrite{
		Name: b.Name, Notes: b.Notes, CustomerID: b.CustomerId,
		StartDate: calendardate.Field(fields, "startDate", b.StartDate),
		DueDate:   calendardate.Field(fields, "dueDate", b.DueDate),
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	return w, fields.Err()
}
