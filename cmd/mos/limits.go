package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/ratelimit"
)

// limitsConfig is how much mos serve lets one token and the database take (environment
// variables, see README).
type limitsConfig struct {
	// rate: MOS_RATE_LIMIT_PER_MINUTE (default 6000) and MOS_RATE_LIMIT_BURST (default
	// 200); 0 in either turns limiting off.
	rate ratelimit.Rule
	// db: MOS_DB_MAX_OPEN_CONNS, MOS_DB_MAX_IDLE_CONNS, MOS_DB_CONN_MAX_LIFETIME and
	// MOS_DB_STATEMENT_TIMEOUT; unset leaves db's defaults.
	db db.Limits
	// tokenCacheTTL: MOS_TOKEN_CACHE_TTL, how long a token's principal is reused without
	// reading it again (unset: the tenancy default; 0 reads it on every request).
	tokenCacheTTL time.Duration
}

func readLimitsConfig() (limitsConfig, error) {
	c := limitsConfig{rate: ratelimit.Default}
	counts := []struct {
		name     string
		dst      *int
		zeroOK   bool // 0 is a meaningful value (turns limiting off)
		upperCap int
	}{
		{"MOS_RATE_LIMIT_PER_MINUTE", &c.rate.PerMinute, true, 1 << 30},
		{"MOS_RATE_LIMIT_BURST", &c.rate.Burst, true, 1 << 30},
		{"MOS_DB_MAX_OPEN_CONNS", &c.db.MaxOpenConns, false, 10000},
		{"MOS_DB_MAX_IDLE_CONNS", &c.db.MaxIdleConns, false, 10000},
	}
	for _, v := range counts {
		raw := os.Getenv(v.name)
		if raw == "" {
			continue
		}
		n, err := strconv.Atoi(raw)
		least := 1
		if v.zeroOK {
			least = 0
		}
		if err != nil || n < least || n > v.upperCap {
			return c, fmt.Errorf("%s must be a whole number from %d to %d", v.name, least, v.upperCap)
		}
		*v.dst = n
	}
	if c.db.MaxIdleConns > c.db.WithDefaults().MaxOpenConns {
		return c, fmt.Errorf("MOS_DB_MAX_IDLE_CONNS must be at most MOS_DB_MAX_OPEN_CONNS (%d)", c.db.WithDefaults().MaxOpenConns)
	}
	durations := []struct {
		name string
		dst  *time.Duration
	}{
		{"MOS_DB_CONN_MAX_LIFETIME", &c.db.ConnMaxLifetime},
		{"MOS_DB_STATEMENT_TIMEOUT", &c.db.StatementTimeout},
	}
	for _, v := range durations {
		raw := os.Getenv(v.name)
		if raw == "" {
			continue
		}
		d, err := time.ParseDuration(raw)
		// PostgreSQL counts statement_timeout in milliseconds; 0 there would mean none.
		if err != nil || d < time.Millisecond {
			return c, fmt.Errorf("%s must be a positive duration such as 30s", v.name)
		}
		*v.dst = d
	}
	if raw := os.Getenv("MOS_TOKEN_CACHE_TTL"); raw != "" {
		d, err := time.ParseDuration(raw)
		if err != nil || d < 0 || d > time.Minute {
			return c, fmt.Errorf("MOS_TOKEN_CACHE_TTL must be a duration from 0 (no cache) to 1m, such as 5s")
		}
		c.tokenCacheTTL = d
		if d == 0 {
			c.tokenCacheTTL = -1 // httpapi reads a negative TTL as no cache, and 0 as its default
		}
	}
	return c, nil
}
