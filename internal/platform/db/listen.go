package db

import (
	"context"
	"errors"
	"time"

	"github.com/lib/pq"
)

// ErrCannotListen is Listen's answer on a pool that was not opened from a URL.
var ErrCannotListen = errors.New("the pool was not opened from a URL, so it cannot listen for notifications")

// Listen calls changed for every notification on channel (PostgreSQL's LISTEN/NOTIFY, sent
// only when the notifying transaction commits), until ctx ends. It holds one connection of
// its own, outside the pool, and reconnects when that connection is lost; notifications sent
// meanwhile are missed, so changed is also called on every reconnection, and whoever keeps
// state derived from the notifications must treat that call as "anything may have changed".
// listening, when not nil, is called once the first LISTEN is in place.
func (p *Pool) Listen(ctx context.Context, channel string, changed, listening func()) error {
	if p.url == "" {
		return ErrCannotListen
	}
	l := pq.NewListener(p.url, 100*time.Millisecond, 10*time.Second, nil)
	defer func() { _ = l.Close() }()
	if err := l.Listen(channel); err != nil {
		return err
	}
	if listening != nil {
		listening()
	}
	ping := time.NewTicker(time.Minute)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-l.Notify: // a nil notification means the connection was re-established
			changed()
		case <-ping.C:
			// A ping finds a connection that died silently, so it is re-established (and the
			// missed notifications accounted for) without waiting for the next notification.
			go func() { _ = l.Ping() }()
		}
	}
}
