package tests

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/tenancy"
)

const (
	usersListPath  = "/api/users/list"
	unknownUserID  = "ffffffffffffffffffffff0c"
	usersPathStart = "/api/users/"
)

func userPath(id string) string { return usersPathStart + id }

// createUser makes the tenant's user named name the way the operator does (issuing a
// user-bound token for it, which creates the user on first use) and returns the user's id, as
// the token's introspection reports it.
func createUser(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: te.ID, UserName: name, Permissions: []string{}})
	if err != nil {
		t.Fatalf("issue token for user %q: %v", name, err)
	}
	res, err := newClient(t, tok.Secret).ValidateTokenWithResponse(context.Background())
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200.User == nil {
		t.Fatalf("user token for %q reports no user", name)
	}
	return res.JSON200.User.Id
}

func getUser(t *testing.T, api *client.ClientWithResponses, id string) client.User {
	t.Helper()
	res, err := api.GetUserWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listUsers(t *testing.T, api *client.ClientWithResponses, params *client.ListUsersParams, f client.UserFilter) []client.User {
	t.Helper()
	res, err := api.ListUsersWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func userNames(list []client.User) []string {
	out := make([]string, len(list))
	for i, u := range list {
		out[i] = u.Name
	}
	return out
}

func TestUserGetAnswersTheUserATokenActsFor(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	before := time.Now().Add(-time.Minute)
	id := createUser(t, te, "Dana Welder")
	got := getUser(t, te.API, id)
	if got.Id != id || got.Name != "Dana Welder" {
		t.Fatalf("user %+v, want id %s named Dana Welder", got, id)
	}
	if got.CreatedUtc.Before(before) || got.CreatedUtc.After(time.Now().Add(time.Minute)) {
		t.Fatalf("createdUtc %s is not about now", got.CreatedUtc)
	}
}

func TestUserTokenForAnExistingNameActsForTheSameUser(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createUser(t, te, "Sam Machinist")
	if again := createUser(t, te, "sam machinist"); again != id {
		t.Fatalf("second token for the same name (other case) acts for user %s, want %s", again, id)
	}
	list := listUsers(t, te.API, nil, client.UserFilter{Name: ptr("machinist")})
	if len(list) != 1 || list[0].Id != id || list[0].Name != "Sam Machinist" {
		t.Fatalf("users named machinist %+v, want the one user as first named", list)
	}
}

func TestUserListSortsByNameCaseInsensitivelyThenId(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	carol := createUser(t, te, "carol Baker")
	alice := createUser(t, te, "Alice Baker")
	bob := createUser(t, te, "Bob Carter")
	got := listUsers(t, te.API, nil, client.UserFilter{})
	if names := userNames(got); !slices.Equal(names, []string{"Alice Baker", "Bob Carter", "carol Baker"}) {
		t.Fatalf("default order %v", names)
	}
	if got[0].Id != alice || got[1].Id != bob || got[2].Id != carol {
		t.Fatalf("ids %v", got)
	}
	desc := client.SortDirectionDescending
	got = listUsers(t, te.API, &client.ListUsersParams{SortDir: &desc}, client.UserFilter{})
	if names := userNames(got); !slices.Equal(names, []string{"carol Baker", "Bob Carter", "Alice Baker"}) {
		t.Fatalf("default order descending %v", names)
	}
	asc := client.SortDirectionAscending
	got = listUsers(t, te.API, &client.ListUsersParams{SortField: ptr("createdUtc"), SortDir: &asc}, client.UserFilter{})
	if names := userNames(got); !slices.Equal(names, []string{"carol Baker", "Alice Baker", "Bob Carter"}) {
		t.Fatalf("by createdUtc %v", names)
	}
	got = listUsers(t, te.API, &client.ListUsersParams{Skip: ptr(client.Skip(1)), Take: ptr(client.Take(1))}, client.UserFilter{})
	if names := userNames(got); !slices.Equal(names, []string{"Bob Carter"}) {
		t.Fatalf("skip 1 take 1 %v", names)
	}
}

func TestUserListFiltersByIdsAndNameSubstring(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	alice := createUser(t, te, "Alice Baker")
	createUser(t, te, "Bob Carter")
	carol := createUser(t, te, "Carol BAKER")
	createUser(t, te, "Eve 50% Done")
	if names := userNames(listUsers(t, te.API, nil, client.UserFilter{Name: ptr("baker")})); !slices.Equal(names, []string{"Alice Baker", "Carol BAKER"}) {
		t.Fatalf("name baker %v", names)
	}
	if got := listUsers(t, te.API, nil, client.UserFilter{Ids: &[]string{carol, unknownUserID}}); len(got) != 1 || got[0].Id != carol {
		t.Fatalf("ids filter %+v", got)
	}
	if got := listUsers(t, te.API, nil, client.UserFilter{Ids: &[]string{alice, carol}, Name: ptr("carol")}); len(got) != 1 || got[0].Id != carol {
		t.Fatalf("ids and name narrow together %+v", got)
	}
	// The name filter takes % and _ as themselves, not as wildcards.
	if names := userNames(listUsers(t, te.API, nil, client.UserFilter{Name: ptr("0%")})); !slices.Equal(names, []string{"Eve 50% Done"}) {
		t.Fatalf("name 0%% %v", names)
	}
	if got := listUsers(t, te.API, nil, client.UserFilter{Name: ptr("_")}); len(got) != 0 {
		t.Fatalf("name _ matched %v", userNames(got))
	}
}

func TestUserListRefusesAnUnknownSortField(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodPost, usersListPath+"?Sort.Field=email", te.Token, "application/json", `{}`)
	mustProblemNaming(t, res, body, "Sort.Field")
}

func TestUserOfAnotherTenantIsNotFound(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	id := createUser(t, a, "Only In A")
	res, err := b.API.GetUserWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	if got := listUsers(t, b.API, nil, client.UserFilter{Ids: &[]string{id}}); len(got) != 0 {
		t.Fatalf("tenant b lists tenant a's user: %+v", got)
	}
	if got := listUsers(t, b.API, nil, client.UserFilter{Name: ptr("Only In A")}); len(got) != 0 {
		t.Fatalf("tenant b finds tenant a's user by name: %+v", got)
	}
	unknown, err := a.API.GetUserWithResponse(context.Background(), unknownUserID, nil)
	failOnTransportError(t, err)
	mustStatus(t, unknown.StatusCode(), http.StatusNotFound, unknown.Body)
}

func TestUserReadsNeedNoPermission(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createUser(t, te, "Pat Inspector")
	api := te.userClient(t) // a user token holding no permission at all
	if got := getUser(t, api, id); got.Name != "Pat Inspector" {
		t.Fatalf("get %+v", got)
	}
	if names := userNames(listUsers(t, api, nil, client.UserFilter{Ids: &[]string{id}})); !slices.Equal(names, []string{"Pat Inspector"}) {
		t.Fatalf("list %v", names)
	}
}

func TestUserIdMustBe24Characters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodGet, userPath("short"), te.Token, "", "")
	mustProblemNaming(t, res, body, "userId")
}
