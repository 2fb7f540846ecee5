package inuse

import (
	"context"
	"errors"
	"slices"
	"testing"

	"mos/internal/platform/db"
)

func constant(used bool, err error) Check {
	return func(context.Context, db.Q, string, string) (bool, error) { return used, err }
}

func TestUsersNamesEveryCheckThatFindsTheRecordInUseInRegistrationOrder(t *testing.T) {
	var r Registry
	r.Register("inventory on hand", constant(true, nil))
	r.Register("a quote line", constant(false, nil))
	r.Register("a job", constant(true, nil))
	users, err := r.Users(context.Background(), nil, "tenant", "id")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"inventory on hand", "a job"}; !slices.Equal(users, want) {
		t.Fatalf("users %v, want %v", users, want)
	}
	if want := []string{"inventory on hand", "a quote line", "a job"}; !slices.Equal(r.Names(), want) {
		t.Fatalf("names %v, want %v", r.Names(), want)
	}
}

func TestUsersIsNilWhenNothingUsesTheRecord(t *testing.T) {
	var r Registry
	r.Register("a job", constant(false, nil))
	users, err := r.Users(context.Background(), nil, "tenant", "id")
	if err != nil || users != nil {
		t.Fatalf("users %v, err %v; want nil, nil", users, err)
	}
}

func TestUsersStopsAtTheFirstFailingCheck(t *testing.T) {
	var r Registry
	boom := errors.New("boom")
	called := false
	r.Register("first", constant(false, boom))
	r.Register("second", func(context.Context, db.Q, string, string) (bool, error) { called = true; return true, nil })
	if _, err := r.Users(context.Background(), nil, "tenant", "id"); !errors.Is(err, boom) {
		t.Fatalf("err %v, want %v", err, boom)
	}
	if called {
		t.Fatal("a check after a failing one ran")
	}
}
