package jobs

import (
	"context"
	"fmt"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docnumbers"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Service holds the rules of jobs and their items to make.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
	// operationCompleted are the hooks every job operation completion runs
	// (RegisterOperationCompleted).
	operationCompleted []OperationCompletedHook
	// removalChecks are what a routing change removing job operations runs first
	// (RegisterOperationRemovalCheck).
	removalChecks []OperationRemovalCheck
}

// NewService returns the jobs service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps}
}

// itemField names member name of item to make i of a create body.
func itemField(i int, name string) string { return fmt.Sprintf("itemsToMake.%d.%s", i, name) }

// checkCreate normalises a create body's own members and collects what is wrong with them.
func checkCreate(w *JobCreate) error {
	fields := apperr.Fields{}
	w.Name = fields.OptionalText("name", w.Name, maxName)
	w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	switch w.Status {
	case "":
		w.Status = StatusPlanned
	case StatusPlanned, StatusReleased:
	default:
		fields.Add("status", "a job is created planned or released, not %s", w.Status)
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	w.ExternalReferences = refs
	if n := len(w.ItemsToMake); n < 1 || n > maxItemsToMake {
		fields.Add("itemsToMake", "a job makes 1 to %d items", maxItemsToMake)
	}
	for i := range w.ItemsToMake {
		it := &w.ItemsToMake[i]
		it.Notes = fields.OptionalText(itemField(i, "notes"), it.Notes, maxNotes)
		if it.Quantity != nil && !it.Quantity.IsPositive() {
			fields.Add(itemField(i, "quantity"), "must be greater than 0")
		}
		if it.SalesOrderPartLineID != nil {
			continue
		}
		if it.ItemID == nil {
			fields.Add(itemField(i, "itemId"), "is required without salesOrderPartLineId")
		}
		if it.Quantity == nil {
			fields.Add(itemField(i, "quantity"), "is required without salesOrderPartLineId")
		}
	}
	if w.CustomFields == nil {
		w.CustomFields = map[string]any{}
	}
	return fields.Err()
}

// Create stores a new job and answers its id, in one transaction: the sales-order lines it
// makes are read with their orders share-locked, the items share-locked, every item to make
// gets a copy of its line's or its item's routing and one operation row per copied operation,
// the number is taken last (a refused create uses none), and a job created released reserves
// what its routings need.
func (s *Service) Create(ctx context.Context, t Tenant, w JobCreate) (string, error) {
	if err := checkCreate(&w); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		row := jobInsert{
			ID: id, Status: w.Status, Name: w.Name, Notes: w.Notes, CustomerID: w.CustomerID,
			StartDate: w.StartDate, DueDate: w.DueDate, ExternalReferences: w.ExternalReferences,
		}
		if t.UserID != "" {
			row.CreatedByUserID = &t.UserID
		}
		made, err := s.resolveItemsToMake(ctx, q, t.ID, &row, w.ItemsToMake)
		if err != nil {
			return err
		}
		if w.CustomerID != nil {
			cust, err := s.deps.Customers.DocumentDefaults(ctx, q, t.ID, *w.CustomerID)
			if _, err := customers.LiveDocumentCustomer(cust, err, *w.CustomerID); err != nil {
				return err
			}
		}
		if row.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleJob, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		// The number last: the numbering row stays locked for the shortest time.
		if row.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindJob); err != nil {
			return err
		}
		if err := s.store.insertJob(ctx, q, t.ID, row); err != nil {
			return err
		}
		return s.insertItemsToMake(ctx, q, t.ID, row, made)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// newItemToMake is an item to make of a create, resolved: its row and where its routing is
// copied from.
type newItemToMake struct {
	row  itemToMakeInsert
	from routing.Owner
}

// resolveItemsToMake checks the items to make of a create against their sales-order lines
// and items, fills the defaults the lines give, and sets the job's sales order and customer
// from the lines' order.
func (s *Service) resolveItemsToMake(ctx context.Context, q db.Q, tenantID string, job *jobInsert, ws []ItemToMakeCreate) ([]newItemToMake, error) {
	var lineIDs []string
	for _, it := range ws {
		if it.SalesOrderPartLineID != nil {
			lineIDs = append(lineIDs, *it.SalesOrderPartLineID)
		}
	}
	lines, err := s.deps.SalesOrders.PartLinesForJobs(ctx, q, tenantID, lineIDs)
	if err != nil {
		return nil, err
	}
	missing, fields := apperr.Fields{}, apperr.Fields{}
	var order *salesorders.PartLineForJob
	for i, it := range ws {
		if it.SalesOrderPartLineID == nil {
			continue
		}
		field := itemField(i, "salesOrderPartLineId")
		l, ok := lines[*it.SalesOrderPartLineID]
		switch {
		case !ok:
			missing.Add(field, "sales order part line %s not found", *it.SalesOrderPartLineID)
		case l.OrderDeleted:
			fields.Add(field, "the sales order of part line %s is deleted", l.ID)
		case !salesorders.Reserving(l.OrderStatus):
			fields.Add(field, "sales order %d is %s: a job makes the lines of an approved or in-progress sales order", l.OrderNumber, l.OrderStatus)
		case order != nil && order.OrderID != l.OrderID:
			fields.Add(field, "a job makes the lines of one sales order: this line is on sales order %d, an earlier one on %d", l.OrderNumber, order.OrderNumber)
		default:
			if order == nil {
				order = &l
			}
		}
		if ok && it.ItemID != nil && *it.ItemID != l.ItemID {
			fields.Add(itemField(i, "itemId"), "must be the item of sales order part line %s (%s) or omitted", l.ID, l.ItemID)
		}
		if ok && it.Quantity == nil && l.InventoryQuantity == nil {
			fields.Add(itemField(i, "quantity"), "is required: the unit of sales order part line %s has no fixed conversion to the item's inventory unit", l.ID)
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return nil, err
	}
	if order != nil {
		if job.CustomerID != nil && *job.CustomerID != order.CustomerID {
			fields.Add("customerId", "must be the customer of sales order %d (%s) or omitted", order.OrderNumber, order.CustomerID)
		}
		job.SalesOrderID, job.CustomerID = &order.OrderID, &order.CustomerID
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	itemIDs := make([]string, 0, len(ws))
	for _, it := range ws {
		if it.SalesOrderPartLineID == nil && !slices.Contains(itemIDs, *it.ItemID) {
			itemIDs = append(itemIDs, *it.ItemID)
		}
	}
	found, err := s.deps.Items.SaleItems(ctx, q, tenantID, itemIDs)
	if err != nil {
		return nil, err
	}
	out := make([]newItemToMake, len(ws))
	for i, it := range ws {
		n := newItemToMake{row: itemToMakeInsert{
			ID: ids.NewSub(), RoutingID: ids.NewSub(), Position: int32(i + 1), Quantity: dec.Zero,
			DueDate: it.DueDate, SalesOrderPartLineID: it.SalesOrderPartLineID, Notes: it.Notes,
		}}
		if it.Quantity != nil {
			n.row.Quantity = *it.Quantity
		}
		if it.SalesOrderPartLineID != nil {
			l := lines[*it.SalesOrderPartLineID]
			n.row.ItemID = l.ItemID
			if it.Quantity == nil {
				n.row.Quantity = *l.InventoryQuantity
			}
			if it.DueDate == nil {
				n.row.DueDate = l.DeliveryDate
			}
			n.from = routing.Owner{Type: routing.OwnerSalesOrderPartLine, ID: l.ID}
		} else {
			field := itemField(i, "itemId")
			item, ok := found[*it.ItemID]
			switch {
			case !ok:
				missing.Add(field, "item %s not found", *it.ItemID)
			case item.IsArchived:
				fields.Add(field, "item %s is archived", item.Number)
			}
			n.row.ItemID = *it.ItemID
			n.from = routing.Owner{Type: routing.OwnerItem, ID: *it.ItemID}
		}
		out[i] = n
	}
	if err := missing.NotFoundErr(); err != nil {
		return nil, err
	}
	return out, fields.Err()
}

// insertItemsToMake writes the items to make of new job, copies their routings, writes one
// operation row per copied operation and, for a job created released, reserves its stock.
func (s *Service) insertItemsToMake(ctx context.Context, q db.Q, tenantID string, job jobInsert, made []newItemToMake) error {
	pairs := make([]routing.CopyPair, len(made))
	owners := make([]routing.Owner, len(made))
	for i, n := range made {
		if err := s.store.insertItemToMake(ctx, q, tenantID, job.ID, n.row); err != nil {
			return err
		}
		owners[i] = routing.Owner{Type: routing.OwnerJobItemToMake, ID: n.row.ID}
		pairs[i] = routing.CopyPair{From: n.from, To: owners[i]}
	}
	if err := s.deps.Routings.CopyEach(ctx, q, tenantID, pairs); err != nil {
		return err
	}
	routings, err := s.deps.Routings.RoutingsIn(ctx, q, tenantID, owners)
	if err != nil {
		return err
	}
	ops := map[string]string{}
	for o, r := range routings {
		for _, op := range r.Operations {
			ops[op.ID] = o.ID
		}
	}
	if err := s.store.insertOperations(ctx, q, tenantID, job.ID, ops); err != nil {
		return err
	}
	if !Reserving(job.Status) {
		return nil
	}
	j, err := s.store.getJob(ctx, q, tenantID, job.ID)
	if err != nil {
		return err
	}
	return s.syncReservations(ctx, q, tenantID, j, nil)
}

// Get answers job id with its items to make, in a fixed number of statements however many
// items it makes; another tenant's is NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Job, error) {
	var j Job
	err := s.pool.WithTx(ctx, func(q db.Q) (err error) {
		j, err = s.read(ctx, q, tenantID, id)
		return err
	})
	return j, err
}

// read loads job id with its named items to make through q.
func (s *Service) read(ctx context.Context, q db.Q, tenantID, id string) (Job, error) {
	j, err := s.store.getJob(ctx, q, tenantID, id)
	if err != nil {
		return Job{}, err
	}
	if j.ItemsToMake, err = s.store.itemsOfJob(ctx, q, tenantID, id); err != nil {
		return Job{}, err
	}
	return j, s.nameItems(ctx, q, tenantID, j.ItemsToMake)
}

// nameItems fills the item number, revision and unit of items to make, in one statement.
func (s *Service) nameItems(ctx context.Context, q db.Q, tenantID string, list []ItemToMake) error {
	if len(list) == 0 {
		return nil
	}
	var itemIDs []string
	for _, it := range list {
		if !slices.Contains(itemIDs, it.ItemID) {
			itemIDs = append(itemIDs, it.ItemID)
		}
	}
	refs, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, itemIDs)
	if err != nil {
		return err
	}
	for i := range list {
		ref := refs[list[i].ItemID]
		list[i].ItemNumber, list[i].ItemRevision, list[i].UnitName = ref.Number, ref.Revision, ref.UnitName
	}
	return nil
}

// ItemsToMake answers a page of job jobID's items to make matching f; an unknown job is
// NotFound.
func (s *Service) ItemsToMake(ctx context.Context, tenantID, jobID string, f ItemToMakeFilter, r listing.Request) ([]ItemToMake, error) {
	page, err := listing.Resolve(r, itemToMakeListSpec)
	if err != nil {
		return nil, err
	}
	var out []ItemToMake
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		found, err := s.store.jobExists(ctx, q, tenantID, jobID)
		if err != nil {
			return err
		}
		if !found {
			return jobNotFound(jobID)
		}
		if out, err = s.store.listItemsToMake(ctx, q, tenantID, jobID, f, page); err != nil {
			return err
		}
		return s.nameItems(ctx, q, tenantID, out)
	})
	return out, err
}

