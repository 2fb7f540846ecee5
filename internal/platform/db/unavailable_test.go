package db

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/lib/pq"
)

func TestUnavailableIsAnOutageNeverTheRequestsFault(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"refused connection", fmt.Errorf("look up token: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}), true},
		{"bad connection", fmt.Errorf("get item: %w", driver.ErrBadConn), true},
		{"a connection the server dropped", fmt.Errorf("look up token: %w", &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}), true},
		{"a body that ends early", fmt.Errorf("decode: %w", io.ErrUnexpectedEOF), false},
		{"a client's read timeout", &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}, false},
		{"server shutting down", &pq.Error{Code: "57P01"}, true},
		{"server starting up", &pq.Error{Code: "57P03"}, true},
		{"connection failure", &pq.Error{Code: "08006"}, true},
		{"too many connections", &pq.Error{Code: "53300"}, true},
		{"statement timeout", &pq.Error{Code: "57014"}, false},
		{"unique violation", &pq.Error{Code: "23505"}, false},
		{"value out of range", &pq.Error{Code: "22003"}, false},
		{"disk full", &pq.Error{Code: "53100"}, false},
		{"another error", errors.New("boom"), false},
		{"none", nil, false},
	} {
		if got := Unavailable(c.err); got != c.want {
			t.Errorf("%s: Unavailable(%v) = %v, want %v", c.name, c.err, got, c.want)
		}
	}
}

func TestCollidedIsADeadlockOrSerializationFailureOnly(t *testing.T) {
	for _, c := range []struct {
		err  *pq.Error
		want bool
	}{
		{&pq.Error{Code: "40001"}, true}, {&pq.Error{Code: "40P01"}, true},
		{&pq.Error{Code: "23505"}, false}, {&pq.Error{Code: "57014"}, false}, {&pq.Error{Code: "08006"}, false},
	} {
		code, want := c.err.Code, c.want
		if got := Collided(fmt.Errorf("update: %w", c.err)); got != want {
			t.Errorf("Collided(%s) = %v, want %v", code, got, want)
		}
	}
	if Collided(errors.New("boom")) || Collided(nil) {
		t.Error("a non-PostgreSQL error counted as a collision")
	}
}
