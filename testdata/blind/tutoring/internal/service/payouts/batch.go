package payouts

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rs/xid"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/payments"
	"github.com/learnloop/tutoring/internal/store"
)

// MinimumPayoutCents is the smallest balance worth a transfer.
const MinimumPayoutCents = 1000

// BatchResult summarises a payout run.
type BatchResult struct {
	BatchID string
	Paid    int
	Skipped int
	Failed  int
}

// Service runs payouts.
type Service interface {
	RunBatch(ctx context.Context) (BatchResult, error)
}

type service struct {
	pool     *pgxpool.Pool
	earnings store.Earnings
	payouts  store.Payouts
	tutors   store.Tutors
	gateway  payments.Gateway
	log      *slog.Logger
}

// New builds the payout service.
func New(pool *pgxpool.Pool, earnings store.Earnings, payouts store.Payouts, tutors store.Tutors, gw payments.Gateway, log *slog.Logger) Service {
	return &service{pool: pool, earnings: earnings, payouts: payouts, tutors: tutors, gateway: gw, log: log}
}

func (s *service) RunBatch(ctx context.Context) (BatchResult, error) {
	res := BatchResult{BatchID: xid.New().String()}
	if err := s.payouts.StartBatch(ctx, s.pool, res.BatchID); err != nil {
		return res, fmt.Errorf("start batch: %w", err)
	}
	unpaid, err := s.earnings.UnpaidByTutor(ctx, s.pool)
	if err != nil {
		return res, err
	}
	var firstErr error
	for tutorID, items := range unpaid {
		ok, err := s.payTutor(ctx, res.BatchID, tutorID, items)
		switch {
		case err != nil:
			res.Failed++
			s.log.ErrorContext(ctx, "payout failed", "batch_id", res.BatchID, "tutor_id", tutorID, "err", err)
			if firstErr == nil {
				firstErr = err
			}
		case ok:
			res.Paid++
		default:
			res.Skipped++
		}
	}
	status := "finished"
	if firstErr != nil {
		status = "partial"
	}
	if err := s.payouts.FinishBatch(ctx, s.pool, res.BatchID, status); err != nil {
		return res, err
	}
	// Returning the error makes the task retry so failed tutors are
	// picked up again; paid earnings are already marked.
	return res, firstErr
}

func (s *service) payTutor(ctx context.Context, batchID string, tutorID uuid.UUID, items []domain.Earning) (bool, error) {
	var total int64
	for _, e := range items {
		total += e.AmountCents
	}
	if total < MinimumPayoutCents {
		return false, nil
	}
	tutor, err := s.tutors.Get(ctx, s.pool, tutorID)
	if err != nil {
		return false, err
	}
	if !tutor.PayoutsEnabled || tutor.StripeAccountID == "" {
		return false, nil
	}

	payoutID := fmt.Sprintf("po_%s_%s", batchID, tutorID)
	tr, err := s.gateway.Transfer(ctx, payments.TransferInput{
		AmountCents:        total,
		Currency:           "usd",
		DestinationAccount: tutor.StripeAccountID,
		TransferGroup:      batchID,
		Metadata:           map[string]string{"payout_id": payoutID, "tutor_id": tutorID.String()},
		IdempotencyKey:     payoutID,
	})
	if err != nil {
		return false, fmt.Errorf("transfer: %w", err)
	}

	ids := make([]uuid.UUID, len(items))
	for i, e := range items {
		ids[i] = e.ID
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.payouts.Insert(ctx, tx, domain.Payout{
			ID: payoutID, BatchID: batchID, TutorID: tutorID, AmountCents: total, Currency: "usd", StripeTransferID: tr.ID,
		}); err != nil {
			return err
		}
		if err := s.payouts.CopyItems(ctx, tx, payoutID, items); err != nil {
			return err
		}
		return s.earnings.MarkPaid(ctx, tx, ids, payoutID)
	})
	if err != nil {
		return false, fmt.Errorf("record payout %s (transfer %s): %w", payoutID, tr.ID, err)
	}
	return true, nil
}
