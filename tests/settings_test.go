package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// defaultPricingJSON is the pricing read shape of a tenant that never set it: every field
// present, defaultMaterialMarkup null.
const defaultPricingJSON = `{"useMarginBasedPricing":false,"useDefaultMargin":false,"defaultMargin":0,"useShopRatePricing":false,"defaultMaterialMarkup":null}`

// getJSON GETs path and returns the body re-encoded with sorted keys, for exact comparison.
func getJSON(t *testing.T, te *tenantEnv, path string) string {
	t.Helper()
	res, body := rawRequest(t, http.MethodGet, path, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	return canonicalJSON(t, body)
}

// canonicalJSON re-encodes a JSON object with sorted keys, keeping numbers exactly as sent.
func canonicalJSON(t *testing.T, b []byte) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not a JSON object: %v: %s", err, b)
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestSettingsNeverSetReadDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	if got := getJSON(t, te, pricingPath); got != canonicalJSON(t, []byte(defaultPricingJSON)) {
		t.Fatalf("pricing of a new tenant %s, want %s", got, defaultPricingJSON)
	}
	if got := getJSON(t, te, costingPath); got != `{"overheadCalculationMethod":"laborBurdened"}` {
		t.Fatalf("costing of a new tenant %s", got)
	}
}

func TestPricingSettingsRoundTripExactDecimals(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct{ margin, markup string }{
		{"12.345", "12.345"},
		// More significant digits than a float64 holds: only exact decimals survive.
		{"12.34567890123456789012", "1234567.890123456789012345"},
		{"99.999999", "0.00000000000000000001"}, // the finest step a decimal takes: 20 places
		{"0.0000000001", "0"},
		{"0", "100000"},
	}
	for _, c := range cases {
		body := fmt.Sprintf(`{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":%s,"useShopRatePricing":true,"defaultMaterialMarkup":%s}`, c.margin, c.markup)
		want := canonicalJSON(t, []byte(body))
		if got := canonicalJSON(t, putPricing(t, te, body)); got != want {
			t.Errorf("PUT answered %s, want %s", got, want)
		}
		if got := getJSON(t, te, pricingPath); got != want {
			t.Errorf("GET after PUT %s, want %s", got, want)
		}
	}

	// Through the typed client too: the decimals compare equal, not merely close.
	res, err := te.API.GetPricingSettingsWithResponse(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if !res.JSON200.DefaultMargin.Equal(dec.Zero.Decimal) || !res.JSON200.DefaultMaterialMarkup.Equal(dec.FromInt(100000).Decimal) {
		t.Fatalf("typed read %+v", res.JSON200)
	}
}

func TestPricingSettingsPutIsAFullReplace(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	putPricing(t, te, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":25,"useShopRatePricing":true,"defaultMaterialMarkup":10}`)
	// An omitted defaultMaterialMarkup goes back to null (never set), as does an explicit null.
	for _, body := range []string{
		`{"useMarginBasedPricing":false,"useDefaultMargin":false,"defaultMargin":0,"useShopRatePricing":false}`,
		`{"useMarginBasedPricing":false,"useDefaultMargin":false,"defaultMargin":0,"useShopRatePricing":false,"defaultMaterialMarkup":null}`,
	} {
		if got := canonicalJSON(t, putPricing(t, te, body)); got != canonicalJSON(t, []byte(defaultPricingJSON)) {
			t.Fatalf("PUT %s answered %s", body, got)
		}
		putPricing(t, te, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":25,"useShopRatePricing":true,"defaultMaterialMarkup":10}`)
	}
}

func TestPricingSettingsValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	valid := map[string]string{
		"useMarginBasedPricing": "true", "useDefaultMargin": "true", "defaultMargin": "25",
		"useShopRatePricing": "false", "defaultMaterialMarkup": "10",
	}
	with := func(field, value string) string {
		parts := []string{}
		for k, v := range valid {
			if k == field {
				v = value
			}
			if v != "" {
				parts = append(parts, fmt.Sprintf("%q:%s", k, v))
			}
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	cases := []struct {
		name, field, value string
	}{
		{"negative margin", "defaultMargin", "-0.001"},
		{"margin of 100", "defaultMargin", "100"},
		{"margin of 100.0", "defaultMargin", "100.0"},
		{"margin above 100", "defaultMargin", "150"},
		{"quoted margin", "defaultMargin", `"12"`},
		{"null margin", "defaultMargin", "null"},
		{"missing margin", "defaultMargin", ""},
		{"negative markup", "defaultMaterialMarkup", "-1"},
		{"slightly negative markup", "defaultMaterialMarkup", "-0.0000001"},
		{"quoted markup", "defaultMaterialMarkup", `"12"`},
		{"markup too large for a number", "defaultMaterialMarkup", "1e400"},
		{"flag not a boolean", "useShopRatePricing", `"true"`},
		{"missing flag", "useMarginBasedPricing", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPut, pricingPath, te.Token, "application/json", with(c.field, c.value))
			mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
			if !strings.Contains(string(body), `"`+c.field+`"`) {
				t.Fatalf("problem does not name %s: %s", c.field, truncate(body))
			}
		})
	}
	// A number with more decimals than a NUMERIC holds is refused while parsing (a 400, never a
	// database error).
	res, body := rawRequest(t, http.MethodPut, pricingPath, te.Token, "application/json", with("defaultMaterialMarkup", "0."+strings.Repeat("1", 16384)))
	mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
	if got := getJSON(t, te, pricingPath); got != canonicalJSON(t, []byte(defaultPricingJSON)) {
		t.Fatalf("refused PUTs changed the settings: %s", got)
	}
	// Boundaries that are accepted.
	for _, c := range []struct{ field, value string }{
		{"defaultMargin", "0"},
		{"defaultMargin", "99.999"},
		{"defaultMaterialMarkup", "0"},
		{"defaultMaterialMarkup", "250"},
		{"defaultMaterialMarkup", "null"},
	} {
		body := with(c.field, c.value)
		if res, b := rawRequest(t, http.MethodPut, pricingPath, te.Token, "application/json", body); res.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d: %s", body, res.StatusCode, b)
		}
	}
}

func TestCostingSettingsSetAndValidate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	putCosting(t, te, client.CostingSettingsOverheadCalculationMethodMachineBurdened)
	if got := getJSON(t, te, costingPath); got != `{"overheadCalculationMethod":"machineBurdened"}` {
		t.Fatalf("costing after PUT %s", got)
	}
	putCosting(t, te, client.CostingSettingsOverheadCalculationMethodLaborBurdened)
	if got := getJSON(t, te, costingPath); got != `{"overheadCalculationMethod":"laborBurdened"}` {
		t.Fatalf("costing after second PUT %s", got)
	}
	for _, body := range []string{`{"overheadCalculationMethod":"materialBurdened"}`, `{"overheadCalculationMethod":"MachineBurdened"}`, `{}`, `{"overheadCalculationMethod":null}`} {
		res, b := rawRequest(t, http.MethodPut, costingPath, te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
		if !strings.Contains(string(b), `"overheadCalculationMethod"`) {
			t.Errorf("%s: problem does not name overheadCalculationMethod: %s", body, b)
		}
	}
}

// TestSettingsGroupsAreIndependent: each PUT writes only its own group. The first PUT of a
// tenant creates its row, and the other group must then still read its defaults (the
// table's column defaults agree with the service's).
func TestSettingsGroupsAreIndependent(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	putCosting(t, te, client.CostingSettingsOverheadCalculationMethodMachineBurdened)
	if got := getJSON(t, te, pricingPath); got != canonicalJSON(t, []byte(defaultPricingJSON)) {
		t.Fatalf("pricing after a costing PUT %s, want the defaults", got)
	}
	putPricing(t, te, `{"useMarginBasedPricing":true,"useDefaultMargin":false,"defaultMargin":30,"useShopRatePricing":true,"defaultMaterialMarkup":5}`)
	if got := getJSON(t, te, costingPath); got != `{"overheadCalculationMethod":"machineBurdened"}` {
		t.Fatalf("costing after a pricing PUT %s", got)
	}

	other := newTenant(t)
	putPricing(t, other, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":1,"useShopRatePricing":false}`)
	if got := getJSON(t, other, costingPath); got != `{"overheadCalculationMethod":"laborBurdened"}` {
		t.Fatalf("costing after a first pricing PUT %s, want the default", got)
	}
}

// TestSettingsConcurrentFirstPutsAllSucceed: the first PUTs of a tenant race to create
// its row; the upsert lets every one succeed and the last one win.
func TestSettingsConcurrentFirstPutsAllSucceed(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	var wg sync.WaitGroup
	statuses := make(chan int, 2*n)
	for i := range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			res, err := te.API.UpdatePricingSettingsWithResponse(context.Background(), nil, client.PricingSettingsWrite{DefaultMargin: dec.FromInt(int64(i))})
			if err != nil {
				t.Error(err)
				return
			}
			statuses <- res.StatusCode()
		}()
		go func() {
			defer wg.Done()
			res, err := te.API.UpdateCostingSettingsWithResponse(context.Background(), nil, client.CostingSettings{OverheadCalculationMethod: client.CostingSettingsOverheadCalculationMethodMachineBurdened})
			if err != nil {
				t.Error(err)
				return
			}
			statuses <- res.StatusCode()
		}()
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Errorf("concurrent PUT answered %d", s)
		}
	}
	res, err := te.API.GetPricingSettingsWithResponse(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if m := res.JSON200.DefaultMargin; m.IsNegative() || m.GreaterThanOrEqual(dec.FromInt(n).Decimal) || !m.IsInteger() {
		t.Fatalf("margin after concurrent PUTs %s is none of the values sent", m)
	}
	if got := getJSON(t, te, costingPath); got != `{"overheadCalculationMethod":"machineBurdened"}` {
		t.Fatalf("costing after concurrent PUTs %s", got)
	}
}

