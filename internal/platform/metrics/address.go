package metrics

import (
	"net/http"
	"net/http/pprof"
)

// AddressHandler serves the separate metrics address (mos serve's MOS_METRICS_ADDR):
// /metrics, and with withPprof net/http/pprof's profiles under /debug/pprof/. Profiles are
// served here only, never on the API's address: they show the program's internals and a
// CPU profile or trace keeps a core busy for as long as it is asked to run.
func (r *Registry) AddressHandler(withPprof bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", r.Handler())
	if withPprof {
		// pprof.Index serves the named profiles too (/debug/pprof/heap, goroutine, allocs, ...).
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	}
	return mux
}
