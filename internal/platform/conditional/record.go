// Package conditional answers conditional requests (RFC 9110) for every record an area
// declares: the record's GET answers a strong ETag made of the version the database keeps in
// the record's row, and 304 without a body when If-None-Match names it; its PUT, PATCH and
// DELETE honour If-Match, comparing and writing atomically, and answer 412 without writing
// when it names another version.
//
// A record gets all of this by declaration: a version column on its table (with the trigger
// that advances it on every UPDATE, see the migrations), a Record naming the table, the path
// parameters that key its row and its operations, and the spec's components on those
// operations (New checks that the spec and the declarations agree).
package conditional

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/platform/db"
	"mos/internal/platform/web"
)

// Record declares a record that conditional requests address.
type Record struct {
	// Table holds the record as one row with tenant_id, the Key columns and version, which
	// the database advances on every UPDATE of the row.
	Table string
	// Key maps the columns that name the row (beside tenant_id) to the path parameters that
	// carry their values, e.g. {"id": "customerAddressId", "customer_id": "customerId"}.
	// Empty for the tenant's one record of a kind (its settings), which reads as version 0
	// while the tenant has no row.
	Key map[string]string
	// Operations are the record's GET (or GETs) and the PUT, PATCH and DELETE that change it
	// (and a POST at the record's own path that updates it, which is served as a PUT),
	// including those at a sub-resource's path that answer the record (replacing an item's
	// tags answers the item). Their PUT and PATCH answers carry the record's new ETag.
	Operations []string
	// Parts are writes of records the record holds and shows, which answer those records and
	// not this one (an item's vendor details): their If-Match names this record's ETag, and
	// their answers carry none.
	Parts []string
	// Shows, when set, returns a SQL expression over the record's row (aliased t) whose value
	// changes whenever data of other rows that the record's answer shows changes (the
	// versions of the tags an item carries, a lot's quantity on hand): the ETag then folds it
	// in, so it changes with everything the answer shows. Called once, by New, after wiring.
	Shows func() string
	// ReadWithAnswer marks a record whose handlers read the ETag in the statement that reads
	// or writes the record they answer (TagSQL over the same row, in a SELECT or an UPDATE's
	// RETURNING) and hand it over with Answered: its GET and PUT or PATCH answering it. The
	// GET then costs that one statement, not a read of the ETag before it, and a write
	// without If-Match runs in the handler's own transaction, without a request transaction
	// around it or a read of the ETag after it.
	ReadWithAnswer bool
}

// TagSQL is the SQL expression of a record's ETag (unquoted) over its row aliased t, for a
// store whose read selects it beside the record's columns (Record.ReadWithAnswer); shows is
// the record's Shows expression, or empty.
func TagSQL(shows string) string {
	tag := "t.version::text"
	if shows != "" {
		// What the answer shows from other rows, as a short digest beside the version.
		tag += " || coalesce('-' || left(md5((" + shows + ")::text), 16), '')"
	}
	return tag
}

// The spec's components that mark an operation as conditional; New checks that exactly the
// declared operations use them.
const (
	ifMatchRef          = "#/components/parameters/IfMatch"
	ifNoneMatchRef      = "#/components/parameters/IfNoneMatch"
	notModifiedRef      = "#/components/responses/RecordNotModified"
	preconditionFailRef = "#/components/responses/PreconditionFailed"
	etagHeaderRef       = "#/components/headers/RecordETag"
)

// operation is one declared operation as the middleware meets it.
type operation struct {
	id     string
	method string
	rec    *record
	// answersRecord: a PUT or PATCH whose answer is the record, which then carries its ETag.
	answersRecord bool
}

// record is a Record with its SQL built.
type record struct {
	table     string
	params    []string // path parameters, bound in order from $2 ($1 is the tenant)
	singleton bool
	readSQL   string // the ETag's text, or no row
	lockSQL   string // the same, locking the row
	// readWithAnswer: the GET handler reports the ETag it read with the record (Answered).
	readWithAnswer bool
}

var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// Guard is the conditional-request middleware over the declared records.
type Guard struct {
	pool *db.Pool
	ops  map[string]*operation // by "METHOD echo-path"
}

