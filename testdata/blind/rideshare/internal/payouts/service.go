// Package payouts moves driver money to bank accounts: instant cash-outs on
// request, provider status updates, and reconciliation of stale payouts.
// Weekly batch payouts run as a Temporal workflow (see package payoutflow).
package payouts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/provider/payouts"
	"github.com/wayfare/ridepay/internal/store"
)

// Provider is the subset of the payouts client used here.
type Provider interface {
	CreatePayment(ctx context.Context, in payouts.Instruction, opts ...payouts.Option) (*payouts.Payment, error)
	GetPayment(ctx context.Context, reference string) (*payouts.Payment, error)
}

// Errors surfaced to the API layer.
var (
	ErrPayoutsFrozen     = errors.New("payouts are frozen for this driver")
	ErrNoPayee           = errors.New("driver has no verified bank account")
	ErrInsufficientFunds = errors.New("insufficient available balance")
	ErrKeyReuse          = errors.New("idempotency key reused with a different request")
	ErrBelowMinimum      = errors.New("amount below cash-out minimum")
)

// Service implements cash-outs and payout status handling.
type Service struct {
	sqldb    *sql.DB
	q        *db.Queries
	drivers  store.DriverRepo
	repo     store.PayoutRepo
	idem     store.IdempotencyRepo
	events   store.WebhookEventRepo
	provider Provider
	log      *slog.Logger

	cashoutFee     int64
	cashoutMinimum int64
	now            func() time.Time
}

// Config tunes the payouts service.
type Config struct {
	CashoutFeeCents     int64
	CashoutMinimumCents int64
}

// NewService wires the payouts service.
func NewService(sqldb *sql.DB, drivers store.DriverRepo, repo store.PayoutRepo, idem store.IdempotencyRepo,
	events store.WebhookEventRepo, provider Provider, cfg Config, log *slog.Logger) *Service {
	return &Service{
		sqldb:          sqldb,
		q:              db.New(sqldb),
		drivers:        drivers,
		repo:           repo,
		idem:           idem,
		events:         events,
		provider:       provider,
		log:            log,
		cashoutFee:     cfg.CashoutFeeCents,
		cashoutMinimum: cfg.CashoutMinimumCents,
		now:            time.Now,
	}
}

// CashoutRequest is a driver's instant cash-out.
type CashoutRequest struct {
	DriverID    uuid.UUID
	AmountCents int64
	Currency    string
}

// RequestCashout sends part of the driver's available balance to their bank
// account on instant rails. The caller's Idempotency-Key identifies the
// cash-out: repeating it returns (and if needed resumes) the same cash-out.
func (s *Service) RequestCashout(ctx context.Context, key string, req CashoutRequest) (db.Cashout, error) {
	if req.AmountCents < s.cashoutMinimum {
		return db.Cashout{}, ErrBelowMinimum
	}
	driver, err := s.drivers.Get(ctx, req.DriverID)
	if err != nil {
		return db.Cashout{}, fmt.Errorf("load driver: %w", err)
	}
	if driver.PayoutFrozen {
		return db.Cashout{}, ErrPayoutsFrozen
	}
	if !driver.PayeeID.Valid {
		return db.Cashout{}, ErrNoPayee
	}

	var co db.Cashout
	err = store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		claimed, err := s.idem.Claim(ctx, q, "cashout", key, fmt.Sprintf("%s|%d|%s", req.DriverID, req.AmountCents, req.Currency))
		if err != nil {
			return err
		}
		if !claimed {
			co, err = q.GetCashoutByKey(ctx, key)
			if err != nil {
				return fmt.Errorf("load cashout for key: %w", err)
			}
			if co.DriverID != req.DriverID || co.AmountCents != req.AmountCents {
				return ErrKeyReuse
			}
			return nil
		}

		co = db.Cashout{
			ID:             uuid.New(),
			DriverID:       req.DriverID,
			IdempotencyKey: key,
			AmountCents:    req.AmountCents,
			FeeCents:       s.cashoutFee,
			Currency:       req.Currency,
			Status:         "pending",
		}
		if err := q.InsertCashout(ctx, db.InsertCashoutParams{
			ID:             co.ID,
			DriverID:       co.DriverID,
			IdempotencyKey: co.IdempotencyKey,
			AmountCents:    co.AmountCents,
			FeeCents:       co.FeeCents,
			Currency:       co.Currency,
		}); err != nil {
			return fmt.Errorf("insert cashout: %w", err)
		}
		n, err := q.HoldBalance(ctx, db.HoldBalanceParams{DriverID: req.DriverID, AmountCents: req.AmountCents + s.cashoutFee})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrInsufficientFunds
		}
		_, err = ledger.Journal(ctx, q, ledger.Entry{
			ID:         ids.LedgerKey("cashout", co.ID.String()),
			DriverID:   req.DriverID,
			Kind:       ledger.KindCashout,
			Amount:     -(req.AmountCents + s.cashoutFee),
			Currency:   req.Currency,
			SourceType: "cashout",
			SourceRef:  co.ID.String(),
			Memo:       "Instant cash-out",
		})
		return err
	})
	if err != nil {
		return db.Cashout{}, err
	}
	if co.Status != "pending" {
		return co, nil
	}
	return s.submitCashout(ctx, driver, co)
}

