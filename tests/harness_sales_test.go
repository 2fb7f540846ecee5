package tests

import (
	"context"
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
)

// Fixtures of the sales area: customers, their tiers, addresses and contacts.

// createCustomer creates a customer through the typed client and returns its id.
func createCustomer(t *testing.T, te *tenantEnv, w client.CustomerWrite) string {
	t.Helper()
	res, err := te.API.CreateCustomerWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// newSubRecordCustomer creates a customer (named name, unique in the test's tenant) to hang
// addresses and contacts on.
func newSubRecordCustomer(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	res, err := te.API.CreateCustomerWithResponse(context.Background(), nil, client.CustomerWrite{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// deleteSubRecordCustomer soft-deletes a customer through the API.
func deleteSubRecordCustomer(t *testing.T, te *tenantEnv, customerID string) {
	t.Helper()
	res, err := te.API.DeleteCustomerWithResponse(context.Background(), customerID, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
}

// customerModifiedUtc reads the customer's modifiedUtc through the API.
func customerModifiedUtc(t *testing.T, te *tenantEnv, customerID string) time.Time {
	t.Helper()
	res, err := te.API.GetCustomerWithResponse(context.Background(), customerID, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.ModifiedUtc
}

// unknownCustomerID is a well-formed customer id no tenant has.
const unknownCustomerID = "ffffffffffffffffffffffff"

// unknownSubRecordID is a well-formed address or contact id no customer has.
const unknownSubRecordID = "00000000-0000-7000-8000-000000000000"

func createCustomerTier(t *testing.T, te *tenantEnv, name string, description *string) string {
	t.Helper()
	res, err := te.API.CreateCustomerTierWithResponse(context.Background(), nil, client.CustomerTierWrite{Name: name, Description: description})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func addressesPath(customerID string) string { return "/api/customers/" + customerID + "/addresses" }

func addressPath(customerID, id string) string { return addressesPath(customerID) + "/" + id }

// dockAddress is the smallest valid address.
func dockAddress() client.CustomerAddressWrite {
	return client.CustomerAddressWrite{Address1: "400 Canal St", City: "Dayton", PostalCode: "45402"}
}

func createAddress(t *testing.T, te *tenantEnv, customerID string, w client.CustomerAddressWrite) string {
	t.Helper()
	res, err := te.API.CreateCustomerAddressWithResponse(context.Background(), customerID, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func contactsPath(customerID string) string { return "/api/customers/" + customerID + "/contacts" }

func contactPath(customerID, id string) string { return contactsPath(customerID) + "/" + id }

func createContact(t *testing.T, te *tenantEnv, customerID string, w client.CustomerContactWrite) string {
	t.Helper()
	res, err := te.API.CreateCustomerContactWithResponse(context.Background(), customerID, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}
