package jobs

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// OperationRemovalCheck runs in the transaction of a routing change that removes job
// operations ids from their item to make's routing, before their rows are deleted: an error
// (a 400, apperr.Invalid) refuses the change. Work orders register one refusing to let a job
// operation they group leave its routing.
type OperationRemovalCheck func(ctx context.Context, q db.Q, tenantID string, ids []string) error

// RegisterOperationRemovalCheck adds check to what every routing change that removes job
// operations runs. Areas above jobs register at wiring time; jobs import none of them.
func (s *Service) RegisterOperationRemovalCheck(check OperationRemovalCheck) {
	s.removalChecks = append(s.removalChecks, check)
}

// checkRemoval runs the registered removal checks on the operations of item to make id that
// are not among keep (those the routing change removes), in q; none read nothing.
func (s *Service) checkRemoval(ctx context.Context, q db.Q, tenantID, id string, keep []string) error {
	if len(s.removalChecks) == 0 {
		return nil
	}
	removed, err := routingOwnerStore{}.operationsBut(ctx, q, tenantID, id, keep)
	if err != nil || len(removed) == 0 {
		return err
	}
	for _, check := range s.removalChecks {
		if err := check(ctx, q, tenantID, removed); err != nil {
			return err
		}
	}
	return nil
}

// OperationProgress is where a job operation stands: its status, the quantities recorded on
// it and its item to make's quantity to make.
type OperationProgress struct {
	Status            string
	QuantityToMake    dec.Decimal
	QuantityCompleted dec.Decimal
	QuantityScrapped  dec.Decimal
}

// OperationProgressOf answers the progress of the job operations among ids that exist, keyed
// by id, in one statement through q however many ids.
func (s *Service) OperationProgressOf(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]OperationProgress, error) {
	out := make(map[string]OperationProgress, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := routingOwnerStore{}.operationProgress(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = OperationProgress{Status: r.Status, QuantityToMake: r.QuantityToMake,
			QuantityCompleted: r.QuantityCompleted, QuantityScrapped: r.QuantityScrapped}
	}
	return out, nil
}

// OperationStateShowsSQL is SQL text over the job operations whose ids the SQL array
// expression ids holds, of the tenant tenantExpr names: a value that changes whenever any of
// them or its job changes (status, quantities, name). A record showing those job operations
// (a work order) folds it into its ETag.
func OperationStateShowsSQL(tenantExpr, ids string) string {
	return `(SELECT string_agg(o.id || ':' || o.version || ':' || j.version, ',' ORDER BY o.id)
  FROM job_operations o
  JOIN jobs j ON j.tenant_id = o.tenant_id AND j.id = o.job_id
  WHERE o.tenant_id = ` + tenantExpr + ` AND o.id = ANY(` + ids + `))`
}
