package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

// The routing paths of the records that own a routing (quote and sales order part lines, job
// items to make) serve the item routing operations' bodies and rules under their own
// operation ids: the same wire shapes, the same routing service calls. OwnerPaths is that
// service side once: each owner's strict method names its resolver (which record of the
// path owns the routing), makes one OwnerPaths call and wraps the answer in its own
// operation's response type.

// OwnerOf answers the routing owner a request's path names, for the tenant: NotFound when the
// path names none (an unknown record, another tenant's, or a routing id that is not the
// record's). Each OwnerPaths method resolves the owner first and calls the routing service
// only with an owner the path resolved.
type OwnerOf func(ctx context.Context, tenantID string) (Owner, error)

// ownerPathsService is what the owner routing paths ask of the routing service (Service).
type ownerPathsService interface {
	Routing(ctx context.Context, tenantID string, o Owner) (Routing, error)
	CreateOperation(ctx context.Context, tenantID string, o Owner, w Write) (string, error)
	Operations(ctx context.Context, tenantID string, o Owner, f Filter, r listing.Request) ([]Operation, error)
	Operation(ctx context.Context, tenantID string, o Owner, id string) (Operation, error)
	UpdateOperation(ctx context.Context, tenantID string, o Owner, id string, w Write) (Operation, error)
	DeleteOperation(ctx context.Context, tenantID string, o Owner, id string) (bool, error)
	CreateTracking(ctx context.Context, tenantID string, o Owner, operationID, phase string, w TrackingWrite) (string, error)
	Trackings(ctx context.Context, tenantID string, o Owner, operationID, phase string, f TrackingFilter, r listing.Request) ([]Tracking, error)
	Tracking(ctx context.Context, tenantID string, o Owner, operationID, phase, id string) (Tracking, error)
	DeleteTracking(ctx context.Context, tenantID string, o Owner, operationID, phase, id string) (bool, error)
	OperationItems(ctx context.Context, tenantID string, o Owner, operationID string, f OperationItemFilter, r listing.Request) ([]OperationItem, error)
	OperationItem(ctx context.Context, tenantID string, o Owner, operationID, id string) (OperationItem, error)
	CreateInputItem(ctx context.Context, tenantID string, o Owner, w InputItemWrite) (string, error)
	InputItems(ctx context.Context, tenantID string, o Owner, f InputItemFilter, r listing.Request) ([]InputItem, error)
	InputItem(ctx context.Context, tenantID string, o Owner, id string) (InputItem, error)
	UpdateInputItem(ctx context.Context, tenantID string, o Owner, id string, w InputItemWrite) (InputItem, error)
	DeleteInputItem(ctx context.Context, tenantID string, o Owner, id string) (bool, error)
	InputMaterials(ctx context.Context, tenantID string, o Owner, f MaterialFilter, r listing.Request) ([]InputMaterial, error)
}

// OwnerPaths serves the shared routing operations for a routing's owner: it parses the shared
// request bodies, calls the routing service and answers the shared wire shapes. Built once at
// wiring and handed to every owner's handler.
type OwnerPaths struct{ svc ownerPathsService }

// NewOwnerPaths answers the owner routing paths served by svc (the routing Service).
func NewOwnerPaths(svc ownerPathsService) *OwnerPaths { return &OwnerPaths{svc: svc} }

// ListRequest is a routing list operation's paging and sorting parameters.
func ListRequest(sortField *string, sortDir *gen.SortDir, skip, take *int32) listing.Request {
	return listing.Request{SortField: sortField, SortDir: (*string)(sortDir), Skip: skip, Take: take}
}

// MapToAPI converts a page of routing records to their wire shape.
func MapToAPI[T, A any](list []T, toAPI func(T) A) []A {
	out := make([]A, len(list))
	for i, v := range list {
		out[i] = toAPI(v)
	}
	return out
}

// serve resolves the path's owner and, when the path names one, calls the routing service
// for it; the answer is converted to its wire shape with toAPI.
func serve[T, A any](ctx context.Context, owner OwnerOf, call func(tenantID string, o Owner) (T, error), toAPI func(T) A) (A, error) {
	var zero A
	tenantID := auth.TenantID(ctx)
	o, err := owner(ctx, tenantID)
	if err != nil {
		return zero, err
	}
	v, err := call(tenantID, o)
	if err != nil {
		return zero, err
	}
	return toAPI(v), nil
}

