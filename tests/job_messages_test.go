package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/tenancy"
)

func jobMessagesPath(jobID string) string { return jobPath(jobID) + "/messages" }

// messageUser creates a user of te (through a user token holding View Job) and answers its id,
// read back through token validation, and a client acting for it.
func messageUser(t *testing.T, te *tenantEnv, name string) (string, *client.ClientWithResponses) {
	t.Helper()
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: te.ID, UserName: name, Permissions: []string{"View Job"}})
	if err != nil {
		t.Fatalf("issue user token: %v", err)
	}
	c := newClient(t, tok.Secret)
	res, err := c.ValidateTokenWithResponse(context.Background())
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200.User == nil {
		t.Fatalf("a user token names no user: %s", res.Body)
	}
	return res.JSON200.User.Id, c
}

// postJobMessage sends a message body (JSON of body) on the job as te's integration token.
func postJobMessage(t *testing.T, te *tenantEnv, jobID string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, jobMessagesPath(jobID), te.Token, "application/json", jobJSON(t, body))
}

// createJobMessage posts a message and answers its id.
func createJobMessage(t *testing.T, te *tenantEnv, jobID string, body any) string {
	t.Helper()
	res, b := postJobMessage(t, te, jobID, body)
	return createdID(t, res, b)
}

// listJobMessagesRaw lists the job's messages with query (e.g. "?Skip=1&Take=2") and filter.
func listJobMessagesRaw(t *testing.T, te *tenantEnv, jobID, query, filter string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, jobMessagesPath(jobID)+"/list"+query, te.Token, "application/json", filter)
}

// listJobMessages answers a page of the job's messages.
func listJobMessages(t *testing.T, te *tenantEnv, jobID, query, filter string) client.JobMessagePage {
	t.Helper()
	res, b := listJobMessagesRaw(t, te, jobID, query, filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var page client.JobMessagePage
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	return page
}

// messageJob is a job making the fixture's item, with its item to make and that item to
// make's operations (the job's operations, Cut and Weld).
type messageJob struct {
	ID         string
	ItemToMake string
	Operations []string
}

func newMessageJob(t *testing.T, te *tenantEnv) messageJob {
	t.Helper()
	f := newJobFixture(t, te, "")
	jobID := createJobMaking(t, te, f.Item, "2")
	it := getJob(t, te, jobID).ItemsToMake[0].Id
	ops, _ := jobItemRouting(t, te, it)
	if len(ops) != 2 {
		t.Fatalf("the job's item to make has %d operations, want 2", len(ops))
	}
	return messageJob{ID: jobID, ItemToMake: it, Operations: ops}
}

func TestJobMessageItemToMakeAndOperationAreSentTogether(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newMessageJob(t, te)

	res, b := postJobMessage(t, te, j.ID, map[string]any{"body": "only the item", "itemToMakeId": j.ItemToMake})
	mustProblemNaming(t, res, b, "operationId")
	res, b = postJobMessage(t, te, j.ID, map[string]any{"body": "only the operation", "operationId": j.Operations[0]})
	mustProblemNaming(t, res, b, "itemToMakeId")

	pinned := createJobMessage(t, te, j.ID, map[string]any{"body": "both", "itemToMakeId": j.ItemToMake, "operationId": j.Operations[1]})
	loose := createJobMessage(t, te, j.ID, map[string]any{"body": "neither"})

	all := listJobMessages(t, te, j.ID, "", `{}`)
	if all.TotalCount != 2 || len(all.Data) != 2 {
		t.Fatalf("the job has %d messages, want 2: %+v", all.TotalCount, all.Data)
	}
	got := map[string]client.JobMessage{}
	for _, m := range all.Data {
		got[m.Id] = m
	}
	if m := got[pinned]; m.ItemToMakeId == nil || *m.ItemToMakeId != j.ItemToMake || m.OperationId == nil || *m.OperationId != j.Operations[1] || m.Body != "both" || m.JobId != j.ID {
		t.Fatalf("pinned message reads %+v", m)
	}
	if m := got[loose]; m.ItemToMakeId != nil || m.OperationId != nil {
		t.Fatalf("a message sent with neither is pinned: %+v", m)
	}

	// The list filter holds to the same rule, and with both keeps the messages pinned there.
	res, b = listJobMessagesRaw(t, te, j.ID, "", fmt.Sprintf(`{"itemToMakeId":%q}`, j.ItemToMake))
	mustProblemNaming(t, res, b, "operationId")
	res, b = listJobMessagesRaw(t, te, j.ID, "", fmt.Sprintf(`{"operationId":%q}`, j.Operations[0]))
	mustProblemNaming(t, res, b, "itemToMakeId")
	at := listJobMessages(t, te, j.ID, "", fmt.Sprintf(`{"itemToMakeId":%q,"operationId":%q}`, j.ItemToMake, j.Operations[1]))
	if at.TotalCount != 1 || len(at.Data) != 1 || at.Data[0].Id != pinned {
		t.Fatalf("filter by the pinned operation answers %+v", at)
	}
	if other := listJobMessages(t, te, j.ID, "", fmt.Sprintf(`{"itemToMakeId":%q,"operationId":%q}`, j.ItemToMake, j.Operations[0])); other.TotalCount != 0 || len(other.Data) != 0 {
		t.Fatalf("filter by another operation answers %+v", other)
	}
}

func TestJobMessagePinnedToUnknownItemToMakeOrOperationIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newMessageJob(t, te)
	other := newMessageJob(t, te)

	res, b := postJobMessage(t, te, j.ID, map[string]any{"body": "x", "itemToMakeId": other.ItemToMake, "operationId": other.Operations[0]})
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "itemToMakeId")
	res, b = postJobMessage(t, te, j.ID, map[string]any{"body": "x", "itemToMakeId": j.ItemToMake, "operationId": other.Operations[0]})
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "operationId")
	if page := listJobMessages(t, te, j.ID, "", `{}`); page.TotalCount != 0 {
		t.Fatalf("a refused message was stored: %+v", page)
	}
}

