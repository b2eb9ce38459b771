package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/payments"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// PaymentService collects patient co-pays by card and refunds them.
type PaymentService struct {
	tx         Tx
	statements statementStore
	accounts   accountStore
	ledger     ledgerStore
	copays     interface {
		InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, p *domain.CopayPayment) (*domain.CopayPayment, error)
		Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.CopayPayment, error)
		GetByIntent(ctx context.Context, q sqlx.ExtContext, intentID string) (*domain.CopayPayment, error)
		AttachIntent(ctx context.Context, q sqlx.ExtContext, id, intentID, status string) error
		Transition(ctx context.Context, q sqlx.ExtContext, id, from, to string) (bool, error)
	}
	refunds interface {
		InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, rf *domain.CopayRefund) (*domain.CopayRefund, error)
		RefundedTotal(ctx context.Context, q sqlx.ExtContext, paymentID string) (int64, error)
		MarkResult(ctx context.Context, q sqlx.ExtContext, id, stripeRefundID, status string) error
	}
	stripeEvents interface {
		Record(ctx context.Context, q sqlx.ExtContext, eventID, eventType string) (bool, error)
	}
	stripe PaymentProvider
	events EventPublisher
	now    Clock
	log    *slog.Logger
}

// NewPaymentService builds a PaymentService.
func NewPaymentService(tx Tx, statements *repository.StatementRepo, accounts *repository.PatientAccountRepo,
	ledger *repository.LedgerRepo, copays *repository.CopayRepo, refunds *repository.RefundRepo,
	stripeEvents *repository.StripeEventRepo, provider PaymentProvider, events EventPublisher,
	now Clock, log *slog.Logger) *PaymentService {
	return &PaymentService{
		tx: tx, statements: statements, accounts: accounts, ledger: ledger, copays: copays, refunds: refunds,
		stripeEvents: stripeEvents, stripe: provider, events: events, now: now, log: log,
	}
}

// CollectCopayInput is a card payment against a statement.
type CollectCopayInput struct {
	StatementID     string
	ClientReference string
	AmountCents     int64
	PaymentMethodID string
	CustomerID      string
}

func intentStatus(s string) string {
	switch stripe.PaymentIntentStatus(s) {
	case stripe.PaymentIntentStatusSucceeded:
		return domain.PaymentSucceeded
	case stripe.PaymentIntentStatusProcessing, stripe.PaymentIntentStatusRequiresCapture:
		return domain.PaymentProcessing
	case stripe.PaymentIntentStatusCanceled, stripe.PaymentIntentStatusRequiresPaymentMethod:
		return domain.PaymentFailed
	default:
		return domain.PaymentPending
	}
}

// CollectCopay charges the patient's card. The payment row is written
// before Stripe is called and its id is the Stripe idempotency key, so a
// repeated request with the same client reference charges once.
func (s *PaymentService) CollectCopay(ctx context.Context, in CollectCopayInput) (*domain.CopayPayment, error) {
	q := s.tx.Ext(ctx)
	st, err := s.statements.Get(ctx, q, in.StatementID)
	if err != nil {
		return nil, err
	}
	if st.Status == domain.StatementPaid || st.Status == domain.StatementVoid {
		return nil, apperr.Conflict("statement %s is %s", st.ID, st.Status)
	}
	if in.AmountCents <= 0 || in.AmountCents > st.AmountDueCents {
		return nil, apperr.Invalid("amount must be between 1 and %d cents", st.AmountDueCents)
	}
	acct, err := s.accounts.Get(ctx, q, st.PatientAccountID)
	if err != nil {
		return nil, err
	}
	p, err := s.copays.InsertIfAbsent(ctx, q, &domain.CopayPayment{
		ID:               ids.Derive("cpy", st.ID, in.ClientReference),
		StatementID:      st.ID,
		PatientAccountID: acct.ID,
		PracticeID:       acct.PracticeID,
		ClientReference:  in.ClientReference,
		AmountCents:      in.AmountCents,
		Status:           domain.PaymentPending,
		CreatedAt:        s.now(),
	})
	if err != nil {
		return nil, err
	}
	if p.AmountCents != in.AmountCents {
		return nil, apperr.Conflict("client reference %s was used for a different amount", in.ClientReference)
	}
	if p.Status != domain.PaymentPending {
		return p, nil
	}

	intent, err := s.stripe.CreateCopayIntent(ctx, payments.CopayIntentInput{
		AmountCents:     p.AmountCents,
		PaymentMethodID: in.PaymentMethodID,
		CustomerID:      in.CustomerID,
		Description:     fmt.Sprintf("Co-pay, statement %s", st.ID),
		Metadata: map[string]string{
			"copay_payment_id": p.ID,
			"statement_id":     st.ID,
			"practice_id":      p.PracticeID,
		},
		IdempotencyKey: "copay:" + p.ID,
	})
	if err != nil {
		return nil, apperr.Upstream(err, "charge co-pay")
	}
	status := intentStatus(intent.Status)
	if err := s.copays.AttachIntent(ctx, q, p.ID, intent.ID, status); err != nil {
		return nil, err
	}
	p.StripePaymentIntentID = &intent.ID
	p.Status = status
	return p, nil
}

