package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// The thin server is the raw-SQL limit the API is measured against: net/http and
// database/sql through lib/pq (the service's driver) on the pool the service opens (its
// sizes and connection settings), no authentication, no validation, no transaction. Each
// handler runs the one statement a raw-SQL server needs for the request, with the API's
// columns, filter, order and bind parameters, and encodes the same members the API answers.
// (The API's own statement does more in the same round trip: it also reads the names of the
// customer's payment terms and tier, and its ETag.) It runs as a process of its own (this binary
// with -thin), so that its memory and CPU are its own.

// thinCustomerColumns are the columns the API's customer store selects.
const thinCustomerColumns = `id, name, customer_code, currency_code, credit_limit, payment_terms_id, sales_person_id,
       url, is_taxable, tax_rate_ids, external_references, custom_fields, notes, has_customer_portal,
       customer_tier_id, deleted, created_utc, modified_utc`

// The statements: the customer store's, without what the API adds to them (names, ETag).
const (
	thinGetSQL = `SELECT ` + thinCustomerColumns + ` FROM customers WHERE tenant_id = $1 AND id = $2`

	thinListSQL       = `SELECT ` + thinCustomerColumns + ` FROM customers c WHERE c.tenant_id = $1 AND c.deleted = $2 ORDER BY lower(c.name) ASC, c.id ASC LIMIT $3 OFFSET $4`
	thinListByNameSQL = `SELECT ` + thinCustomerColumns + ` FROM customers c WHERE c.tenant_id = $1 AND c.deleted = $2 AND c.name ILIKE $3 ORDER BY lower(c.name) ASC, c.id ASC LIMIT $4 OFFSET $5`

	thinInsertSQL = `
INSERT INTO customers (tenant_id, id, name, customer_code, currency_code, credit_limit, payment_terms_id,
       sales_person_id, url, is_taxable, tax_rate_ids, external_references, custom_fields, notes, has_customer_portal)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`

	thinPatchNotesSQL = `
UPDATE customers SET notes = $3, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING ` + thinCustomerColumns
)

// thinMaxTake is the list's page size when no Take is sent, as the API's.
const thinMaxTake = 5000

// thinCustomer is the Customer the API answers, member for member.
type thinCustomer struct {
	ID                 string          `json:"id"`
	Name               string          `json:"name"`
	CustomerCode       *string         `json:"customerCode"`
	CurrencyCode       string          `json:"currencyCode"`
	CreditLimit        json.RawMessage `json:"creditLimit"`
	PaymentTermsID     *string         `json:"paymentTermsId"`
	PaymentTerms       *struct{}       `json:"paymentTerms"`
	SalesPersonID      *string         `json:"salesPersonId"`
	URL                *string         `json:"url"`
	IsTaxable          *bool           `json:"isTaxable"`
	TaxRateIDs         []string        `json:"taxRateIds"`
	ExternalReferences json.RawMessage `json:"externalReferences"`
	CustomFields       json.RawMessage `json:"customFields"`
	Notes              *string         `json:"notes"`
	HasCustomerPortal  *bool           `json:"hasCustomerPortal"`
	CustomerTierID     *string         `json:"customerTierId"`
	CustomerTierName   *string         `json:"customerTierName"`
	CustomerTypeID     *string         `json:"customerTypeId"`
	CustomerTypeName   *string         `json:"customerTypeName"`
	Deleted            bool            `json:"deleted"`
	CreatedUtc         time.Time       `json:"createdUtc"`
	ModifiedUtc        time.Time       `json:"modifiedUtc"`
}

// rowScanner is *sql.Row or *sql.Rows.
type rowScanner interface{ Scan(dest ...any) error }

func scanThinCustomer(r rowScanner) (thinCustomer, error) {
	var c thinCustomer
	var credit sql.NullString
	var taxRates pq.StringArray
	var refs, fields []byte
	err := r.Scan(&c.ID, &c.Name, &c.CustomerCode, &c.CurrencyCode, &credit, &c.PaymentTermsID, &c.SalesPersonID,
		&c.URL, &c.IsTaxable, &taxRates, &refs, &fields, &c.Notes, &c.HasCustomerPortal,
		&c.CustomerTierID, &c.Deleted, &c.CreatedUtc, &c.ModifiedUtc)
	if err != nil {
		return c, err
	}
	if credit.Valid {
		c.CreditLimit = json.RawMessage(credit.String)
	}
	c.TaxRateIDs = taxRates
	if c.TaxRateIDs == nil {
		c.TaxRateIDs = []string{}
	}
	c.ExternalReferences, c.CustomFields = refs, fields
	return c, nil
}