// same is the conversion of answers whose wire shape is their own (ids, deleted flags).
func same[T any](v T) T { return v }

// page converts a page of records with toAPI (serve's conversion for lists).
func page[T, A any](toAPI func(T) A) func([]T) []A {
	return func(list []T) []A { return MapToAPI(list, toAPI) }
}

// Routing answers the owner's routing.
func (p *OwnerPaths) Routing(ctx context.Context, owner OwnerOf) (gen.Routing, error) {
	return serve(ctx, owner, func(t string, o Owner) (Routing, error) { return p.svc.Routing(ctx, t, o) }, RoutingToAPI)
}

// CreateOperation adds an operation to the owner's routing and answers its id.
func (p *OwnerPaths) CreateOperation(ctx context.Context, owner OwnerOf, b gen.RoutingOperationWrite) (string, error) {
	return serve(ctx, owner, func(t string, o Owner) (string, error) { return p.svc.CreateOperation(ctx, t, o, WriteFromAPI(b)) }, same)
}

// Operations answers a page of the owner's routing operations.
func (p *OwnerPaths) Operations(ctx context.Context, owner OwnerOf, f *gen.RoutingOperationFilter, r listing.Request) ([]gen.RoutingOperation, error) {
	return serve(ctx, owner, func(t string, o Owner) ([]Operation, error) {
		return p.svc.Operations(ctx, t, o, FilterFromAPI(f), r)
	}, page(OperationToAPI))
}

// Operation answers one operation of the owner's routing.
func (p *OwnerPaths) Operation(ctx context.Context, owner OwnerOf, id string) (gen.RoutingOperation, error) {
	return serve(ctx, owner, func(t string, o Owner) (Operation, error) { return p.svc.Operation(ctx, t, o, id) }, OperationToAPI)
}

// UpdateOperation replaces an operation of the owner's routing and answers it.
func (p *OwnerPaths) UpdateOperation(ctx context.Context, owner OwnerOf, id string, b gen.RoutingOperationWrite) (gen.RoutingOperation, error) {
	return serve(ctx, owner, func(t string, o Owner) (Operation, error) {
		return p.svc.UpdateOperation(ctx, t, o, id, WriteFromAPI(b))
	}, OperationToAPI)
}

// DeleteOperation removes an operation of the owner's routing; deleted is false when there
// was none to remove.
func (p *OwnerPaths) DeleteOperation(ctx context.Context, owner OwnerOf, id string) (deleted bool, err error) {
	return serve(ctx, owner, func(t string, o Owner) (bool, error) { return p.svc.DeleteOperation(ctx, t, o, id) }, same)
}

// CreateTracking adds an in-process tracking to a phase of an operation of the owner's
// routing and answers its id.
func (p *OwnerPaths) CreateTracking(ctx context.Context, owner OwnerOf, operationID string, phase gen.TrackingPhase, b gen.RoutingTrackingWrite) (string, error) {
	return serve(ctx, owner, func(t string, o Owner) (string, error) {
		return p.svc.CreateTracking(ctx, t, o, operationID, string(phase), TrackingWriteFromAPI(b))
	}, same)
}

// Trackings answers a page of the trackings of a phase of an operation of the owner's routing.
func (p *OwnerPaths) Trackings(ctx context.Context, owner OwnerOf, operationID string, phase gen.TrackingPhase, f *gen.RoutingTrackingFilter, r listing.Request) ([]gen.RoutingTracking, error) {
	return serve(ctx, owner, func(t string, o Owner) ([]Tracking, error) {
		return p.svc.Trackings(ctx, t, o, operationID, string(phase), TrackingFilterFromAPI(f), r)
	}, page(TrackingToAPI))
}

// Tracking answers one tracking of a phase of an operation of the owner's routing.
func (p *OwnerPaths) Tracking(ctx context.Context, owner OwnerOf, operationID string, phase gen.TrackingPhase, id string) (gen.RoutingTracking, error) {
	return serve(ctx, owner, func(t string, o Owner) (Tracking, error) {
		return p.svc.Tracking(ctx, t, o, operationID, string(phase), id)
	}, TrackingToAPI)
}

