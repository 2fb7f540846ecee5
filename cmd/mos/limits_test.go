package main

import (
	"strings"
	"testing"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/ratelimit"
)

// limitsEnv are the variables readLimitsConfig reads.
var limitsEnv = []string{"MOS_RATE_LIMIT_PER_MINUTE", "MOS_RATE_LIMIT_BURST", "MOS_DB_MAX_OPEN_CONNS",
	"MOS_DB_MAX_IDLE_CONNS", "MOS_DB_CONN_MAX_LIFETIME", "MOS_DB_STATEMENT_TIMEOUT", "MOS_TOKEN_CACHE_TTL"}

// setLimitsEnv clears every limits variable, then sets env (t.Setenv: not parallel).
func setLimitsEnv(t *testing.T, env map[string]string) {
	t.Helper()
	for _, name := range limitsEnv {
		t.Setenv(name, env[name])
	}
}

func TestReadLimitsConfigDefaults(t *testing.T) {
	setLimitsEnv(t, nil)
	c, err := readLimitsConfig()
	if err != nil {
		t.Fatal(err)
	}
	if c.rate != ratelimit.Default || c.db != (db.Limits{}) {
		t.Fatalf("defaults %+v", c)
	}
	if d := c.db.WithDefaults(); d.MaxOpenConns != 20 || d.MaxIdleConns != 20 || d.StatementTimeout != 30*time.Second || d.ConnMaxLifetime != time.Hour {
		t.Fatalf("db defaults %+v", d)
	}
}

func TestReadLimitsConfigOverrides(t *testing.T) {
	setLimitsEnv(t, map[string]string{
		"MOS_RATE_LIMIT_PER_MINUTE": "600", "MOS_RATE_LIMIT_BURST": "20", "MOS_DB_MAX_OPEN_CONNS": "50",
		"MOS_DB_MAX_IDLE_CONNS": "25", "MOS_DB_CONN_MAX_LIFETIME": "30m", "MOS_DB_STATEMENT_TIMEOUT": "5s",
		"MOS_TOKEN_CACHE_TTL": "2s",
	})
	c, err := readLimitsConfig()
	if err != nil {
		t.Fatal(err)
	}
	want := limitsConfig{rate: ratelimit.Rule{PerMinute: 600, Burst: 20},
		db:            db.Limits{MaxOpenConns: 50, MaxIdleConns: 25, ConnMaxLifetime: 30 * time.Minute, StatementTimeout: 5 * time.Second},
		tokenCacheTTL: 2 * time.Second}
	if c != want {
		t.Fatalf("overrides %+v, want %+v", c, want)
	}
}

func TestReadLimitsConfigZeroTurnsRateLimitingOff(t *testing.T) {
	for _, name := range []string{"MOS_RATE_LIMIT_PER_MINUTE", "MOS_RATE_LIMIT_BURST"} {
		setLimitsEnv(t, map[string]string{name: "0"})
		c, err := readLimitsConfig()
		if err != nil || !c.rate.Off() {
			t.Fatalf("%s=0: %+v %v, want limiting off", name, c.rate, err)
		}
	}
}

func TestReadLimitsConfigZeroTurnsTheTokenCacheOff(t *testing.T) {
	setLimitsEnv(t, map[string]string{"MOS_TOKEN_CACHE_TTL": "0"})
	c, err := readLimitsConfig()
	if err != nil || c.tokenCacheTTL >= 0 {
		t.Fatalf("MOS_TOKEN_CACHE_TTL=0: %v %v, want a negative TTL (no cache)", c.tokenCacheTTL, err)
	}
}

func TestReadLimitsConfigRefusesBadValues(t *testing.T) {
	for name, value := range map[string]string{
		"MOS_RATE_LIMIT_PER_MINUTE": "-1",
		"MOS_RATE_LIMIT_BURST":      "lots",
		"MOS_DB_MAX_OPEN_CONNS":     "0",
		"MOS_DB_MAX_IDLE_CONNS":     "21", // over the default 20 open connections
		"MOS_DB_CONN_MAX_LIFETIME":  "0s",
		"MOS_DB_STATEMENT_TIMEOUT":  "30",
		"MOS_TOKEN_CACHE_TTL":       "1h", // a revoked token must not live that long in a process that missed the change
	} {
		t.Run(name, func(t *testing.T) {
			setLimitsEnv(t, map[string]string{name: value})
			_, err := readLimitsConfig()
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("%s=%q: %v, want an error naming %s", name, value, err, name)
			}
		})
	}
}