// RefundInput is a request to refund part of a co-pay.
type RefundInput struct {
	PaymentID       string
	RefundRequestID string
	AmountCents     int64
	Reason          string
}

// Refund returns money to the patient's card and reverses the practice
// ledger credit.
func (s *PaymentService) Refund(ctx context.Context, in RefundInput) (*domain.CopayRefund, error) {
	q := s.tx.Ext(ctx)
	p, err := s.copays.Get(ctx, q, in.PaymentID)
	if err != nil {
		return nil, err
	}
	if p.Status != domain.PaymentSucceeded || p.StripePaymentIntentID == nil {
		return nil, apperr.Conflict("payment %s is %s and cannot be refunded", p.ID, p.Status)
	}
	rf, err := s.refunds.InsertIfAbsent(ctx, q, &domain.CopayRefund{
		ID:              ids.Derive("rfd", p.ID, in.RefundRequestID),
		PaymentID:       p.ID,
		RefundRequestID: in.RefundRequestID,
		AmountCents:     in.AmountCents,
		Reason:          in.Reason,
		Status:          domain.PaymentPending,
		CreatedAt:       s.now(),
	})
	if err != nil {
		return nil, err
	}
	if rf.Status == domain.PaymentSucceeded {
		return rf, nil
	}
	refunded, err := s.refunds.RefundedTotal(ctx, q, p.ID)
	if err != nil {
		return nil, err
	}
	if refunded > p.AmountCents {
		_ = s.refunds.MarkResult(ctx, q, rf.ID, "", domain.PaymentFailed)
		return nil, apperr.Unprocessable("refunds would exceed the %d cents collected", p.AmountCents)
	}

	res, err := s.stripe.Refund(ctx, payments.RefundInput{
		PaymentIntentID: *p.StripePaymentIntentID,
		AmountCents:     rf.AmountCents,
		Reason:          string(stripe.RefundReasonRequestedByCustomer),
		Metadata:        map[string]string{"refund_id": rf.ID, "copay_payment_id": p.ID},
	})
	if err != nil {
		return nil, apperr.Upstream(err, "refund co-pay")
	}

	key := "refund:" + rf.ID
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		if err := s.refunds.MarkResult(ctx, q, rf.ID, res.ID, domain.PaymentSucceeded); err != nil {
			return err
		}
		posted, err := s.ledger.AppendKeyed(ctx, q, &domain.LedgerEntry{
			ID:             uuid.NewString(),
			PracticeID:     p.PracticeID,
			EntryType:      domain.LedgerRefund,
			AmountCents:    -rf.AmountCents,
			IdempotencyKey: &key,
			Memo:           "co-pay refund " + rf.RefundRequestID,
			CreatedAt:      s.now(),
		})
		if err != nil || !posted {
			return err
		}
		return s.accounts.AddBalance(ctx, q, p.PatientAccountID, rf.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	rf.Status = domain.PaymentSucceeded
	rf.StripeRefundID = &res.ID
	return rf, nil
}

// PayoutTransferred is published when Stripe reports a payout transfer.
type PayoutTransferred struct {
	PayoutID   string `json:"payout_id"`
	TransferID string `json:"transfer_id"`
}

// HandleStripeEvent applies a verified Stripe webhook event. The event id
// is recorded in the same transaction as its effects.
func (s *PaymentService) HandleStripeEvent(ctx context.Context, ev stripe.Event) error {
	var announce *PayoutTransferred
	if ev.Type == stripe.EventTypeTransferCreated {
		var t stripe.Transfer
		if err := json.Unmarshal(ev.Data.Raw, &t); err != nil {
			return apperr.Invalid("decode transfer: %v", err)
		}
		if id := t.Metadata["payout_id"]; id != "" {
			announce = &PayoutTransferred{PayoutID: id, TransferID: t.ID}
		}
	}
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		fresh, err := s.stripeEvents.Record(ctx, q, ev.ID, string(ev.Type))
		if err != nil || !fresh {
			return err
		}
		switch ev.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode payment intent: %w", err)
			}
			return s.applyCopaySucceeded(ctx, q, &pi)
		case stripe.EventTypePaymentIntentPaymentFailed:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode payment intent: %w", err)
			}
			p, err := s.copays.GetByIntent(ctx, q, pi.ID)
			if apperr.KindOf(err) == apperr.KindNotFound {
				return nil
			}
			if err != nil {
				return err
			}
			for _, from := range []string{domain.PaymentPending, domain.PaymentProcessing} {
				if _, err := s.copays.Transition(ctx, q, p.ID, from, domain.PaymentFailed); err != nil {
					return err
				}
			}
			return nil
		case stripe.EventTypeTransferCreated:
			return nil
		default:
			s.log.Debug("ignoring stripe event", "type", ev.Type, "id", ev.ID)
			return nil
		}
	})
	if err != nil || announce == nil {
		return err
	}
	// Announced on every delivery, including repeats, so a failed publish
	// is repaired by Stripe's retry; settlement is a guarded transition.
	return s.events.Publish(ctx, TopicPayoutTransfered, *announce)
}

