package items

import (
	"mos/gen"
)

func codesFromAPI(accounting, accounting2, material, category, grade, shape, gauge *string) Codes {
	return Codes{
		AccountingCodeID: accounting, AccountingCode2ID: accounting2, MaterialCodeID: material,
		CategoryID: category, GradeID: grade, ShapeID: shape, GaugeID: gauge,
	}
}

func salesConversionsFromAPI(list *[]gen.ItemSalesUnitConversionWrite) []SalesConversionWrite {
	if list == nil {
		return nil
	}
	out := make([]SalesConversionWrite, len(*list))
	for i, c := range *list {
		out[i] = SalesConversionWrite{
			UnitName: c.DestinationUnitOfMeasureName, SourceQuantity: c.SourceQuantity, DestinationQuantity: c.DestinationQuantity,
			IsCustom: isTrue(c.IsCustom), IsDefault: isTrue(c.IsDefault),
		}
	}
	return out
}

func shippingFromAPI(b *gen.ItemShippingWrite) *Shipping {
	if b == nil {
		return nil
	}
	s := &Shipping{NMFC: b.Nmfc, IsHazmat: isTrue(b.IsHazmat), UnitWeight: b.UnitWeight, TariffCode: b.TariffCode, CountryOfOrigin: b.CountryOfOrigin}
	if b.Class != nil {
		class := string(*b.Class)
		s.Class = &class
	}
	return s
}

func accountingDetailsFromAPI(b *gen.ItemAccountingDetailsWrite) *AccountingDetails {
	if b == nil {
		return nil
	}
	return &AccountingDetails{
		ClassID: b.ClassId, IncomeAccountID: b.IncomeAccountId, AssetAccountID: b.AssetAccountId,
		ExpenseAccountID: b.ExpenseAccountId, CogsAccountID: b.CogsAccountId,
	}
}

// profileToAPI fills out's profile members from it.
func profileToAPI(it Item, out *gen.Item) {
	c := it.Codes
	out.AccountingCodeId, out.AccountingCode2Id = c.AccountingCodeID, c.AccountingCode2ID
	out.MaterialCodeId, out.CategoryId, out.GradeId = c.MaterialCodeID, c.CategoryID, c.GradeID
	out.ShapeId, out.GaugeId = c.ShapeID, c.GaugeID
	a := it.AccountingDetails
	out.AccountingDetails = gen.ItemAccountingDetails{
		ClassId: a.ClassID, IncomeAccountId: a.IncomeAccountID, AssetAccountId: a.AssetAccountID,
		ExpenseAccountId: a.ExpenseAccountID, CogsAccountId: a.CogsAccountID,
	}
	sh := it.Shipping
	out.Shipping = gen.ItemShipping{
		Nmfc: sh.NMFC, IsHazmat: sh.IsHazmat, UnitWeight: sh.UnitWeight, TariffCode: sh.TariffCode, CountryOfOrigin: sh.CountryOfOrigin,
	}
	if sh.Class != nil {
		class := gen.ItemFreightClass(*sh.Class)
		out.Shipping.Class = &class
	}
	out.QualityPlanStatus = gen.ItemQualityPlanStatus(it.QualityPlanStatus)
	out.NeedsQualityPlan = it.QualityPlanStatus.NeedsQualityPlan()
	out.BarCodeNumber = it.BarCodeNumber
	out.SalesUnitOfMeasureConversions = make([]gen.ItemSalesUnitConversion, len(it.SalesConversions))
	for i, c := range it.SalesConversions {
		out.SalesUnitOfMeasureConversions[i] = gen.ItemSalesUnitConversion{
			DestinationUnitOfMeasureName: c.UnitName, SourceQuantity: c.SourceQuantity, DestinationQuantity: c.DestinationQuantity,
			IsCustom: c.IsCustom, IsDefault: c.IsDefault, Multiplier: c.Multiplier(),
		}
	}
	if m := it.MaterialDetails; m != nil {
		units := string(m.Shape.DimensionUnits)
		out.MaterialDetails = &gen.ItemMaterialDetails{
			MaterialWidth: m.Width, MaterialLength: m.Length, MaterialThickness: m.Shape.Thickness,
			Form: string(m.Shape.Type), Unit: units, DimensionUnits: units,
			MaterialId: m.Shape.ID, MaterialName: m.Shape.MaterialName, IsRemnant: m.IsRemnant,
			ShapeType:     gen.ItemMaterialDetailsShapeType(m.Shape.Form()),
			LinearDensity: m.Shape.LinearDensity, PlanarDensity: m.Shape.PlanarDensity, DensityUnits: m.Shape.DensityUnits(),
		}
		out.MaterialWeight = m.Weight()
	}
}
