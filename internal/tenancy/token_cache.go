package tenancy

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"sync"
	"time"

	"mos/internal/platform/auth"
)

// DefaultTokenCacheTTL is how long an authenticated token's principal is reused without
// reading its row again. Revocation, expiry changes and tenant changes reach every process
// at once through a notification (see FollowTokenChanges); the TTL bounds how long a
// process that missed one (its listening connection was down) can go on accepting a token.
const DefaultTokenCacheTTL = 5 * time.Second

// tokenChangesChannel is the notification channel the database triggers on api_tokens,
// tenants and users send to on every change that commits (see the migrations).
const tokenChangesChannel = "mos_auth_changed"

// maxCachedTokens bounds the cache's memory; when full, it starts over.
const maxCachedTokens = 10000

// tokenCache keeps the principals of tokens authenticated in the last TTL, by the hash of
// the token (never the token itself). Only successes are kept: a refused token is read
// again on its next use.
type tokenCache struct {
	ttl time.Duration
	mu  sync.RWMutex
	// generation advances on every flush, so that a lookup that read the database before a
	// flush does not put what it read back into the cache after it.
	generation uint64
	entries    map[[sha256.Size]byte]cachedPrincipal
}

type cachedPrincipal struct {
	principal auth.Principal
	until     time.Time
}

func newTokenCache(ttl time.Duration) *tokenCache {
	return &tokenCache{ttl: ttl, entries: map[[sha256.Size]byte]cachedPrincipal{}}
}

// get returns the principal cached for hash, if it is still fresh and the token has not
// expired since, and the generation to hand to put after a database read.
func (c *tokenCache) get(hash [sha256.Size]byte, now time.Time) (auth.Principal, uint64, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	e, ok := c.entries[hash]
	if !ok || !now.Before(e.until) || (e.principal.ExpiresUtc != nil && !now.Before(*e.principal.ExpiresUtc)) {
		return auth.Principal{}, c.generation, false
	}
	return e.principal, c.generation, true
}

func (c *tokenCache) put(hash [sha256.Size]byte, p auth.Principal, generation uint64, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if generation != c.generation {
		return
	}
	if len(c.entries) >= maxCachedTokens {
		clear(c.entries)
	}
	c.entries[hash] = cachedPrincipal{principal: p, until: now.Add(c.ttl)}
}

func (c *tokenCache) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	clear(c.entries)
}

// CacheTokens makes Authenticate reuse a token's principal for ttl after reading it (0 or
// less: read every time). Call it before serving.
func (s *Service) CacheTokens(ttl time.Duration) {
	if ttl > 0 {
		s.cache = newTokenCache(ttl)
	}
}

// FollowTokenChanges empties the token cache whenever a token, tenant or user changes in
// the database (also from another process, such as `mos token revoke`), until ctx ends:
// without it a revoked token is accepted by this process for up to the cache's TTL. ready,
// when not nil, is closed once it listens, or when it gives up (the cache is off, or the
// pool cannot listen).
func (s *Service) FollowTokenChanges(ctx context.Context, log *slog.Logger, ready chan<- struct{}) {
	var once sync.Once
	signal := func() {
		if ready != nil {
			once.Do(func() { close(ready) })
		}
	}
	defer signal()
	if s.cache == nil {
		return
	}
	if err := s.pool.Listen(ctx, tokenChangesChannel, s.cache.flush, signal); err != nil && ctx.Err() == nil {
		log.Warn("not following token changes: a revoked token is accepted until the token cache's TTL passes", "error", err)
	}
}
