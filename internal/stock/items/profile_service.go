package items

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/shared/tags"
)

// Codes are the records of the Tag-shaped code lists an item names; nil is none.
type Codes struct {
	AccountingCodeID, AccountingCode2ID                   *string
	MaterialCodeID, CategoryID, GradeID, ShapeID, GaugeID *string
}

// AccountingDetails are how sales and stock of an item are booked, as on invoice lines: an
// item class and accounts of the chart of accounts; nil is none.
type AccountingDetails struct {
	ClassID, IncomeAccountID, AssetAccountID, ExpenseAccountID, CogsAccountID *string
}

// Shipping is an item's shipping profile; nil members are not set.
type Shipping struct {
	Class           *string // an NMFC freight class ("50" to "500")
	NMFC            *string
	IsHazmat        bool
	UnitWeight      *dec.Decimal
	TariffCode      *string
	CountryOfOrigin *string // ISO 3166-1 alpha-2
}

// QualityPlanStatus is where an item's quality plan stands.
type QualityPlanStatus string

const (
	QualityPlanNotRequired   QualityPlanStatus = "notRequired"
	QualityPlanNeedsApproval QualityPlanStatus = "needsApproval"
	QualityPlanApproved      QualityPlanStatus = "approved"
)

// NeedsQualityPlan is the read-only needsQualityPlan: a plan awaits approval.
func (s QualityPlanStatus) NeedsQualityPlan() bool { return s == QualityPlanNeedsApproval }

const maxShippingText = 20 // nmfc and tariffCode

// normalizeShipping trims the shipping texts and refuses a negative weight (the schema states
// it too; this holds for patched documents and direct callers).
func normalizeShipping(fields apperr.Fields, s Shipping) Shipping {
	s.NMFC = fields.OptionalText("shipping.nmfc", s.NMFC, maxShippingText)
	s.TariffCode = fields.OptionalText("shipping.tariffCode", s.TariffCode, maxShippingText)
	if s.UnitWeight != nil && s.UnitWeight.IsNegative() {
		fields.Add("shipping.unitWeight", "must be 0 or more")
	}
	return s
}

// codeRef is one code an item names, with the list it must belong to.
type codeRef struct {
	field string
	list  tags.List
	id    *string
}

func (c Codes) refs() []codeRef {
	return []codeRef{
		{"accountingCodeId", tags.AccountingCodes, c.AccountingCodeID},
		{"accountingCode2Id", tags.AccountingCodes, c.AccountingCode2ID},
		{"materialCodeId", tags.MaterialCodes, c.MaterialCodeID},
		{"categoryId", tags.ItemCategories, c.CategoryID},
		{"gradeId", tags.GradeCodes, c.GradeID},
		{"shapeId", tags.ShapeCodes, c.ShapeID},
		{"gaugeId", tags.GaugeCodes, c.GaugeID},
	}
}

func (a AccountingDetails) refs() []codeRef {
	return []codeRef{
		{"accountingDetails.classId", tags.ItemClasses, a.ClassID},
		{"accountingDetails.incomeAccountId", tags.ChartOfAccounts, a.IncomeAccountID},
		{"accountingDetails.assetAccountId", tags.ChartOfAccounts, a.AssetAccountID},
		{"accountingDetails.expenseAccountId", tags.ChartOfAccounts, a.ExpenseAccountID},
		{"accountingDetails.cogsAccountId", tags.ChartOfAccounts, a.CogsAccountID},
	}
}

// requireLiveCodes answers NotFound for a code or account of next that is not a live record
// of its list, read in q's transaction. A reference next keeps unchanged from current is not
// checked again, so an item naming a code deleted since still saves its other changes.
func (s *Service) requireLiveCodes(ctx context.Context, q db.Q, tenantID string, current, next Item) error {
	was := map[string]string{}
	for _, r := range append(current.Codes.refs(), current.AccountingDetails.refs()...) {
		if r.id != nil {
			was[r.field] = *r.id
		}
	}
	for _, r := range append(next.Codes.refs(), next.AccountingDetails.refs()...) {
		if r.id == nil || was[r.field] == *r.id {
			continue
		}
		if err := s.tags.RequireLive(ctx, q, tenantID, r.list, []string{*r.id}, false); err != nil {
			return err
		}
	}
	return nil
}
