package httpapi

import (
	"context"
	"errors"

	"mos/gen"
)

// pending answers operations whose area is being built. Temporary: removed once every area lands.
type pending struct{}

var errPending = errors.New("not implemented yet")

func (pending) CreateCompany(context.Context, gen.CreateCompanyRequestObject) (gen.CreateCompanyResponseObject, error) {
	return nil, errPending
}

func (pending) ListCompanies(context.Context, gen.ListCompaniesRequestObject) (gen.ListCompaniesResponseObject, error) {
	return nil, errPending
}

func (pending) GetCompany(context.Context, gen.GetCompanyRequestObject) (gen.GetCompanyResponseObject, error) {
	return nil, errPending
}

func (pending) PatchCompany(context.Context, gen.PatchCompanyRequestObject) (gen.PatchCompanyResponseObject, error) {
	return nil, errPending
}

func (pending) UpdateCompany(context.Context, gen.UpdateCompanyRequestObject) (gen.UpdateCompanyResponseObject, error) {
	return nil, errPending
}

func (pending) CreateCustomField(context.Context, gen.CreateCustomFieldRequestObject) (gen.CreateCustomFieldResponseObject, error) {
	return nil, errPending
}

func (pending) ListCustomFields(context.Context, gen.ListCustomFieldsRequestObject) (gen.ListCustomFieldsResponseObject, error) {
	return nil, errPending
}

func (pending) DeleteCustomField(context.Context, gen.DeleteCustomFieldRequestObject) (gen.DeleteCustomFieldResponseObject, error) {
	return nil, errPending
}

func (pending) GetCustomField(context.Context, gen.GetCustomFieldRequestObject) (gen.GetCustomFieldResponseObject, error) {
	return nil, errPending
}

func (pending) UpdateCustomField(context.Context, gen.UpdateCustomFieldRequestObject) (gen.UpdateCustomFieldResponseObject, error) {
	return nil, errPending
}

func (pending) CreateCustomerTier(context.Context, gen.CreateCustomerTierRequestObject) (gen.CreateCustomerTierResponseObject, error) {
	return nil, errPending
}

func (pending) ListCustomerTiers(context.Context, gen.ListCustomerTiersRequestObject) (gen.ListCustomerTiersResponseObject, error) {
	return nil, errPending
}

func (pending) GetCustomerTier(context.Context, gen.GetCustomerTierRequestObject) (gen.GetCustomerTierResponseObject, error) {
	return nil, errPending
}

func (pending) GetCostingSettings(context.Context, gen.GetCostingSettingsRequestObject) (gen.GetCostingSettingsResponseObject, error) {
	return nil, errPending
}

func (pending) UpdateCostingSettings(context.Context, gen.UpdateCostingSettingsRequestObject) (gen.UpdateCostingSettingsResponseObject, error) {
	return nil, errPending
}

func (pending) GetPricingSettings(context.Context, gen.GetPricingSettingsRequestObject) (gen.GetPricingSettingsResponseObject, error) {
	return nil, errPending
}

func (pending) UpdatePricingSettings(context.Context, gen.UpdatePricingSettingsRequestObject) (gen.UpdatePricingSettingsResponseObject, error) {
	return nil, errPending
}
