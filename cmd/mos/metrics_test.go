package main

import (
	"strings"
	"testing"
)

// setMetricsEnv sets MOS_METRICS_ADDR and MOS_PPROF (t.Setenv: not parallel).
func setMetricsEnv(t *testing.T, addr, pprof string) {
	t.Helper()
	t.Setenv("MOS_METRICS_ADDR", addr)
	t.Setenv("MOS_PPROF", pprof)
}

func TestReadMetricsConfigDefaultsToTheAPIsAddressWithoutProfiles(t *testing.T) {
	setMetricsEnv(t, "", "")
	c, err := readMetricsConfig("127.0.0.1:8080")
	if err != nil || c != (metricsConfig{}) {
		t.Fatalf("defaults %+v %v, want /metrics on the API's address and no profiles", c, err)
	}
	if c.server(nil) != nil {
		t.Fatal("a metrics server without MOS_METRICS_ADDR")
	}
}

func TestReadMetricsConfigSeparateAddressAndProfiles(t *testing.T) {
	setMetricsEnv(t, "127.0.0.1:9090", "true")
	c, err := readMetricsConfig("127.0.0.1:8080")
	if err != nil || c != (metricsConfig{addr: "127.0.0.1:9090", pprof: true}) {
		t.Fatalf("%+v %v", c, err)
	}
	setMetricsEnv(t, ":9090", "false")
	if c, err := readMetricsConfig("127.0.0.1:8080"); err != nil || c != (metricsConfig{addr: ":9090"}) {
		t.Fatalf("%+v %v", c, err)
	}
}

// Profiles are never served on the API's address: MOS_PPROF=true without a metrics address
// of its own is refused at start-up, naming both variables.
func TestReadMetricsConfigRefusesProfilesWithoutAMetricsAddress(t *testing.T) {
	setMetricsEnv(t, "", "true")
	_, err := readMetricsConfig("127.0.0.1:8080")
	if err == nil || !strings.Contains(err.Error(), "MOS_PPROF") || !strings.Contains(err.Error(), "MOS_METRICS_ADDR") {
		t.Fatalf("%v, want a refusal naming MOS_PPROF and MOS_METRICS_ADDR", err)
	}
}

func TestReadMetricsConfigRefusesBadValues(t *testing.T) {
	cases := []struct{ addr, pprof, names string }{
		{"127.0.0.1:9090", "yes please", "MOS_PPROF"},
		{"9090", "", "MOS_METRICS_ADDR"},
		{"127.0.0.1:8080", "", "MOS_METRICS_ADDR"}, // the API's own address
	}
	for _, c := range cases {
		setMetricsEnv(t, c.addr, c.pprof)
		if _, err := readMetricsConfig("127.0.0.1:8080"); err == nil || !strings.Contains(err.Error(), c.names) {
			t.Errorf("MOS_METRICS_ADDR=%q MOS_PPROF=%q: %v, want an error naming %s", c.addr, c.pprof, err, c.names)
		}
	}
}