// DeleteTracking removes a tracking of a phase of an operation of the owner's routing;
// deleted is false when there was none to remove.
func (p *OwnerPaths) DeleteTracking(ctx context.Context, owner OwnerOf, operationID string, phase gen.TrackingPhase, id string) (deleted bool, err error) {
	return serve(ctx, owner, func(t string, o Owner) (bool, error) {
		return p.svc.DeleteTracking(ctx, t, o, operationID, string(phase), id)
	}, same)
}

// OperationItems answers a page of the items an operation of the owner's routing uses.
func (p *OwnerPaths) OperationItems(ctx context.Context, owner OwnerOf, operationID string, f *gen.RoutingOperationItemFilter, r listing.Request) ([]gen.RoutingOperationItem, error) {
	return serve(ctx, owner, func(t string, o Owner) ([]OperationItem, error) {
		return p.svc.OperationItems(ctx, t, o, operationID, OperationItemFilterFromAPI(f), r)
	}, page(OperationItemToAPI))
}

// OperationItem answers one item an operation of the owner's routing uses.
func (p *OwnerPaths) OperationItem(ctx context.Context, owner OwnerOf, operationID, id string) (gen.RoutingOperationItem, error) {
	return serve(ctx, owner, func(t string, o Owner) (OperationItem, error) {
		return p.svc.OperationItem(ctx, t, o, operationID, id)
	}, OperationItemToAPI)
}

// CreateInputItem adds an input item to the owner's routing and answers its id.
func (p *OwnerPaths) CreateInputItem(ctx context.Context, owner OwnerOf, b gen.RoutingInputItemWrite) (string, error) {
	return serve(ctx, owner, func(t string, o Owner) (string, error) { return p.svc.CreateInputItem(ctx, t, o, InputItemFromAPI(b)) }, same)
}

// InputItems answers a page of the input items of the owner's routing.
func (p *OwnerPaths) InputItems(ctx context.Context, owner OwnerOf, f *gen.RoutingInputItemFilter, r listing.Request) ([]gen.RoutingInputItem, error) {
	return serve(ctx, owner, func(t string, o Owner) ([]InputItem, error) {
		return p.svc.InputItems(ctx, t, o, InputItemFilterFromAPI(f), r)
	}, page(InputItemToAPI))
}

// InputItem answers one input item of the owner's routing.
func (p *OwnerPaths) InputItem(ctx context.Context, owner OwnerOf, id string) (gen.RoutingInputItem, error) {
	return serve(ctx, owner, func(t string, o Owner) (InputItem, error) { return p.svc.InputItem(ctx, t, o, id) }, InputItemToAPI)
}

// UpdateInputItem replaces an input item of the owner's routing and answers it.
func (p *OwnerPaths) UpdateInputItem(ctx context.Context, owner OwnerOf, id string, b gen.RoutingInputItemWrite) (gen.RoutingInputItem, error) {
	return serve(ctx, owner, func(t string, o Owner) (InputItem, error) {
		return p.svc.UpdateInputItem(ctx, t, o, id, InputItemFromAPI(b))
	}, InputItemToAPI)
}

// DeleteInputItem removes an input item of the owner's routing; deleted is false when there
// was none to remove.
func (p *OwnerPaths) DeleteInputItem(ctx context.Context, owner OwnerOf, id string) (deleted bool, err error) {
	return serve(ctx, owner, func(t string, o Owner) (bool, error) { return p.svc.DeleteInputItem(ctx, t, o, id) }, same)
}

// InputMaterials answers a page of the materials the owner's routing takes in.
func (p *OwnerPaths) InputMaterials(ctx context.Context, owner OwnerOf, f *gen.RoutingInputMaterialFilter, r listing.Request) ([]gen.RoutingInputMaterial, error) {
	return serve(ctx, owner, func(t string, o Owner) ([]InputMaterial, error) {
		return p.svc.InputMaterials(ctx, t, o, MaterialFilterFromAPI(f), r)
	}, page(InputMaterialToAPI))
}
