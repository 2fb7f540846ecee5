package tests

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

func seedCustomers(b *testing.B, c *client.ClientWithResponses, n int) []string {
	b.Helper()
	ids := make([]string, n)
	for i := range n {
		res, err := c.CreateCustomerWithResponse(context.Background(), nil, client.CustomerWrite{Name: fmt.Sprintf("Customer %04d", i), Notes: ptr("seeded for a benchmark")})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("create customer %d: %v %s", i, err, res.Body)
		}
		ids[i] = res.JSON200.Id
	}
	return ids
}

// BenchmarkGetCustomer is one authenticated, validated read through the whole stack.
func BenchmarkGetCustomer(b *testing.B) {
	c := benchClient(b)
	ids := seedCustomers(b, c, 1)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.GetCustomerWithResponse(context.Background(), ids[0], nil)
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkListCustomersPage50 lists a page of 50 out of 500 customers, with the names of
// their payment terms and tiers resolved.
func BenchmarkListCustomersPage50(b *testing.B) {
	c := benchClient(b)
	seedCustomers(b, c, 500)
	take := int32(50)
	skip := int32(200)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListCustomersWithResponse(context.Background(), &client.ListCustomersParams{Skip: &skip, Take: &take}, client.CustomerFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) != 50 {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkCreateCustomer is one write: validation, custom fields, unique indexes, commit.
func BenchmarkCreateCustomer(b *testing.B) {
	c := benchClient(b)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		res, err := c.CreateCustomerWithResponse(context.Background(), nil, client.CustomerWrite{Name: fmt.Sprintf("Bench customer %d", i)})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkPatchCustomer applies a two-operation JSON Patch: lock, patch, revalidate, save.
func BenchmarkPatchCustomer(b *testing.B) {
	c := benchClient(b)
	ids := seedCustomers(b, c, 1)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		res, err := c.PatchCustomerWithApplicationJSONPatchPlusJSONBodyWithResponse(context.Background(), ids[0], nil, client.JsonPatch{
			{Op: client.PatchOperationOpReplace, Path: "/notes", Value: fmt.Sprintf("note %d", i)},
			{Op: client.PatchOperationOpReplace, Path: "/isTaxable", Value: i%2 == 0},
		})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d %s", err, res.StatusCode(), res.Body)
		}
	}
}