// thinServer answers the customer requests of one tenant.
type thinServer struct {
	db       *sql.DB
	tenantID string
}

// newThinHandler routes the paths the load generator sends to both servers.
func newThinHandler(d *sql.DB, tenantID string) http.Handler {
	s := &thinServer{db: d, tenantID: tenantID}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	mux.HandleFunc("GET /metrics", serveThinMemstats)
	mux.HandleFunc("GET /api/customers/{id}", s.get)
	mux.HandleFunc("POST /api/customers/list", s.list)
	mux.HandleFunc("POST /api/customers", s.create)
	mux.HandleFunc("PATCH /api/customers/{id}", s.patch)
	return mux
}

// openThinDB opens the pool the service opens (db.Open: the same driver, connection
// settings and pool sizes, whatever they become) and hands over its database/sql handle:
// the thin server uses nothing of sqlx.
func openThinDB(ctx context.Context, databaseURL string) (*sql.DB, error) {
	pool, err := db.Open(ctx, databaseURL)
	if err != nil {
		return nil, err
	}
	return pool.DB.DB, nil
}

// runThin serves the thin server until SIGTERM or SIGINT: benchload -thin -addr ADDR -tenant ID.
func runThin(args []string) error {
	fs := flag.NewFlagSet("thin", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "listen address")
	tenantID := fs.String("tenant", "", "tenant id")
	if err := fs.Parse(args); err != nil {
		return err
	}
	d, err := openThinDB(context.Background(), os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer func() { _ = d.Close() }()
	srv := &http.Server{Addr: *addr, Handler: newThinHandler(d, *tenantID), ReadHeaderTimeout: 10 * time.Second}
	stop, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-stop.Done():
	}
	ctx, done := context.WithTimeout(context.Background(), 10*time.Second)
	defer done()
	return srv.Shutdown(ctx)
}

// serveThinMemstats answers the two allocation counters the load generator reads, in the
// Prometheus text format the API's /metrics uses.
func serveThinMemstats(w http.ResponseWriter, _ *http.Request) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	_, _ = fmt.Fprintf(w, "go_memstats_mallocs_total %d\ngo_memstats_alloc_bytes_total %d\n", m.Mallocs, m.TotalAlloc)
}

func thinFail(w http.ResponseWriter, status int, err error) {
	http.Error(w, err.Error(), status)
}

func writeThinJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		thinFail(w, http.StatusInternalServerError, err)
	}
}

func (s *thinServer) get(w http.ResponseWriter, r *http.Request) {
	c, err := scanThinCustomer(s.db.QueryRowContext(r.Context(), thinGetSQL, s.tenantID, r.PathValue("id")))
	if errors.Is(err, sql.ErrNoRows) {
		thinFail(w, http.StatusNotFound, err)
		return
	}
	if err != nil {
		thinFail(w, http.StatusInternalServerError, err)
		return
	}
	writeThinJSON(w, c)
}

// likeEscaper makes user text match itself in ILIKE, as the API's list does.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// list answers a page in the list's default order, streaming the rows as they arrive.
func (s *thinServer) list(w http.ResponseWriter, r *http.Request) {
	take := thinMaxTake
	if v := r.URL.Query().Get("Take"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > thinMaxTake {
			thinFail(w, http.StatusBadRequest, fmt.Errorf("query parameter Take must be between 0 and %d", thinMaxTake))
			return
		}
		take = n
	}
	var filter struct {
		Name *string `json:"name"`
	}
	if r.ContentLength != 0 {
		if err := json.NewDecoder(r.Body).Decode(&filter); err != nil {
			thinFail(w, http.StatusBadRequest, err)
			return
		}
	}
	query, args := thinListSQL, []any{s.tenantID, false, take, 0}
	if filter.Name != nil {
		query, args = thinListByNameSQL, []any{s.tenantID, false, "%" + likeEscaper.Replace(*filter.Name) + "%", take, 0}
	}
	rows, err := s.db.QueryContext(r.Context(), query, args...)
	if err != nil {
		thinFail(w, http.StatusInternalServerError, err)
		return
	}
	defer func() { _ = rows.Close() }()
	w.Header().Set("Content-Type", "application/json")
	bw := bufio.NewWriterSize(w, 32<<10)
	enc := json.NewEncoder(bw)
	sep := byte('[')
	for rows.Next() {
		c, err := scanThinCustomer(rows)
		if err != nil {
			if sep == '[' {
				thinFail(w, http.StatusInternalServerError, err)
			}
			return
		}
		_ = bw.WriteByte(sep)
		sep = ','
		if err := enc.Encode(c); err != nil {
			return
		}
	}
	if err := rows.Err(); err != nil {
		// Once rows are written the status is sent: cutting the body short is all that is left.
		if sep == '[' {
			thinFail(w, http.StatusInternalServerError, err)
		}
		return
	}
	if sep == '[' {
		_ = bw.WriteByte('[')
	}
	_ = bw.WriteByte(']')
	_ = bw.Flush()
}

