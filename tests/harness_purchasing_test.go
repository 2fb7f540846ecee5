package tests

import (
	"context"
	"net/http"
	"testing"

	"mos/gen/client"
)

// Fixtures of the purchasing area: vendors.

// createVendor creates a vendor through the typed client and returns its id.
func createVendor(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	res, err := te.API.CreateVendorWithResponse(context.Background(), nil, client.VendorWrite{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getVendor(t *testing.T, api *client.ClientWithResponses, id string) client.Vendor {
	t.Helper()
	res, err := api.GetVendorWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}
