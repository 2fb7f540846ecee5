package main

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	"mos/internal/platform/metrics"
)

// metricsConfig is where mos serve answers /metrics and the profiles (environment
// variables, see README).
type metricsConfig struct {
	// addr is MOS_METRICS_ADDR: when set, /metrics is served there, on a server of its own,
	// and not on MOS_ADDR; when empty, /metrics is served on MOS_ADDR.
	addr string
	// pprof is MOS_PPROF=true: net/http/pprof under /debug/pprof/ on addr. It needs addr, so
	// that profiles are never served on the API's address.
	pprof bool
}

// readMetricsConfig reads the metrics settings; apiAddr is the API's address (MOS_ADDR),
// which the metrics address must not be.
func readMetricsConfig(apiAddr string) (metricsConfig, error) {
	c := metricsConfig{addr: os.Getenv("MOS_METRICS_ADDR")}
	if raw := os.Getenv("MOS_PPROF"); raw != "" {
		on, err := strconv.ParseBool(raw)
		if err != nil {
			return c, fmt.Errorf("MOS_PPROF must be true or false, not %q", raw)
		}
		c.pprof = on
	}
	if c.addr == "" {
		if c.pprof {
			return c, errors.New("MOS_PPROF=true needs MOS_METRICS_ADDR: profiles are served only on the separate metrics address, never on the API's (MOS_ADDR)")
		}
		return c, nil
	}
	if _, _, err := net.SplitHostPort(c.addr); err != nil {
		return c, fmt.Errorf("MOS_METRICS_ADDR must be host:port, such as 127.0.0.1:9090: %w", err)
	}
	if c.addr == apiAddr {
		return c, fmt.Errorf("MOS_METRICS_ADDR must differ from MOS_ADDR (%s)", apiAddr)
	}
	return c, nil
}

// server is the separate metrics address's server, or nil when /metrics is served on the
// API's address. Its write timeout leaves room for a CPU profile or trace of up to a
// few minutes (pprof refuses a longer one than the timeout allows, with a message).
func (c metricsConfig) server(m *metrics.Registry) *http.Server {
	if c.addr == "" {
		return nil
	}
	return &http.Server{
		Addr:              c.addr,
		Handler:           m.AddressHandler(c.pprof),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      5 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
}
