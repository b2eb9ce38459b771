// Package payouts pays approved claims: to the policyholder's bank account
// through the bank-transfer partner, or to the clinic's Stripe connected
// account when the policyholder chose to pay the vet directly.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
	"github.com/pawsure/premiums/internal/provider/bank"
	"github.com/pawsure/premiums/internal/provider/messaging"
	"github.com/pawsure/premiums/internal/provider/payments"
	"github.com/pawsure/premiums/internal/repo"
	"github.com/pawsure/premiums/internal/service/notify"
)

var ErrNoBankAccount = errors.New("payouts: policyholder has no bank account on file")

// TransferStatusEvent is the bank partner's transfer status callback.
type TransferStatusEvent struct {
	EventID    string `json:"event_id"`
	TransferID string `json:"transfer_id"`
	Status     string `json:"status"` // paid, returned, failed
	ReturnCode string `json:"return_code,omitempty"`
}

type Service interface {
	Execute(ctx context.Context, payoutID string) error
	Reissue(ctx context.Context, payoutID, accountToken string) error
	HandleTransferStatus(ctx context.Context, evt TransferStatusEvent) error
}

type Deps struct {
	Store    *db.Store
	Payouts  repo.PayoutRepository
	Claims   repo.ClaimRepository
	Ledger   repo.LedgerRepository
	Bank     *bank.Client
	Payments payments.Gateway
	Notify   notify.Queuer
	Log      *slog.Logger
}

type service struct{ Deps }

func NewService(d Deps) Service { return &service{Deps: d} }

// Execute submits a pending payout. The payout id is the provider's
// idempotency key, so a retried job never pays twice.
func (s *service) Execute(ctx context.Context, payoutID string) error {
	p, err := s.Store.GetPayout(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != "pending" {
		return nil
	}
	c, err := s.Store.GetClaim(ctx, p.ClaimID)
	if err != nil {
		return err
	}

	var ref string
	switch p.PayeeKind {
	case "clinic":
		clinic, err := s.Store.GetClinicByCode(ctx, c.ClinicCode.String)
		if err != nil {
			return err
		}
		ref, err = s.Payments.TransferToClinic(ctx, clinic.StripeAccount.String, p.AmountCents, p.Currency,
			payments.WithIdempotencyKey("payout:"+p.ID),
			payments.WithMetadata("claim_id", c.ID))
		if err != nil {
			return err
		}
	default:
		pol, err := s.Store.GetPolicy(ctx, p.PolicyID)
		if err != nil {
			return err
		}
		ph, err := s.Store.GetPolicyholder(ctx, pol.PolicyholderID)
		if err != nil {
			return err
		}
		if !ph.BankAccountToken.Valid {
			return ErrNoBankAccount
		}
		var t bank.Transfer
		err = s.Bank.NewRequest().
			WithIdempotencyKey(p.ID).
			Body(bank.TransferInput{
				AccountToken: ph.BankAccountToken.String,
				AmountMinor:  p.AmountCents,
				Currency:     p.Currency,
				Reference:    "PawSure claim " + c.VetInvoiceNumber,
				Metadata:     map[string]string{"payout_id": p.ID},
			}).
			Post(ctx, bank.TransfersPath, &t)
		if err != nil {
			return err
		}
		ref = t.ID
	}
	return s.Store.MarkPayoutSubmitted(ctx, p.ID, ref, p.Attempt+1)
}

// Reissue re-sends a returned payout to the policyholder's new account.
func (s *service) Reissue(ctx context.Context, payoutID, accountToken string) error {
	p, err := s.Store.GetPayout(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != "returned" {
		return nil
	}
	c, err := s.Store.GetClaim(ctx, p.ClaimID)
	if err != nil {
		return err
	}
	var t bank.Transfer
	req := s.Bank.NewRequest().Body(bank.TransferInput{
		AccountToken: accountToken,
		AmountMinor:  p.AmountCents,
		Currency:     p.Currency,
		Reference:    "PawSure claim " + c.VetInvoiceNumber,
		Metadata:     map[string]string{"payout_id": p.ID, "reissue": "true"},
	})
	if err := req.Post(ctx, bank.TransfersPath, &t); err != nil {
		return fmt.Errorf("reissue payout %s: %w", p.ID, err)
	}
	return s.Store.MarkPayoutSubmitted(ctx, p.ID, t.ID, p.Attempt+1)
}

// HandleTransferStatus applies the bank partner's status callback.
func (s *service) HandleTransferStatus(ctx context.Context, evt TransferStatusEvent) error {
	p, err := s.Payouts.GetByTransferRef(ctx, evt.TransferID)
	if errors.Is(err, repo.ErrNotFound) {
		s.Log.Warn("status for unknown transfer", "transfer_id", evt.TransferID)
		return nil
	}
	if err != nil {
		return err
	}
	switch evt.Status {
	case "paid":
		if p.Status == "paid" {
			return nil
		}
		if err := s.Payouts.MarkPaid(ctx, p.ID); err != nil {
			return err
		}
		if err := s.Claims.MarkSettled(ctx, p.ClaimID); err != nil {
			return err
		}
		if err := s.Ledger.Append(ctx, db.LedgerEntry{
			ID:          ids.Derive("ledger", "payout", p.ID),
			PolicyID:    p.PolicyID,
			Account:     "claims_paid",
			AmountCents: -p.AmountCents,
			Currency:    p.Currency,
			ExternalRef: db.NullString(evt.TransferID),
			Memo:        "claim payout " + p.ClaimID,
		}); err != nil {
			return err
		}
		return s.notifyPolicyholder(ctx, p, "payout-paid:"+p.ID, "claim_paid")
	case "returned", "failed":
		if p.Status == "returned" {
			return nil
		}
		if err := s.Payouts.MarkReturned(ctx, p.ID); err != nil {
			return err
		}
		return s.notifyPolicyholder(ctx, p, "payout-returned:"+p.ID, "payout_returned")
	default:
		return nil
	}
}

func (s *service) notifyPolicyholder(ctx context.Context, p db.Payout, dedupKey, template string) error {
	return s.Store.ExecTx(ctx, func(q *db.Queries) error {
		pol, err := q.GetPolicy(ctx, p.PolicyID)
		if err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       dedupKey,
			PolicyholderID: pol.PolicyholderID,
			Channel:        messaging.Email,
			Template:       template,
			Params:         map[string]string{"claim_id": p.ClaimID, "amount": fmt.Sprintf("%.2f", float64(p.AmountCents)/100)},
		})
	})
}
