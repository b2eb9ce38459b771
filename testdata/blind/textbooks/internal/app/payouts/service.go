// Package payouts pays students for their books: by card through Stripe
// Connect, or as store credit on our own ledger.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
	"github.com/quirecampus/bookloop/internal/provider/stripepay"
)

type Store interface {
	Get(ctx context.Context, id string) (*domain.Payout, error)
	MarkInTransit(ctx context.Context, id, transferID, payoutID string) error
	MarkPaid(ctx context.Context, id string) error
	LogAttempt(ctx context.Context, a *domain.PayoutAttempt) error
	FinishAttempt(ctx context.Context, attemptID, step string, cause error) error
}

type Ledger interface {
	PostBuybackCredit(ctx context.Context, e *domain.CreditEntry) (bool, error)
}

type Students interface {
	Get(ctx context.Context, id string) (*domain.Student, error)
}

type Money interface {
	Transfer(ctx context.Context, req stripepay.TransferRequest) (*stripe.Transfer, error)
	InstantPayout(ctx context.Context, req stripepay.PayoutRequest) (*stripe.Payout, error)
}

type Notifications interface {
	Queue(ctx context.Context, studentID, template string, vars map[string]string) error
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// ErrNotOnboarded means the student has no payout-enabled Stripe account
// yet; the account.updated webhook queues the payout again when they do.
var ErrNotOnboarded = errors.New("student has no payout account")

type Service struct {
	Payouts  Store
	Ledger   Ledger
	Students Students
	Money    Money
	Notify   Notifications
	Tx       TxRunner
	NewID    ids.Generator
}

var _ app.PayoutService = (*Service)(nil)

func (s *Service) Disburse(ctx context.Context, payoutID string) error {
	p, err := s.Payouts.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	switch {
	case p.Status == domain.PayoutInTransit || p.Status == domain.PayoutPaid:
		return nil
	case p.Status != domain.PayoutReady || p.Method != domain.PayoutDebitCard:
		return fmt.Errorf("payout %s is %s/%s: %w", p.ID, p.Method, p.Status, asynq.SkipRetry)
	case p.AmountCents <= 0:
		// Every book in the drop-off was rejected; nothing to send.
		return s.Payouts.MarkPaid(ctx, p.ID)
	}

	student, err := s.Students.Get(ctx, p.StudentID)
	if err != nil {
		return err
	}
	if student.StripeAccountID == "" {
		return fmt.Errorf("%w: %w", ErrNotOnboarded, asynq.SkipRetry)
	}

	attempt := &domain.PayoutAttempt{
		ID:       ids.NewUUID(),
		PayoutID: p.ID,
		Attempt:  queue.Attempt(ctx) + 1,
		Step:     "started",
	}
	if err := s.Payouts.LogAttempt(ctx, attempt); err != nil {
		return err
	}
	finish := func(step string, cause error) error {
		if err := s.Payouts.FinishAttempt(ctx, attempt.ID, step, cause); err != nil {
			slog.WarnContext(ctx, "payout attempt log", "attempt", attempt.ID, "err", err)
		}
		return cause
	}

	tr, err := s.Money.Transfer(ctx, stripepay.TransferRequest{
		AmountCents:   p.AmountCents,
		Destination:   student.StripeAccountID,
		TransferGroup: "dropoff_" + p.DropoffID,
		Metadata:      map[string]string{"payout_id": p.ID, "student_id": p.StudentID},
	})
	if err != nil {
		return finish("transfer", fmt.Errorf("transfer: %w", err))
	}

	po, err := s.Money.InstantPayout(ctx, stripepay.PayoutRequest{
		Account:        student.StripeAccountID,
		AmountCents:    p.AmountCents,
		Descriptor:     "BOOKLOOP BUYBACK",
		IdempotencyKey: "bookloop-payout-" + p.ID,
	})
	if err != nil {
		return finish("instant_payout", fmt.Errorf("instant payout: %w", err))
	}
	_ = finish("submitted", nil)

	if err := s.Payouts.MarkInTransit(ctx, p.ID, tr.ID, po.ID); err != nil && !errors.Is(err, app.ErrStale) {
		return err
	}
	return nil
}

// IssueCredit pays a store-credit payout onto the student's ledger.
func (s *Service) IssueCredit(ctx context.Context, payoutID string) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := s.Payouts.Get(ctx, payoutID)
		if err != nil {
			return err
		}
		if p.Status == domain.PayoutPaid {
			return nil
		}
		if p.Status != domain.PayoutReady || p.Method != domain.PayoutStoreCredit {
			return fmt.Errorf("payout %s is %s/%s: %w", p.ID, p.Method, p.Status, asynq.SkipRetry)
		}
		posted, err := s.Ledger.PostBuybackCredit(ctx, &domain.CreditEntry{
			ID:          s.NewID(),
			StudentID:   p.StudentID,
			AmountCents: p.AmountCents,
			Reason:      "buyback_credit",
			SourceRef:   "payout:" + p.ID,
		})
		if err != nil {
			return err
		}
		if err := s.Payouts.MarkPaid(ctx, p.ID); err != nil && !errors.Is(err, app.ErrStale) {
			return err
		}
		if !posted {
			return nil
		}
		return s.Notify.Queue(ctx, p.StudentID, "credit_issued", map[string]string{
			"amount": fmt.Sprintf("%.2f", float64(p.AmountCents)/100),
		})
	})
}