// Pricing settings show margins: reading them takes View Margins (editing settings is not
// enough), and writing them takes Edit Settings and View Margins together, since the answer
// shows the margins written.
func TestPricingSettingsNeedViewMarginsAndWritingThemEditSettingsToo(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	pricing := client.PricingSettingsWrite{DefaultMargin: dec.FromInt(20)}
	readPricing := func(c *client.ClientWithResponses) (int, []byte) {
		res, err := c.GetPricingSettingsWithResponse(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode(), res.Body
	}
	writePricing := func(c *client.ClientWithResponses) (int, []byte) {
		res, err := c.UpdatePricingSettingsWithResponse(ctx, nil, pricing)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode(), res.Body
	}
	cases := []struct {
		name  string
		perms []string
		call  func(*client.ClientWithResponses) (int, []byte)
		want  int
	}{
		{"GET", []string{"Edit Settings"}, readPricing, http.StatusForbidden},
		{"GET", []string{"View Margins"}, readPricing, http.StatusOK},
		{"PUT", []string{"View Margins", "View Settings"}, writePricing, http.StatusForbidden},
		{"PUT", []string{"Edit Settings"}, writePricing, http.StatusForbidden},
		{"PUT", []string{"Edit Settings", "View Margins"}, writePricing, http.StatusOK},
	}
	for _, c := range cases {
		status, body := c.call(te.userClient(t, c.perms...))
		if status != c.want {
			t.Errorf("%s pricing with %v: status %d, want %d: %s", c.name, c.perms, status, c.want, truncate(body))
		}
	}
}
