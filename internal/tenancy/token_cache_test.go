package tenancy

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
)

// TestCachedTokenIsReadOnceWithinTheTTL proves the cache saves the token lookup: a token
// used again within the TTL costs no statement, and after the TTL it is read again.
func TestCachedTokenIsReadOnceWithinTheTTL(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	counted, statements := dbtest.Counting(t, url)
	s := NewService(counted, catalogue)
	ctx := context.Background()
	tenant, err := s.CreateTenant(ctx, NewTenant{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.IssueToken(ctx, NewToken{TenantID: tenant})
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Now()
	s.now = func() time.Time { return clock }
	s.CacheTokens(time.Minute)

	statements.Store(0)
	for range 3 {
		if _, err := s.Authenticate(ctx, tok.Secret); err != nil {
			t.Fatal(err)
		}
	}
	if n := statements.Load(); n != 1 {
		t.Fatalf("three uses within the TTL ran %d statements, want 1", n)
	}
	clock = clock.Add(time.Minute)
	statements.Store(0)
	if _, err := s.Authenticate(ctx, tok.Secret); err != nil {
		t.Fatal(err)
	}
	if n := statements.Load(); n != 1 {
		t.Fatalf("a use after the TTL ran %d statements, want 1 (read again)", n)
	}
	// Refusals are not kept: an unknown token is looked up every time.
	statements.Store(0)
	for range 2 {
		_, err := s.Authenticate(ctx, "not-a-token")
		mustKind(t, err, apperr.KindUnauthorized)
	}
	if n := statements.Load(); n != 2 {
		t.Fatalf("two uses of an unknown token ran %d statements, want 2", n)
	}
}

// TestCachedTokenStillExpiresOnTime proves a cached principal is not accepted past its
// token's expiry, however fresh the cache entry.
func TestCachedTokenStillExpiresOnTime(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	tenant, err := s.CreateTenant(ctx, NewTenant{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	issued := time.Now()
	tok, err := s.IssueToken(ctx, NewToken{TenantID: tenant, ExpiresIn: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	clock := issued.Add(59 * time.Second)
	s.now = func() time.Time { return clock }
	s.CacheTokens(time.Hour)
	if _, err := s.Authenticate(ctx, tok.Secret); err != nil {
		t.Fatal(err)
	}
	clock = issued.Add(time.Minute + time.Second)
	_, err = s.Authenticate(ctx, tok.Secret)
	mustKind(t, err, apperr.KindUnauthorized)
}

// TestRevocationEmptiesTheTokenCache proves revocation is not delayed by the cache: at once
// through the same service, and through the database's notification when another process
// (here another service on the same database) revokes it, even with an hour-long TTL.
func TestRevocationEmptiesTheTokenCache(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	tenant, err := s.CreateTenant(ctx, NewTenant{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	s.CacheTokens(time.Hour)
	ready := make(chan struct{})
	go s.FollowTokenChanges(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), ready)
	<-ready

	issue := func() IssuedToken {
		tok, err := s.IssueToken(ctx, NewToken{TenantID: tenant})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Authenticate(ctx, tok.Secret); err != nil {
			t.Fatal(err)
		}
		return tok
	}

	t.Run("by the same service", func(t *testing.T) {
		tok := issue()
		if err := s.RevokeToken(ctx, tok.ID); err != nil {
			t.Fatal(err)
		}
		_, err := s.Authenticate(ctx, tok.Secret)
		mustKind(t, err, apperr.KindUnauthorized)
	})

	t.Run("by another process", func(t *testing.T) {
		tok := issue()
		other := NewService(s.pool, catalogue)
		if err := other.RevokeToken(ctx, tok.ID); err != nil {
			t.Fatal(err)
		}
		// The notification arrives asynchronously; ten seconds is far below the hour-long TTL.
		deadline := time.Now().Add(10 * time.Second)
		for {
			_, err := s.Authenticate(ctx, tok.Secret)
			if err != nil {
				mustKind(t, err, apperr.KindUnauthorized)
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("a token revoked by another process is still accepted: the cache did not hear the change")
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}

// TestAFlushWinsOverALookupInFlight proves a lookup that read the token before a change
// does not put the old principal back into the cache after the change emptied it.
func TestAFlushWinsOverALookupInFlight(t *testing.T) {
	t.Parallel()
	c := newTokenCache(time.Hour)
	var hash [32]byte
	now := time.Now()
	_, generation, ok := c.get(hash, now)
	if ok {
		t.Fatal("an empty cache answered")
	}
	c.flush() // the change lands while the lookup reads the database
	c.put(hash, auth.Principal{TokenID: "t", TenantID: "a"}, generation, now)
	if _, _, ok := c.get(hash, now); ok {
		t.Fatal("the principal read before the flush was cached after it")
	}
}