// thinCustomerWrite is the create body's members the insert binds.
type thinCustomerWrite struct {
	Name               string          `json:"name"`
	CustomerCode       *string         `json:"customerCode"`
	CurrencyCode       *string         `json:"currencyCode"`
	CreditLimit        *json.Number    `json:"creditLimit"`
	PaymentTermsID     *string         `json:"paymentTermsId"`
	SalesPersonID      *string         `json:"salesPersonId"`
	URL                *string         `json:"url"`
	IsTaxable          *bool           `json:"isTaxable"`
	TaxRateIDs         []string        `json:"taxRateIds"`
	ExternalReferences json.RawMessage `json:"externalReferences"`
	CustomFields       json.RawMessage `json:"customFields"`
	Notes              *string         `json:"notes"`
	HasCustomerPortal  *bool           `json:"hasCustomerPortal"`
}

// create inserts the customer as sent (the tenant's currency when none is) and answers its id.
func (s *thinServer) create(w http.ResponseWriter, r *http.Request) {
	var b thinCustomerWrite
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		thinFail(w, http.StatusBadRequest, err)
		return
	}
	currency := "USD"
	if b.CurrencyCode != nil {
		currency = *b.CurrencyCode
	}
	var credit *string
	if b.CreditLimit != nil {
		v := b.CreditLimit.String()
		credit = &v
	}
	taxRates := pq.StringArray(b.TaxRateIDs)
	if taxRates == nil {
		taxRates = pq.StringArray{}
	}
	refs, fields := jsonObject(b.ExternalReferences), jsonObject(b.CustomFields)
	var id string
	err := s.db.QueryRowContext(r.Context(), thinInsertSQL, s.tenantID, ids.New(), b.Name, b.CustomerCode, currency, credit,
		b.PaymentTermsID, b.SalesPersonID, b.URL, b.IsTaxable, taxRates, refs, fields, b.Notes, b.HasCustomerPortal).Scan(&id)
	if err != nil {
		thinFail(w, http.StatusInternalServerError, err)
		return
	}
	writeThinJSON(w, struct {
		ID string `json:"id"`
	}{id})
}

// jsonObject is raw as a jsonb parameter, {} when absent or null.
func jsonObject(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return "{}"
	}
	return string(raw)
}

// patch applies a JSON Patch replacing /notes and answers the customer as stored.
func (s *thinServer) patch(w http.ResponseWriter, r *http.Request) {
	var ops []struct {
		Op    string  `json:"op"`
		Path  string  `json:"path"`
		Value *string `json:"value"`
	}
	if err := json.NewDecoder(r.Body).Decode(&ops); err != nil {
		thinFail(w, http.StatusBadRequest, err)
		return
	}
	if len(ops) != 1 || ops[0].Op != "replace" || ops[0].Path != "/notes" {
		thinFail(w, http.StatusBadRequest, errors.New("the thin server patches only: replace /notes"))
		return
	}
	c, err := scanThinCustomer(s.db.QueryRowContext(r.Context(), thinPatchNotesSQL, s.tenantID, r.PathValue("id"), ops[0].Value))
	if errors.Is(err, sql.ErrNoRows) {
		thinFail(w, http.StatusNotFound, err)
		return
	}
	if err != nil {
		thinFail(w, http.StatusInternalServerError, err)
		return
	}
	writeThinJSON(w, c)
}
