package repayments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/repo"
)

// CardEvents handles card processor webhook events.
type CardEvents interface {
	HandleCardEvent(ctx context.Context, evt stripe.Event) error
}

const inboxSourceStripe = "stripe"

func (s *service) HandleCardEvent(ctx context.Context, evt stripe.Event) error {
	switch evt.Type {
	case stripe.EventTypePaymentIntentSucceeded:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment intent: %w", err)
		}
		return s.onSucceeded(ctx, evt, &pi)
	case stripe.EventTypePaymentIntentPaymentFailed:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment intent: %w", err)
		}
		return s.onFailed(ctx, evt, &pi)
	case stripe.EventTypeChargeDisputeCreated:
		var d stripe.Dispute
		if err := json.Unmarshal(evt.Data.Raw, &d); err != nil {
			return fmt.Errorf("decode dispute: %w", err)
		}
		return s.onDispute(ctx, evt, &d)
	default:
		s.log.Debug("ignoring stripe event", zap.String("type", string(evt.Type)))
		return nil
	}
}

// paymentFor finds our payment for a payment intent: by the processor
// reference when we stored it, otherwise by the payment_id metadata.
func (s *service) paymentFor(ctx context.Context, pi *stripe.PaymentIntent) (db.Payment, error) {
	p, err := s.store.Payments().GetPaymentByProcessorRef(ctx, pi.ID)
	if err == nil || !errors.Is(err, pgx.ErrNoRows) {
		return p, err
	}
	if id := pi.Metadata["payment_id"]; id != "" {
		return s.store.Payments().GetPayment(ctx, id)
	}
	return db.Payment{}, fmt.Errorf("no payment for intent %s: %w", pi.ID, err)
}

func (s *service) onSucceeded(ctx context.Context, evt stripe.Event, pi *stripe.PaymentIntent) error {
	p, err := s.paymentFor(ctx, pi)
	if err != nil {
		return err
	}
	loan, err := s.store.Loans().GetLoan(ctx, p.LoanID)
	if err != nil {
		return err
	}

	receipt, err := events.NewMessage(events.TopicNotifications, loan.CustomerID, events.CustomerNotification{
		CustomerID: loan.CustomerID,
		Template:   "repayment_received",
		Params: map[string]string{
			"loan_id":      loan.ID,
			"amount_cents": strconv.FormatInt(pi.AmountReceived, 10),
			"currency":     string(pi.Currency),
		},
		SentAt: time.Now().UTC(),
	})
	if err != nil {
		return err
	}
	if err := s.publisher.Publish(ctx, receipt); err != nil {
		return fmt.Errorf("send receipt: %w", err)
	}

	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		n, err := st.Dedup().InsertInboxEvent(ctx, inboxSourceStripe, evt.ID, string(evt.Type))
		if err != nil || n == 0 {
			return err
		}
		changed, err := st.Payments().MarkPaymentSucceeded(ctx, p.ID, pi.ID)
		if err != nil || changed == 0 {
			return err
		}
		return events.Enqueue(ctx, st.Outbox(), events.TopicRepaymentSettled, p.LoanID, events.RepaymentSettled{
			PaymentID:   p.ID,
			LoanID:      p.LoanID,
			AmountCents: p.AmountCents,
		})
	})
}

func (s *service) onFailed(ctx context.Context, evt stripe.Event, pi *stripe.PaymentIntent) error {
	p, err := s.paymentFor(ctx, pi)
	if err != nil {
		return err
	}
	code := "unknown"
	if pi.LastPaymentError != nil {
		code = string(pi.LastPaymentError.Code)
	}
	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		n, err := st.Dedup().InsertInboxEvent(ctx, inboxSourceStripe, evt.ID, string(evt.Type))
		if err != nil || n == 0 {
			return err
		}
		if err := st.Payments().MarkPaymentFailed(ctx, p.ID, code); err != nil {
			return err
		}
		loan, err := st.Loans().GetLoan(ctx, p.LoanID)
		if err != nil {
			return err
		}
		return events.Enqueue(ctx, st.Outbox(), events.TopicNotifications, loan.CustomerID, events.CustomerNotification{
			CustomerID: loan.CustomerID,
			Template:   "repayment_failed",
			Params:     map[string]string{"loan_id": loan.ID, "reason": code},
		})
	})
}

func (s *service) onDispute(ctx context.Context, evt stripe.Event, d *stripe.Dispute) error {
	if d.PaymentIntent == nil {
		return nil
	}
	p, err := s.paymentFor(ctx, d.PaymentIntent)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		n, err := st.Dedup().InsertInboxEvent(ctx, inboxSourceStripe, evt.ID, string(evt.Type))
		if err != nil || n == 0 {
			return err
		}
		return st.Loans().SetLoanStatus(ctx, p.LoanID, "disputed")
	})
}