// ItemToMake answers item to make id of job jobID; one of another job, or an unknown job, is
// NotFound.
func (s *Service) ItemToMake(ctx context.Context, tenantID, jobID, id string) (ItemToMake, error) {
	var it ItemToMake
	err := s.pool.WithTx(ctx, func(q db.Q) (err error) {
		if it, err = s.store.getItemToMake(ctx, q, tenantID, jobID, id); err != nil {
			return err
		}
		list := []ItemToMake{it}
		err = s.nameItems(ctx, q, tenantID, list)
		it = list[0]
		return err
	})
	return it, err
}

// costBreakdown is the item cost breakdown of type typ an item to make keeps.
func costBreakdown(it ItemToMake, typ items.CostBreakdownType) items.CostBreakdown {
	quantity := it.Quantity
	if typ == items.CostCompletedJob && it.QuantityMade.IsPositive() {
		quantity = it.QuantityMade
	}
	cum := it.Cumulative()
	return items.CostBreakdown{
		Type: typ, Quantity: quantity, QuantityScrapped: it.QuantityScrapped,
		LaborHours: it.LaborHours, MachineHours: it.MachineHours, SetupHours: it.SetupHours,
		ItemLevel: items.CostKinds{
			Material: it.Actual.Material, Labor: it.Actual.Labor, Machine: it.Actual.Machine,
			OutsideProcessing: it.Actual.OutsideProcessing, Overhead: dec.Zero,
		},
		Cumulative: items.CostKinds{
			Material: cum.Material, Labor: cum.Labor, Machine: cum.Machine,
			OutsideProcessing: cum.OutsideProcessing, Overhead: dec.Zero,
		},
	}
}

// recordCostBreakdowns writes, in q's transaction, the cost breakdown of type typ each item
// to make of job jobID keeps in its item's breakdowns: the same breakdown (its id kept on the
// item to make) rewritten as the job moves from in progress to complete or cancelled.
func (s *Service) recordCostBreakdowns(ctx context.Context, q db.Q, tenantID, jobID string, typ items.CostBreakdownType) error {
	list, err := s.store.itemsOfJob(ctx, q, tenantID, jobID)
	if err != nil {
		return err
	}
	newIDs := map[string]string{}
	for _, it := range list {
		id := ids.New()
		if it.CostBreakdownID != nil {
			id = *it.CostBreakdownID
		} else {
			newIDs[it.ID] = id
		}
		if _, err := s.deps.Items.SaveCostBreakdown(ctx, q, tenantID, it.ItemID, id, costBreakdown(it, typ)); err != nil {
			return err
		}
	}
	return s.store.setCostBreakdownIDs(ctx, q, tenantID, newIDs)
}