func TestJobMessageBodyIsRequiredAndTrimmed(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newMessageJob(t, te)
	for _, body := range []map[string]any{{}, {"body": "   "}} {
		res, b := postJobMessage(t, te, j.ID, body)
		mustProblemNaming(t, res, b, "body")
	}
	createJobMessage(t, te, j.ID, map[string]any{"body": "  saw is down  "})
	page := listJobMessages(t, te, j.ID, "", `{}`)
	if len(page.Data) != 1 || page.Data[0].Body != "saw is down" || page.Data[0].AuthorUserId != nil {
		t.Fatalf("an integration token's message reads %+v", page.Data)
	}
}

func TestJobMessageListRefusesAnySort(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newMessageJob(t, te)
	createJobMessage(t, te, j.ID, map[string]any{"body": "one"})
	for query, field := range map[string]string{
		"?Sort.Field=createdUtc":                     "Sort.Field",
		"?Sort.Field=body":                           "Sort.Field",
		"?Sort.Dir=ascending":                        "Sort.Dir",
		"?Sort.Dir=descending":                       "Sort.Dir",
		"?Sort.Field=id&Sort.Dir=ascending":          "Sort.Field",
		"?Sort.Field=createdUtc&Sort.Dir=descending": "Sort.Field",
	} {
		res, b := listJobMessagesRaw(t, te, j.ID, query, `{}`)
		mustProblemNaming(t, res, b, field)
	}
}

func TestJobMessagesListNewestFirstPagedBySkipAndTake(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newMessageJob(t, te)
	var posted []string
	for i := range 5 {
		posted = append(posted, createJobMessage(t, te, j.ID, map[string]any{"body": fmt.Sprintf("message %d", i)}))
	}
	whole := listJobMessages(t, te, j.ID, "", `{}`)
	if whole.TotalCount != 5 || len(whole.Data) != 5 {
		t.Fatalf("whole list %+v", whole)
	}
	for i, m := range whole.Data {
		if want := posted[4-i]; m.Id != want {
			t.Fatalf("message %d is %s (%s), want %s: newest first", i, m.Id, m.Body, want)
		}
		if i > 0 && m.CreatedUtc.After(whole.Data[i-1].CreatedUtc) {
			t.Fatalf("message %d is newer than the one before it", i)
		}
	}
	page := listJobMessages(t, te, j.ID, "?Skip=2&Take=2", `{}`)
	if page.TotalCount != 5 || page.Page != 2 || page.PageSize != 2 || page.TotalPages != 3 || !page.HasPreviousPage || !page.HasNextPage {
		t.Fatalf("second page envelope %+v", page)
	}
	if len(page.Data) != 2 || page.Data[0].Id != posted[2] || page.Data[1].Id != posted[1] {
		t.Fatalf("second page holds %+v, want %s then %s", page.Data, posted[2], posted[1])
	}
	last := listJobMessages(t, te, j.ID, "?Skip=4&Take=2", `{}`)
	if len(last.Data) != 1 || last.Data[0].Id != posted[0] || last.HasNextPage {
		t.Fatalf("last page %+v", last)
	}
	if paged := listJobMessages(t, te, j.ID, "?Skip=0", `{}`); paged.PageSize != 50 || len(paged.Data) != 5 {
		t.Fatalf("Skip alone pages by 50: %+v", paged)
	}
}

