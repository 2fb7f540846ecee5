package attachments

import (
	"context"

	"mos/internal/platform/db"
)

// OwnerKind is what attachments need to know of one kind of record files are attached to.
// The owning area provides the functions (httpapi registers them), so attachments depend on
// no owning area and owning areas do not depend on attachments.
type OwnerKind struct {
	// View and Edit are the permissions a user-bound token needs to see the owner's files
	// and to attach or remove them.
	View, Edit string
	// Exists reports whether the tenant has the owner record, in q's transaction (it may
	// lock the record until the transaction ends). Nil: the owning area has not landed, so
	// there are no such records.
	Exists func(ctx context.Context, q db.Q, tenantID, id string) (bool, error)
	// Touch advances the owner's modification stamp after a file was attached or removed,
	// in q's transaction. Nil: the owner has none.
	Touch func(ctx context.Context, q db.Q, tenantID, id string) error
	// CertifiedItem returns the item whose lots a certification of the owner may certify
	// (for an item, the item itself). Nil: the owner kind takes no certifications.
	CertifiedItem func(ctx context.Context, q db.Q, tenantID, id string) (string, error)
}

// Owners maps each owner type of the API to its kind.
type Owners map[string]OwnerKind

// The owner types the API names (AttachmentOwnerType, and the certification owner types).
const (
	OwnerItem                           = "item"
	OwnerSalesOrder                     = "salesOrder"
	OwnerSalesOrderPartLineItem         = "salesOrderPartLineItem"
	OwnerShipment                       = "shipment"
	OwnerPurchaseOrder                  = "purchaseOrder"
	OwnerPurchaseOrderPartLineItem      = "purchaseOrderPartLineItem"
	OwnerPurchaseOrderReceiving         = "purchaseOrderReceiving"
	OwnerSalesOrderReceiving            = "salesOrderReceiving"
	OwnerPurchaseOrderReceivingLineItem = "purchaseOrderReceivingLineItem"
	OwnerSalesOrderReceivingLineItem    = "salesOrderReceivingLineItem"
	OwnerInvoice                        = "invoice"
	OwnerJob                            = "job"
	// OwnerOperation is a job operation.
	OwnerOperation = "operation"
	// OwnerWorkOrderOperation is an operation of a work order.
	OwnerWorkOrderOperation = "workOrderOperation"
)

// StandardOwners returns every owner type with the permissions of its area (AttachmentOwnerType
// in the spec): a file is seen with the owner area's view permission and attached or removed
// with its edit permission, as the file is part of the owner record. "View Attachments" and
// "Edit Attachments" therefore gate nothing (see Permission in the spec). No type has records
// yet; the areas that have landed register their Exists and Touch over it (httpapi).
func StandardOwners() Owners {
	type perms struct{ view, edit string }
	byArea := map[perms][]string{
		{"View Item", "Edit Item"}:                     {OwnerItem},
		{"View Shipments", "Edit Shipments"}:           {OwnerShipment},
		{"View Sales Order", "Edit Sales Order"}:       {OwnerSalesOrder, OwnerSalesOrderReceiving, OwnerSalesOrderPartLineItem, OwnerSalesOrderReceivingLineItem},
		{"View Quote", "Edit Quote"}:                   {"quote", "quotePartLineItem"},
		{"View Purchase Order", "Edit Purchase Order"}: {OwnerPurchaseOrder, OwnerPurchaseOrderReceiving, OwnerPurchaseOrderPartLineItem, OwnerPurchaseOrderReceivingLineItem},
		{"View Invoices", "Edit Invoices"}:             {OwnerInvoice},
		{"View Job", "Edit Job"}:                       {OwnerJob, OwnerOperation, OwnerWorkOrderOperation},
	}
	owners := Owners{}
	for p, types := range byArea {
		for _, t := range types {
			owners[t] = OwnerKind{View: p.view, Edit: p.edit}
		}
	}
	item := owners[OwnerItem]
	item.CertifiedItem = func(_ context.Context, _ db.Q, _, id string) (string, error) { return id, nil }
	owners[OwnerItem] = item
	return owners
}

// certificationOnly are the owner types that take certifications and nothing else.
var certificationOnly = []string{OwnerPurchaseOrderReceivingLineItem, OwnerSalesOrderReceivingLineItem}

// Register gives ownerType the owning area's lookups, keeping its permissions.
func (o Owners) Register(ownerType string,
	exists func(ctx context.Context, q db.Q, tenantID, id string) (bool, error),
	touch func(ctx context.Context, q db.Q, tenantID, id string) error) {
	k := o[ownerType]
	k.Exists, k.Touch = exists, touch
	o[ownerType] = k
}

// RegisterCertified is Register for an owner type that takes certifications: certifiedItem
// answers the item whose lots a certification of the owner may certify.
func (o Owners) RegisterCertified(ownerType string,
	exists func(ctx context.Context, q db.Q, tenantID, id string) (bool, error),
	touch func(ctx context.Context, q db.Q, tenantID, id string) error,
	certifiedItem func(ctx context.Context, q db.Q, tenantID, id string) (string, error)) {
	o.Register(ownerType, exists, touch)
	k := o[ownerType]
	k.CertifiedItem = certifiedItem
	o[ownerType] = k
}

// exists reports whether the tenant has the owner record, in q's transaction.
func (k OwnerKind) exists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	if k.Exists == nil {
		return false, nil
	}
	return k.Exists(ctx, q, tenantID, id)
}

// touch advances the owner's modification stamp, when it has one.
func (k OwnerKind) touch(ctx context.Context, q db.Q, tenantID, id string) error {
	if k.Touch == nil {
		return nil
	}
	return k.Touch(ctx, q, tenantID, id)
}