func (s *PaymentService) applyCopaySucceeded(ctx context.Context, q sqlx.ExtContext, pi *stripe.PaymentIntent) error {
	p, err := s.copays.GetByIntent(ctx, q, pi.ID)
	if apperr.KindOf(err) == apperr.KindNotFound {
		// Intents created outside the clearinghouse (e.g. the practice's own
		// terminal) are not ours to post.
		return nil
	}
	if err != nil {
		return err
	}
	moved := false
	for _, from := range []string{domain.PaymentPending, domain.PaymentProcessing} {
		ok, err := s.copays.Transition(ctx, q, p.ID, from, domain.PaymentSucceeded)
		if err != nil {
			return err
		}
		moved = moved || ok
	}
	if !moved {
		return nil
	}
	key := "copay:" + pi.ID
	if _, err := s.ledger.AppendKeyed(ctx, q, &domain.LedgerEntry{
		ID:             uuid.NewString(),
		PracticeID:     p.PracticeID,
		EntryType:      domain.LedgerCopayCollected,
		AmountCents:    p.AmountCents,
		IdempotencyKey: &key,
		Memo:           "co-pay statement " + p.StatementID,
		CreatedAt:      s.now(),
	}); err != nil {
		return err
	}
	if err := s.accounts.AddBalance(ctx, q, p.PatientAccountID, -p.AmountCents); err != nil {
		return err
	}
	st, err := s.statements.Get(ctx, q, p.StatementID)
	if err != nil {
		return err
	}
	if p.AmountCents >= st.AmountDueCents {
		return s.statements.SetStatus(ctx, q, st.ID, domain.StatementPaid)
	}
	return nil
}