func TestJobMessageMentionsAreUsersOfTheTenantAndBecomeSubscribers(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	j := newMessageJob(t, te)
	ana, anaClient := messageUser(t, te, "Ana")
	bo, _ := messageUser(t, te, "Bo")
	stranger, _ := messageUser(t, other, "Ana")

	res, b := postJobMessage(t, te, j.ID, map[string]any{"body": "x", "mentions": []string{ana, stranger}})
	mustProblemNaming(t, res, b, "mentions.1")
	res, b = postJobMessage(t, te, j.ID, map[string]any{"body": "x", "mentions": []string{"000000000000000000000000"}})
	mustProblemNaming(t, res, b, "mentions.0")

	// A user posts: the message names them as author; mentions keep the order first sent.
	cres, err := anaClient.CreateJobMessageWithResponse(context.Background(), j.ID, nil,
		client.JobMessageCreate{Body: "@Bo @Ana look", Mentions: &[]string{bo, ana, bo}})
	failOnTransportError(t, err)
	mustStatus(t, cres.StatusCode(), http.StatusOK, cres.Body)
	createJobMessage(t, te, j.ID, map[string]any{"body": "@Bo again", "mentions": []string{bo}})

	page := listJobMessages(t, te, j.ID, "", `{}`)
	if len(page.Data) != 2 {
		t.Fatalf("the job has %d messages, want 2", len(page.Data))
	}
	first := page.Data[1]
	if first.Id != cres.JSON200.Id || first.AuthorUserId == nil || *first.AuthorUserId != ana {
		t.Fatalf("the user's message reads %+v, want author %s", first, ana)
	}
	if fmt.Sprint(first.Mentions) != fmt.Sprint([]string{bo, ana}) || fmt.Sprint(page.Data[0].Mentions) != fmt.Sprint([]string{bo}) {
		t.Fatalf("mentions read %v and %v", first.Mentions, page.Data[0].Mentions)
	}
	subscribers := jobMessageSubscribers(t, te, j.ID)
	if len(subscribers) != 2 || !subscribers[ana] || !subscribers[bo] {
		t.Fatalf("subscribers %v, want %s and %s once each", subscribers, ana, bo)
	}
}

// jobMessageSubscribers reads the job's subscribers as stored (no operation reads them yet).
func jobMessageSubscribers(t *testing.T, te *tenantEnv, jobID string) map[string]bool {
	t.Helper()
	var ids []string
	if err := srv.Pool.SelectContext(context.Background(), &ids, `SELECT user_id FROM job_message_subscribers
		WHERE tenant_id = $1 AND job_id = $2`, te.ID, jobID); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, id := range ids {
		out[id] = true
	}
	if len(out) != len(ids) {
		t.Fatalf("a user is subscribed more than once: %v", ids)
	}
	return out
}

func TestJobMessagesMentioningOneUserAtOnceSubscribeItOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newMessageJob(t, te)
	ana, _ := messageUser(t, te, "Ana")
	const n = 8
	counts := concurrently(t, n, func() (int, error) {
		res, err := te.API.CreateJobMessageWithResponse(context.Background(), j.ID, nil,
			client.JobMessageCreate{Body: "@Ana", Mentions: &[]string{ana}})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("concurrent messages answered %v, want %d × 200", counts, n)
	}
	if page := listJobMessages(t, te, j.ID, "", `{}`); page.TotalCount != n {
		t.Fatalf("the job has %d messages, want %d", page.TotalCount, n)
	}
	if subs := jobMessageSubscribers(t, te, j.ID); len(subs) != 1 || !subs[ana] {
		t.Fatalf("subscribers %v, want only %s", subs, ana)
	}
}

func TestJobMessagesOfAnUnknownJobAreNotFound(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	j := newMessageJob(t, other)
	res, b := postJobMessage(t, te, j.ID, map[string]any{"body": "x"})
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = listJobMessagesRaw(t, te, j.ID, "", `{}`)
	mustProblem(t, res, b, http.StatusNotFound)
}

// arrangeJobMessages: a job with one message (one mention) in the small tenant and one with
// manySubs messages of two mentions each in the large one.
func arrangeJobMessages(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) string {
		j := newMessageJob(t, te)
		a, _ := messageUser(t, te, "Ana")
		b, _ := messageUser(t, te, "Bo")
		for k := range n {
			createJobMessage(t, te, j.ID, map[string]any{"body": fmt.Sprintf("message %d", k), "mentions": []string{a, b},
				"itemToMakeId": j.ItemToMake, "operationId": j.Operations[0]})
		}
		return j.ID
	}
	s, l := build(small, 1), build(large, manySubs)
	return []readCase{listRead("listJobMessages", jobMessagesPath(s)+"/list", jobMessagesPath(l)+"/list", `{}`)}
}
