package timers

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/shared/users"
)

// UserStatus answers user userID's status (getUserStatus); a user that is not the tenant's
// is NotFound.
func (s *Service) UserStatus(ctx context.Context, tenantID, userID string) (UserStatus, error) {
	u, err := s.deps.Users.Get(ctx, tenantID, userID)
	if err != nil {
		return UserStatus{}, err
	}
	out, err := s.statuses(ctx, tenantID, []users.User{u})
	if err != nil {
		return UserStatus{}, err
	}
	return out[0], nil
}

// UserStatuses answers the status of the users userIDs names (those that are users of the
// tenant), or of every user paged by r, by name then id (listUserStatuses).
func (s *Service) UserStatuses(ctx context.Context, tenantID string, userIDs []string, r listing.Request) ([]UserStatus, error) {
	list, err := s.deps.Users.List(ctx, tenantID, users.Filter{IDs: userIDs}, r)
	if err != nil {
		return nil, err
	}
	return s.statuses(ctx, tenantID, list)
}

// statuses answers the status of list, in three statements however many users and timers
// (their open entries, running timers, and the timers' operations).
func (s *Service) statuses(ctx context.Context, tenantID string, list []users.User) ([]UserStatus, error) {
	out := make([]UserStatus, len(list))
	if len(list) == 0 {
		return out, nil
	}
	userIDs := make([]string, len(list))
	for i, u := range list {
		userIDs[i] = u.ID
	}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		open, err := s.store.openEntries(ctx, q, tenantID, userIDs)
		if err != nil {
			return err
		}
		running, err := s.store.runningOfUsers(ctx, q, tenantID, userIDs, nil, false)
		if err != nil {
			return err
		}
		var opIDs []string
		for _, t := range running {
			opIDs = append(opIDs, t.JobOperationID)
		}
		refs, err := s.deps.Jobs.OperationRefs(ctx, q, tenantID, opIDs)
		if err != nil {
			return err
		}
		at := make(map[string]int, len(list))
		for i, u := range list {
			at[u.ID] = i
			out[i] = UserStatus{UserID: u.ID, UserName: u.Name, RunningTimers: []RunningTimer{}}
			if e, ok := open[u.ID]; ok {
				in := e.ClockedIn
				out[i].ClockedIn = &in
			}
		}
		for _, t := range running {
			ref := refs[t.JobOperationID]
			st := &out[at[t.UserID]]
			st.RunningTimers = append(st.RunningTimers, RunningTimer{
				TimerID: t.ID, JobID: t.JobID, JobNumber: ref.JobNumber, JobOperationID: t.JobOperationID,
				OperationName: ref.Operation.Name, Type: t.Type, Started: t.Started,
			})
		}
		return nil
	})
	return out, err
}
