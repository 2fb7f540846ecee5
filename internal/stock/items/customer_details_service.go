package items

import (
	"context"
	"sort"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// maxCustomerText bounds customerItemNumber and customerItemName.
const maxCustomerText = 200

// CustomerDetail is how one customer knows an item: its own number and name for it and the
// unit it orders in (Unit, a unit of the item's type). One per item and customer.
type CustomerDetail struct {
	ID                 string
	ItemID             string
	CustomerID         string
	CustomerName       string // filled on reads, for ordering
	CustomerItemNumber *string
	CustomerItemName   *string
	UnitID             string
	UnitName           string // filled on reads
	// PriceBreaks are read-only here: the item's sales price breaks of the customer, by unit
	// name then quantity (written with ReplaceSalesPriceBreaks).
	PriceBreaks []SalesPriceBreak
}

// CustomerDetailWrite is a create or full-update request of a customer detail.
type CustomerDetailWrite struct {
	CustomerID         string
	CustomerItemNumber *string
	CustomerItemName   *string
	UnitName           *string // nil or blank: the item's inventory unit
}

// CreateCustomerDetail adds a customer detail to the item and returns its id.
func (s *Service) CreateCustomerDetail(ctx context.Context, tenantID, itemID string, w CustomerDetailWrite) (string, error) {
	id := ids.NewSub()
	if err := s.saveCustomerDetail(ctx, tenantID, itemID, id, true, w); err != nil {
		return "", err
	}
	return id, nil
}

// UpdateCustomerDetail replaces every member of the item's customer detail and returns it.
func (s *Service) UpdateCustomerDetail(ctx context.Context, tenantID, itemID, detailID string, w CustomerDetailWrite) (CustomerDetail, error) {
	if err := s.saveCustomerDetail(ctx, tenantID, itemID, detailID, false, w); err != nil {
		return CustomerDetail{}, err
	}
	list, err := s.CustomerDetails(ctx, tenantID, itemID)
	if err != nil {
		return CustomerDetail{}, err
	}
	for _, d := range list {
		if d.ID == detailID {
			return d, nil
		}
	}
	return CustomerDetail{}, customerDetailNotFound(detailID)
}

// DeleteCustomerDetail deletes the item's customer detail and reports whether there was one.
// The item's sales price breaks of the customer stay (they are the item's, not the detail's).
func (s *Service) DeleteCustomerDetail(ctx context.Context, tenantID, itemID, detailID string) (bool, error) {
	return s.changeCustomerPricing(ctx, tenantID, itemID, "customerDetailRemoved", func(q db.Q, _ itemUnits) (bool, error) {
		return s.store.deleteCustomerDetail(ctx, q, tenantID, itemID, detailID)
	})
}

// ListCustomerDetails returns the page r asks for of the item's customer details: in the
// order of Item.customerDetails (customer name, id) unless r sorts by a property; the page
// is chosen in SQL. Each detail carries the customer's sales price breaks by unit name then
// quantity. An unknown item is NotFound.
func (s *Service) ListCustomerDetails(ctx context.Context, tenantID, itemID string, r listing.Request) ([]CustomerDetail, error) {
	page, err := listing.Resolve(r, customerDetailListSpec)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.get(ctx, s.pool, tenantID, itemID); err != nil {
		return nil, err
	}
	details, err := s.store.customerDetailPage(ctx, s.pool, tenantID, itemID, page)
	if err != nil || len(details) == 0 {
		return details, err
	}
	customerIDs := make([]string, len(details))
	for i, d := range details {
		customerIDs[i] = d.CustomerID
	}
	breaks, _, err := s.store.salesPriceBreaks(ctx, s.pool, tenantID, []string{itemID}, SalesPriceBreakFilter{CustomerIDs: customerIDs})
	if err != nil {
		return nil, err
	}
	// A detail's breaks are one customer's: by unit name (case-insensitive), then quantity.
	sort.Slice(breaks, func(i, j int) bool {
		a, b := breaks[i], breaks[j]
		if an, bn := strings.ToLower(a.UnitName), strings.ToLower(b.UnitName); an != bn {
			return an < bn
		}
		return a.Quantity < b.Quantity
	})
	byCustomer := map[string][]SalesPriceBreak{}
	for _, b := range breaks {
		if b.CustomerID != nil {
			byCustomer[*b.CustomerID] = append(byCustomer[*b.CustomerID], b)
		}
	}
	for i := range details {
		details[i].PriceBreaks = byCustomer[details[i].CustomerID]
		if details[i].PriceBreaks == nil {
			details[i].PriceBreaks = []SalesPriceBreak{}
		}
	}
	return details, nil
}

// CustomerDetails returns the item's customer details in read order (customer name, id).
func (s *Service) CustomerDetails(ctx context.Context, tenantID, itemID string) ([]CustomerDetail, error) {
	it, err := s.store.get(ctx, s.pool, tenantID, itemID)
	if err != nil {
		return nil, err
	}
	one := []Item{it}
	if err := s.loadCustomerPricing(ctx, tenantID, one); err != nil {
		return nil, err
	}
	return one[0].CustomerDetails, nil
}

// saveCustomerDetail stores w as detail id of the item (a new one when create) on the locked
// item row. One detail per customer is decided by the unique index (400 naming customerId).
func (s *Service) saveCustomerDetail(ctx context.Context, tenantID, itemID, id string, create bool, w CustomerDetailWrite) error {
	fields := apperr.Fields{}
	d := CustomerDetail{
		ID: id, ItemID: itemID, CustomerID: w.CustomerID,
		CustomerItemNumber: fields.OptionalText("customerItemNumber", w.CustomerItemNumber, maxCustomerText),
		CustomerItemName:   fields.OptionalText("customerItemName", w.CustomerItemName, maxCustomerText),
	}
	if err := fields.Err(); err != nil {
		return err
	}
	change := "customerDetailUpdated"
	if create {
		change = "customerDetailAdded"
	}
	_, err := s.changeCustomerPricing(ctx, tenantID, itemID, change, func(q db.Q, units itemUnits) (bool, error) {
		if !create {
			if err := s.store.lockCustomerDetail(ctx, q, tenantID, itemID, id); err != nil {
				return false, err
			}
		}
		found, err := s.customers.ByIDs(ctx, q, tenantID, []string{d.CustomerID})
		if err != nil {
			return false, err
		}
		if c, ok := found[d.CustomerID]; !ok || c.Deleted {
			return false, apperr.NotFound("customer %s not found", d.CustomerID)
		}
		fields := apperr.Fields{}
		unit, ok := units.named(fields, "unitOfMeasureName", w.UnitName)
		if !ok {
			return false, fields.Err()
		}
		d.UnitID = unit.ID
		return true, s.store.saveCustomerDetail(ctx, q, tenantID, d, create)
	})
	return err
}

// changeCustomerPricing is changeItemRecords handing change the units of the item's type.
func (s *Service) changeCustomerPricing(ctx context.Context, tenantID, itemID, what string, change func(q db.Q, units itemUnits) (bool, error)) (bool, error) {
	return s.changeItemRecords(ctx, tenantID, itemID, what, func(q db.Q, it Item) (bool, error) {
		units, err := s.unitsOfItem(ctx, q, tenantID, it)
		if err != nil {
			return false, err
		}
		return change(q, units)
	})
}

func customerDetailNotFound(id string) error {
	return apperr.NotFound("item customer detail %s not found", id)
}