func (s *Service) submitCashout(ctx context.Context, driver db.Driver, co db.Cashout) (db.Cashout, error) {
	ref := co.ID.String()
	prior, err := s.repo.CountAttempts(ctx, ref)
	if err != nil {
		return co, err
	}

	p, sendErr := s.provider.CreatePayment(ctx, payouts.Instruction{
		PayeeID:     driver.PayeeID.String,
		AmountCents: co.AmountCents,
		Currency:    co.Currency,
	}, payouts.WithPaymentReference(ref), payouts.WithInstant(), payouts.WithMemo("Instant cash-out"))

	attempt := db.InsertPayoutAttemptParams{
		ID:        ids.NewAttemptID(),
		Reference: ref,
		AttemptNo: prior + 1,
		Outcome:   "accepted",
	}
	if sendErr != nil {
		attempt.Outcome, attempt.Detail = "error", sendErr.Error()
	}
	if err := s.repo.RecordAttempt(ctx, attempt); err != nil {
		s.log.WarnContext(ctx, "could not record payout attempt", "reference", ref, "err", err)
	}
	if sendErr != nil {
		return co, sendErr
	}

	if _, err := s.q.MarkCashoutSubmitted(ctx, db.MarkCashoutSubmittedParams{
		ID:                co.ID,
		ProviderPaymentID: sql.NullString{String: p.ID, Valid: true},
	}); err != nil {
		return co, fmt.Errorf("mark cashout submitted: %w", err)
	}
	co.Status = "submitted"
	co.ProviderPaymentID = sql.NullString{String: p.ID, Valid: true}
	return co, nil
}

// HandleStatusEvent applies a payouts-provider webhook delivery.
func (s *Service) HandleStatusEvent(ctx context.Context, ev payouts.StatusEvent) error {
	first, err := s.events.MarkProcessed(ctx, "payouts", ev.EventID)
	if err != nil {
		return err
	}
	if !first {
		s.log.DebugContext(ctx, "duplicate payout webhook", "event_id", ev.EventID)
		return nil
	}

	ref := sql.NullString{String: ev.PaymentReference, Valid: true}
	switch ev.Type {
	case payouts.EventPaymentCompleted:
		_, err := s.q.MarkPayoutLinePaidByRef(ctx, ref)
		return err
	case payouts.EventPaymentFailed, payouts.EventPaymentReturned:
		return store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
			line, err := q.MarkPayoutLineFailedByRef(ctx, db.MarkPayoutLineFailedByRefParams{
				PaymentReference: ref,
				FailureReason:    sql.NullString{String: ev.FailureReason, Valid: ev.FailureReason != ""},
			})
			if store.IsNotFound(err) {
				return nil
			}
			if err != nil {
				return err
			}
			return s.returnFunds(ctx, q, line, ev.PaymentReference)
		})
	default:
		return nil
	}
}

// returnFunds credits a failed payout back to the driver's balance.
func (s *Service) returnFunds(ctx context.Context, q *db.Queries, line db.PayoutLine, reference string) error {
	_, err := ledger.Post(ctx, q, ledger.Entry{
		ID:         ids.LedgerKey("payout_return", reference),
		DriverID:   line.DriverID,
		Kind:       ledger.KindPayoutReturn,
		Amount:     line.AmountCents,
		Currency:   line.Currency,
		SourceType: "payout",
		SourceRef:  reference,
		Memo:       "Bank transfer returned",
	})
	return err
}

// ReconcileStale asks the provider about payouts that were submitted more
// than olderThan ago and still have no final status.
func (s *Service) ReconcileStale(ctx context.Context, olderThan time.Duration, limit int32) (int, error) {
	lines, err := s.repo.ListStaleSubmitted(ctx, s.now().Add(-olderThan), limit)
	if err != nil {
		return 0, err
	}
	updated := 0
	for _, line := range lines {
		ref := line.PaymentReference.String
		p, err := s.provider.GetPayment(ctx, ref)
		if err != nil {
			s.log.WarnContext(ctx, "payout status lookup failed", "reference", ref, "err", err)
			continue
		}
		switch p.Status {
		case payouts.StatusCompleted:
			n, err := s.q.MarkPayoutLineReconciled(ctx, db.MarkPayoutLineReconciledParams{ID: line.ID, Status: "paid"})
			if err != nil {
				return updated, err
			}
			updated += int(n)
		case payouts.StatusFailed, payouts.StatusReturned:
			err := store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
				n, err := q.MarkPayoutLineReconciled(ctx, db.MarkPayoutLineReconciledParams{ID: line.ID, Status: "failed"})
				if err != nil || n == 0 {
					return err
				}
				updated++
				return s.returnFunds(ctx, q, line, ref)
			})
			if err != nil {
				return updated, err
			}
		}
	}
	return updated, nil
}
