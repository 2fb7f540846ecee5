package scrap

import (
	"context"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// Service writes the scrap register and answers the scrap report.
type Service struct {
	pool  *db.Pool
	store store
	// jobOperations names the job operations of the report's rows: the production area
	// registers it at wiring (UseJobOperationNames), as the stock area imports none of it.
	jobOperations jobOperationNames
}

// jobOperationNames answers the job number and operation name of the job operations among
// ids that exist, keyed by id, in a fixed number of statements through q.
type jobOperationNames interface {
	JobOperationNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]JobOperationName, error)
}

// NewService returns the scrap register.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// UseJobOperationNames sets what names the job operations of the report's rows. Called once
// at wiring, before the server serves.
func (s *Service) UseJobOperationNames(n jobOperationNames) { s.jobOperations = n }

// Record writes r in q, the scrapping request's transaction, so the register holds the scrap
// exactly when the request that scrapped commits. A quantity of 0 records nothing; a reason
// is trimmed (blank: none) and cut to the longest kept.
func (s *Service) Record(ctx context.Context, q db.Q, tenantID string, r Record) error {
	if r.Quantity.IsZero() {
		return nil
	}
	if r.Reason != nil {
		reason := strings.TrimSpace(*r.Reason)
		if runes := []rune(reason); len(runes) > maxReason {
			reason = string(runes[:maxReason])
		}
		r.Reason = &reason
		if reason == "" {
			r.Reason = nil
		}
	}
	return s.store.insert(ctx, q, tenantID, ids.New(), r)
}

// reportSpec is the report's fixed order: newest first, then highest id.
var reportSpec = listing.Spec{
	Fields: map[string]string{"recordedUtc": "s.recorded_utc"}, Default: "recordedUtc", DefaultDescending: true,
	IDColumn: "s.id", Unsortable: true,
}

// Report answers a page of the tenant's scrap records matching f, newest first then highest
// id, with the totals per item and reason of every matching record, in a fixed number of
// statements: the page, the totals, and the names of the page's job operations (through the
// production area, two statements, run when the page holds any).
func (s *Service) Report(ctx context.Context, tenantID string, f Filter, r listing.Request) (Page, error) {
	page, err := listing.Resolve(r, reportSpec)
	if err != nil {
		return Page{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "fromUtc", f.From)
	utctime.CheckFilterBound(fields, "toUtc", f.To)
	if f.Source != nil && !f.Source.Valid() {
		fields.Add("source", "%s", apperr.NotOneOf(string(*f.Source), Sources))
	}
	if f.Reason != nil {
		reason := strings.TrimSpace(*f.Reason)
		if reason == "" {
			fields.Add("reason", "must not be blank")
		}
		f.Reason = &reason
	}
	if err := fields.Err(); err != nil {
		return Page{}, err
	}
	rows, total, err := s.store.rows(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return Page{}, err
	}
	totals, err := s.store.totals(ctx, s.pool, tenantID, f)
	if err != nil {
		return Page{}, err
	}
	if err := s.nameJobOperations(ctx, tenantID, rows); err != nil {
		return Page{}, err
	}
	return Page{Rows: rows, Totals: totals, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// nameJobOperations fills the job numbers and operation names of rows, in one call.
func (s *Service) nameJobOperations(ctx context.Context, tenantID string, rows []Row) error {
	var opIDs []string
	seen := map[string]bool{}
	for _, r := range rows {
		if r.JobOperationID != nil && !seen[*r.JobOperationID] {
			seen[*r.JobOperationID] = true
			opIDs = append(opIDs, *r.JobOperationID)
		}
	}
	if len(opIDs) == 0 || s.jobOperations == nil {
		return nil
	}
	names, err := s.jobOperations.JobOperationNames(ctx, s.pool, tenantID, opIDs)
	if err != nil {
		return err
	}
	for i := range rows {
		if rows[i].JobOperationID == nil {
			continue
		}
		if n, ok := names[*rows[i].JobOperationID]; ok {
			number, name := n.JobNumber, n.OperationName
			rows[i].JobNumber, rows[i].OperationName = &number, &name
		}
	}
	return nil
}