// New builds the Guard for records after checking them against spec: every operation exists
// and is declared once, a GET only as a record's own, each Key parameter is a path parameter
// of each operation, and exactly the declared operations use the spec's conditional
// components (If-None-Match and 304 on a GET; If-Match and 412 on a write; the ETag header
// on the 200 of a GET and of a PUT or PATCH that answers the record).
func New(pool *db.Pool, spec *openapi3.T, records ...Record) (*Guard, error) {
	type specOp struct {
		method, path string
		op           *openapi3.Operation
	}
	byID := map[string]specOp{}
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			byID[specID(op.OperationID)] = specOp{method: method, path: path, op: op}
		}
	}
	g := &Guard{pool: pool, ops: map[string]*operation{}}
	var problems []string
	declared := map[string]bool{}
	for _, r := range records {
		rec, err := compile(r)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		for _, id := range append(slices.Clone(r.Operations), r.Parts...) {
			part := !slices.Contains(r.Operations, id)
			so, ok := byID[id]
			switch {
			case !ok:
				problems = append(problems, fmt.Sprintf("%s: no operation %s in the spec", r.Table, id))
				continue
			case declared[id]:
				problems = append(problems, fmt.Sprintf("operation %s is declared twice", id))
				continue
			case so.method == http.MethodGet && part:
				problems = append(problems, fmt.Sprintf("%s: the GET %s is one of the record's Operations, not a part", r.Table, id))
				continue
			case so.method == http.MethodPost && (part || !updatesAtRecordPath(so.path, rec.params)):
				problems = append(problems, fmt.Sprintf("%s: %s is a POST that is not an update at the record's own path; conditional requests are GET, PUT, PATCH, DELETE and a POST updating the record its path names", r.Table, id))
				continue
			case so.method != http.MethodGet && so.method != http.MethodPut && so.method != http.MethodPatch && so.method != http.MethodDelete && so.method != http.MethodPost:
				problems = append(problems, fmt.Sprintf("%s: %s is a %s; conditional requests are GET, PUT, PATCH, DELETE and a POST updating the record its path names", r.Table, id, so.method))
				continue
			}
			declared[id] = true
			for _, p := range rec.params {
				if !strings.Contains(so.path, "{"+p+"}") {
					problems = append(problems, fmt.Sprintf("%s: %s %s has no path parameter %s", r.Table, so.method, so.path, p))
				}
			}
			answers := !part && (so.method == http.MethodPut || so.method == http.MethodPatch || so.method == http.MethodPost)
			problems = append(problems, specAgrees(id, so.method, so.op, answers)...)
			g.ops[so.method+" "+web.EchoPath(so.path)] = &operation{id: id, method: so.method, rec: rec, answersRecord: answers}
		}
	}
	for id, so := range byID {
		if !declared[id] && usesConditional(so.op) {
			problems = append(problems, fmt.Sprintf("%s declares conditional requests in the spec but no record declares it", id))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, fmt.Errorf("conditional requests: %s", strings.Join(problems, "; "))
	}
	return g, nil
}

// updatesAtRecordPath reports whether a POST at path is an update of the record: its path ends
// with one of the record's key parameters (a reference API updates some records with POST at
// the record's own path, beside its GET and DELETE), unlike a create or an action below it.
func updatesAtRecordPath(path string, params []string) bool {
	for _, p := range params {
		if strings.HasSuffix(path, "/{"+p+"}") {
			return true
		}
	}
	return false
}

// specID is an operation id as openapi/v1.yaml spells it: the copy of the spec gen embeds
// has the ids with a capital first letter (GetVendor for getVendor).
func specID(id string) string {
	if id == "" {
		return id
	}
	return strings.ToLower(id[:1]) + id[1:]
}

// Operations lists the declared operation ids, sorted.
func (g *Guard) Operations() []string {
	out := make([]string, 0, len(g.ops))
	for _, o := range g.ops {
		out = append(out, o.id)
	}
	sort.Strings(out)
	return out
}

