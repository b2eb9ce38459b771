package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
)

const providerStripe = "stripe"

// StripeEventService applies Stripe webhook events. Online renewals are paid
// through the customer portal, which creates the PaymentIntent with the loan
// in its metadata; we only learn about them here.
type StripeEventService struct {
	tx       Transactor
	events   WebhookEventRepository
	loans    LoanRepository
	payments PaymentRepository
	log      *slog.Logger
	now      Clock
}

func NewStripeEventService(tx Transactor, events WebhookEventRepository, loans LoanRepository, payments PaymentRepository, log *slog.Logger, now Clock) *StripeEventService {
	return &StripeEventService{tx: tx, events: events, loans: loans, payments: payments, log: log, now: now}
}

func (s *StripeEventService) Handle(ctx context.Context, ev domain.StripeEvent) error {
	seen, err := s.events.Seen(ctx, providerStripe, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	switch ev.Type {
	case "payment_intent.succeeded":
		err = s.onlineRenewal(ctx, ev)
	case "charge.refunded":
		err = s.chargeRefunded(ctx, ev)
	default:
		s.log.DebugContext(ctx, "ignoring stripe event", "type", ev.Type, "id", ev.ID)
	}
	if err != nil {
		return fmt.Errorf("%s %s: %w", ev.Type, ev.ID, err)
	}
	return s.events.MarkProcessed(ctx, providerStripe, ev.ID, ev.Type)
}

func (s *StripeEventService) onlineRenewal(ctx context.Context, ev domain.StripeEvent) error {
	if ev.Metadata["purpose"] != "online_renewal" {
		return nil
	}
	loanID, err := uuid.Parse(ev.Metadata["loan_id"])
	if err != nil {
		s.log.WarnContext(ctx, "online renewal without a loan id", "payment_intent", ev.PaymentIntentID)
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		loan, err := s.loans.GetForUpdate(ctx, loanID)
		if err != nil {
			return err
		}
		if loan.Status != domain.LoanActive {
			// Paid after the loan closed; the back office refunds these by hand.
			s.log.WarnContext(ctx, "online renewal for closed loan", "loan_id", loan.ID, "status", loan.Status)
			return nil
		}
		renewal := domain.Renewal{
			ID:                    uuid.New(),
			LoanID:                loan.ID,
			Channel:               domain.RenewalOnline,
			InterestPaid:          ev.Amount,
			PreviousDueDate:       loan.DueDate,
			NewDueDate:            loan.NextDueDate(),
			StripePaymentIntentID: &ev.PaymentIntentID,
			CreatedAt:             s.now(),
		}
		if err := s.payments.InsertRenewal(ctx, renewal); err != nil {
			return err
		}
		return s.loans.Extend(ctx, loan.ID, renewal.NewDueDate)
	})
}

func (s *StripeEventService) chargeRefunded(ctx context.Context, ev domain.StripeEvent) error {
	if ev.ChargeID == "" {
		return nil
	}
	updated, err := s.payments.MarkRefunded(ctx, ev.ChargeID, ev.Created)
	if err != nil {
		return err
	}
	if !updated {
		s.log.InfoContext(ctx, "refund already recorded or charge unknown", "charge", ev.ChargeID)
	}
	return nil
}
