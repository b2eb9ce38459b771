// Package payouts moves collected rent to landlords through the bank
// transfer provider.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/provider/bankpayout"
	"github.com/keystone-pm/rent/internal/provider/transport"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/tasks"
)

var (
	ErrNotEligible       = errors.New("landlord is not enabled for instant payouts")
	ErrInsufficientFunds = errors.New("requested amount exceeds available balance")
	ErrNotResubmittable  = errors.New("only failed disbursements can be resubmitted")
	ErrInFlight          = errors.New("a request with this idempotency key is still in progress")
)

// BankAPI is the subset of the bank transfer client used here.
type BankAPI interface {
	CreateTransfer(ctx context.Context, req bankpayout.TransferRequest) (*bankpayout.Transfer, error)
}

type Service interface {
	InstantPayout(ctx context.Context, landlordID string, amountCents int64) (*repo.Disbursement, error)
	Resubmit(ctx context.Context, key, hash, disbursementID string) (*repo.DisbursementAttempt, error)
	Sweep(ctx context.Context, start, end time.Time) (int, error)
	Submit(ctx context.Context, disbursementID string) error
}

type Params struct {
	dig.In

	DB            *db.DB
	Disbursements repo.DisbursementStore
	Leases        repo.LeaseStore
	Idem          repo.IdempotencyStore
	Bank          BankAPI
	Jobs          tasks.Enqueuer
	Log           *slog.Logger
}

type service struct {
	db     *db.DB
	store  repo.DisbursementStore
	leases repo.LeaseStore
	idem   repo.IdempotencyStore
	bank   BankAPI
	jobs   tasks.Enqueuer
	log    *slog.Logger
}

func New(p Params) Service {
	return &service{
		db:     p.DB,
		store:  p.Disbursements,
		leases: p.Leases,
		idem:   p.Idem,
		bank:   p.Bank,
		jobs:   p.Jobs,
		log:    p.Log.With("component", "payouts"),
	}
}

// InstantPayout pays a landlord part of their collected balance ahead of the
// scheduled disbursement.
func (s *service) InstantPayout(ctx context.Context, landlordID string, amountCents int64) (*repo.Disbursement, error) {
	landlord, err := s.leases.GetLandlord(ctx, s.db.Q(), landlordID)
	if err != nil {
		return nil, err
	}
	if !landlord.InstantPayouts {
		return nil, ErrNotEligible
	}
	d := &repo.Disbursement{ID: ids.Disbursement(), LandlordID: landlordID, AmountCents: amountCents}
	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, landlordID); err != nil {
			return err
		}
		avail, err := s.store.AvailableForInstant(ctx, tx, landlordID)
		if err != nil {
			return err
		}
		if amountCents <= 0 || amountCents > avail {
			return ErrInsufficientFunds
		}
		return s.store.CreateInstant(ctx, tx, d)
	})
	if err != nil {
		return nil, err
	}
	t, err := s.bank.CreateTransfer(ctx, bankpayout.TransferRequest{
		ClientTransferID:   d.ID,
		RecipientAccountID: landlord.PayoutAccountID,
		AmountCents:        d.AmountCents,
		Speed:              bankpayout.SpeedInstant,
		Memo:               "Instant rent payout",
	})
	if err != nil {
		return d, s.recordFailure(ctx, d.ID, err)
	}
	if err := s.store.MarkSubmitted(ctx, s.db.Q(), d.ID, t.ID); err != nil {
		return d, err
	}
	d.Status, d.ProviderTransferID = repo.DisbursementSubmitted, &t.ID
	return d, nil
}

// recordFailure marks a disbursement failed when the provider definitively
// rejected it, and passes the original error through either way.
func (s *service) recordFailure(ctx context.Context, id string, cause error) error {
	var se *transport.StatusError
	if errors.As(cause, &se) && !se.Retryable() {
		if err := s.store.MarkFailed(ctx, s.db.Q(), id, se.Body); err != nil {
			s.log.Error("mark disbursement failed", "disbursement_id", id, "err", err)
		}
	}
	return cause
}