func compile(r Record) (*record, error) {
	if !identifier.MatchString(r.Table) {
		return nil, fmt.Errorf("record table %q is not a plain table name", r.Table)
	}
	if len(r.Operations) == 0 {
		return nil, fmt.Errorf("%s: a record needs its operations", r.Table)
	}
	cols := make([]string, 0, len(r.Key))
	for col := range r.Key {
		if !identifier.MatchString(col) {
			return nil, fmt.Errorf("%s: key column %q is not a plain column name", r.Table, col)
		}
		cols = append(cols, col)
	}
	sort.Strings(cols)
	rec := &record{table: r.Table, singleton: len(cols) == 0, readWithAnswer: r.ReadWithAnswer}
	where := "t.tenant_id = $1"
	for i, col := range cols {
		rec.params = append(rec.params, r.Key[col])
		where += fmt.Sprintf(" AND t.%s = $%d", col, i+2)
	}
	shows := ""
	if r.Shows != nil {
		shows = r.Shows()
	}
	tag := TagSQL(shows)
	rec.readSQL = "SELECT " + tag + " FROM " + r.Table + " t WHERE " + where
	rec.lockSQL = rec.readSQL + " FOR UPDATE OF t"
	return rec, nil
}

// specAgrees checks that a declared operation uses the spec's conditional components.
func specAgrees(id, method string, op *openapi3.Operation, answersRecord bool) []string {
	var problems []string
	need := func(ok bool, what string) {
		if !ok {
			problems = append(problems, fmt.Sprintf("%s is declared conditional but its spec lacks %s", id, what))
		}
	}
	if method == http.MethodGet {
		need(hasParam(op, ifNoneMatchRef), "the If-None-Match parameter ("+ifNoneMatchRef+")")
		need(responseRef(op, "304") == notModifiedRef, "the 304 answer "+notModifiedRef)
		need(hasETagHeader(op), "the ETag header ("+etagHeaderRef+") on its 200")
		return problems
	}
	need(hasParam(op, ifMatchRef), "the If-Match parameter ("+ifMatchRef+")")
	need(responseRef(op, "412") == preconditionFailRef, "the 412 answer "+preconditionFailRef)
	if answersRecord {
		need(hasETagHeader(op), "the ETag header ("+etagHeaderRef+") on its 200")
	}
	return problems
}

// usesConditional reports whether op uses a component only conditional operations use.
func usesConditional(op *openapi3.Operation) bool {
	return hasParam(op, ifMatchRef) || responseRef(op, "304") == notModifiedRef || responseRef(op, "412") == preconditionFailRef
}

func hasParam(op *openapi3.Operation, ref string) bool {
	for _, p := range op.Parameters {
		if p.Ref == ref {
			return true
		}
	}
	return false
}

func responseRef(op *openapi3.Operation, status string) string {
	if op.Responses == nil {
		return ""
	}
	if r := op.Responses.Value(status); r != nil {
		return r.Ref
	}
	return ""
}

func hasETagHeader(op *openapi3.Operation) bool {
	if op.Responses == nil {
		return false
	}
	r := op.Responses.Value("200")
	if r == nil || r.Value == nil {
		return false
	}
	h, ok := r.Value.Headers["ETag"]
	return ok && h.Ref == etagHeaderRef
}

// current answers the record's ETag (unquoted) for args, locking its row when lock is set;
// found is false when the tenant has no such row (a tenant's one record without a row is at
// version 0).
func (r *record) current(ctx context.Context, q db.Q, args []any, lock bool) (tag string, found bool, err error) {
	query := r.readSQL
	if lock {
		query = r.lockSQL
		if r.singleton {
			// A tenant's one record may have no row yet to lock: writers of it take this lock
			// first, so that they cannot both find it missing and both write.
			if _, err := q.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1 || ':' || $2, 0))`, r.table, args[0]); err != nil {
				return "", false, fmt.Errorf("lock %s: %w", r.table, err)
			}
		}
	}
	err = q.QueryRowxContext(ctx, query, args...).Scan(&tag)
	if errors.Is(err, sql.ErrNoRows) {
		if r.singleton {
			return "0", true, nil
		}
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read the version of %s: %w", r.table, err)
	}
	return tag, true, nil
}
