// Package customers applies policyholder profile changes published by the
// customer-account service.
package customers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/jobs"
)

// ContactUpdatedEvent is the payload of policyholders.updated.
type ContactUpdatedEvent struct {
	PolicyholderID   string  `json:"policyholder_id"`
	Version          int64   `json:"version"`
	Email            string  `json:"email"`
	Phone            *string `json:"phone"`
	FullName         string  `json:"full_name"`
	BankAccountToken *string `json:"bank_account_token"`
}

type Service interface {
	ApplyContactUpdate(ctx context.Context, evt ContactUpdatedEvent) error
}

type service struct {
	store *db.Store
	jobs  jobs.Enqueuer
	log   *slog.Logger
}

func NewService(store *db.Store, e jobs.Enqueuer, log *slog.Logger) Service {
	return &service{store: store, jobs: e, log: log}
}

// ApplyContactUpdate stores the newer contact version and, when new bank
// details arrive, schedules reissue of any payouts the bank returned.
func (s *service) ApplyContactUpdate(ctx context.Context, evt ContactUpdatedEvent) error {
	return s.store.ExecTx(ctx, func(q *db.Queries) error {
		n, err := q.UpsertPolicyholderContact(ctx, db.UpsertPolicyholderContactParams{
			ID:               evt.PolicyholderID,
			Email:            evt.Email,
			Phone:            evt.Phone,
			FullName:         evt.FullName,
			BankAccountToken: evt.BankAccountToken,
			Version:          evt.Version,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			s.log.Debug("stale or replayed contact update", "policyholder_id", evt.PolicyholderID, "version", evt.Version)
			return nil
		}
		if evt.BankAccountToken == nil {
			return nil
		}
		returned, err := q.ListReturnedPayouts(ctx, evt.PolicyholderID)
		if err != nil {
			return err
		}
		for _, p := range returned {
			args := jobs.ReissuePayoutArgs{PayoutID: p.ID, AccountToken: *evt.BankAccountToken}
			if err := s.jobs.EnqueueTx(ctx, q, args, &river.InsertOpts{
				Queue:      jobs.QueuePayments,
				UniqueOpts: river.UniqueOpts{ByArgs: true},
			}); err != nil {
				return err
			}
		}
		return nil
	})
}