// Resubmit retries a failed disbursement as a new attempt. Each attempt has
// its own client_transfer_id; the attempt is created under the caller's
// idempotency key so a repeated request reuses it.
func (s *service) Resubmit(ctx context.Context, key, hash, disbursementID string) (*repo.DisbursementAttempt, error) {
	scope := "disbursement-resubmit:" + disbursementID
	var (
		att *repo.DisbursementAttempt
		d   *repo.Disbursement
	)
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		rec, fresh, err := s.idem.Claim(ctx, tx, scope, key, hash)
		if err != nil {
			return err
		}
		if !fresh {
			if rec.ResourceID == nil {
				return ErrInFlight
			}
			if att, err = s.store.GetAttempt(ctx, tx, *rec.ResourceID); err != nil {
				return err
			}
			d, err = s.store.Get(ctx, tx, att.DisbursementID)
			return err
		}
		if d, err = s.store.GetForUpdate(ctx, tx, disbursementID); err != nil {
			return err
		}
		if d.Status != repo.DisbursementFailed {
			return ErrNotResubmittable
		}
		n, err := s.store.NextAttemptNo(ctx, tx, d.ID)
		if err != nil {
			return err
		}
		att = &repo.DisbursementAttempt{ID: ids.DisbursementAttempt(), DisbursementID: d.ID, AttemptNo: n}
		if err := s.store.InsertAttempt(ctx, tx, att); err != nil {
			return err
		}
		return s.idem.AttachResource(ctx, tx, scope, key, att.ID)
	})
	if err != nil {
		return nil, err
	}
	if att.Status != "pending" {
		return att, nil
	}
	landlord, err := s.leases.GetLandlord(ctx, s.db.Q(), d.LandlordID)
	if err != nil {
		return nil, err
	}
	t, err := s.bank.CreateTransfer(ctx, bankpayout.TransferRequest{
		ClientTransferID:   att.ID,
		RecipientAccountID: landlord.PayoutAccountID,
		AmountCents:        d.AmountCents,
		Memo:               fmt.Sprintf("Rent disbursement %s (attempt %d)", d.ID, att.AttemptNo),
	})
	if err != nil {
		return att, err
	}
	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.store.MarkAttemptSubmitted(ctx, tx, att.ID, t.ID); err != nil {
			return err
		}
		return s.store.MarkSubmitted(ctx, tx, d.ID, t.ID)
	})
	if err != nil {
		return att, err
	}
	att.Status, att.ProviderTransferID = "submitted", &t.ID
	_ = s.idem.Complete(ctx, s.db.Q(), scope, key, http.StatusAccepted, att)
	return att, nil
}

// Sweep creates one scheduled disbursement per landlord for the rent
// collected in [start, end) and queues its submission.
func (s *service) Sweep(ctx context.Context, start, end time.Time) (int, error) {
	totals, err := s.store.LandlordTotals(ctx, s.db.Q(), start, end)
	if err != nil {
		return 0, err
	}
	created := 0
	for _, t := range totals {
		t := t
		err := s.db.InTx(ctx, func(tx pgx.Tx) error {
			d := &repo.Disbursement{
				ID:          ids.Disbursement(),
				LandlordID:  t.LandlordID,
				PeriodStart: &start,
				PeriodEnd:   &end,
				AmountCents: t.AmountCents,
			}
			if err := s.store.CreateScheduled(ctx, tx, d); err != nil {
				return err
			}
			if _, err := s.store.AssignPayments(ctx, tx, d.ID, t.LandlordID, start, end); err != nil {
				return err
			}
			_, err := s.jobs.InsertTx(ctx, tx, tasks.SubmitPayoutArgs{DisbursementID: d.ID}, nil)
			return err
		})
		if err != nil {
			return created, fmt.Errorf("disburse landlord %s: %w", t.LandlordID, err)
		}
		created++
	}
	return created, nil
}

// Submit sends a pending scheduled disbursement. The disbursement ID is the
// provider's client_transfer_id.
func (s *service) Submit(ctx context.Context, disbursementID string) error {
	d, err := s.store.Get(ctx, s.db.Q(), disbursementID)
	if err != nil {
		return err
	}
	if d.Status != repo.DisbursementPending {
		return nil
	}
	landlord, err := s.leases.GetLandlord(ctx, s.db.Q(), d.LandlordID)
	if err != nil {
		return err
	}
	memo := "Rent disbursement"
	if d.PeriodStart != nil && d.PeriodEnd != nil {
		memo = fmt.Sprintf("Rent %s to %s", d.PeriodStart.Format("Jan 2"), d.PeriodEnd.Format("Jan 2"))
	}
	t, err := s.bank.CreateTransfer(ctx, bankpayout.TransferRequest{
		ClientTransferID:   d.ID,
		RecipientAccountID: landlord.PayoutAccountID,
		AmountCents:        d.AmountCents,
		Speed:              bankpayout.SpeedStandard,
		Memo:               memo,
	})
	if err != nil {
		return s.recordFailure(ctx, d.ID, err)
	}
	return s.store.MarkSubmitted(ctx, s.db.Q(), d.ID, t.ID)
}
