package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
)

// PaymentService handles card payments from the machines' readers and
// support-initiated refunds.
type PaymentService struct {
	tx       TxRunner
	payments PaymentRepository
	refunds  RefundRepository
	card     CardProcessor
	clock    Clock
	log      *slog.Logger
}

func NewPaymentService(tx TxRunner, payments PaymentRepository, refunds RefundRepository, card CardProcessor, clock Clock, log *slog.Logger) *PaymentService {
	return &PaymentService{tx: tx, payments: payments, refunds: refunds, card: card, clock: clock, log: log.With("svc", "payments")}
}

func (s *PaymentService) Get(ctx context.Context, id string) (domain.Payment, error) {
	return s.payments.Get(ctx, id)
}

// Authorize places a hold on the customer's card for the selected product.
// The reader sends its own transaction reference, which is unique per tap.
func (s *PaymentService) Authorize(ctx context.Context, cmd domain.AuthorizeCard) (domain.Payment, error) {
	if err := cmd.Validate(); err != nil {
		return domain.Payment{}, err
	}

	p, created, err := s.payments.CreatePending(ctx, domain.Payment{
		ID:            ids.New(),
		MachineID:     cmd.MachineID,
		MachineTxnRef: cmd.MachineTxnRef,
		AmountCents:   cmd.AmountCents,
		Currency:      cmd.Currency,
		Status:        domain.PaymentPending,
		VendStatus:    domain.VendUnknown,
	})
	if err != nil {
		return domain.Payment{}, fmt.Errorf("create payment: %w", err)
	}
	if !created && p.Status != domain.PaymentPending {
		// The reader repeated a tap we already answered.
		return p, nil
	}

	res, err := s.card.Authorize(ctx, CardAuthorization{
		CardToken:   cmd.CardToken,
		AmountCents: cmd.AmountCents,
		Currency:    cmd.Currency,
		Reference:   p.ID,
		TerminalID:  cmd.MachineID,
	})
	s.recordAttempt(ctx, p.ID, "authorize", res.DeclineCode, err)
	if err != nil {
		return p, fmt.Errorf("authorize card: %w", err)
	}

	if !res.Approved {
		if err := s.payments.MarkDeclined(ctx, p.ID); err != nil {
			return p, err
		}
		p.Status = domain.PaymentDeclined
		return p, domain.ErrDeclined
	}
	if err := s.payments.MarkAuthorized(ctx, p.ID, res.AuthorizationID); err != nil {
		return p, fmt.Errorf("store authorization %s: %w", res.AuthorizationID, err)
	}
	p.Status = domain.PaymentAuthorized
	p.ProviderAuthID = res.AuthorizationID
	return p, nil
}

// recordAttempt keeps an audit trail of every processor call. Failing to
// write it must not fail the payment.
func (s *PaymentService) recordAttempt(ctx context.Context, paymentID, op, code string, callErr error) {
	outcome := "ok"
	if callErr != nil {
		outcome = "error"
	} else if code != "" {
		outcome = "declined"
	}
	err := s.payments.RecordAttempt(ctx, domain.PaymentAttempt{
		ID:           ids.New(),
		PaymentID:    paymentID,
		Operation:    op,
		Outcome:      outcome,
		ProviderCode: code,
		At:           s.clock.Now(),
	})
	if err != nil {
		s.log.WarnContext(ctx, "payment attempt not recorded", "payment_id", paymentID, "err", err)
	}
}

// RecordVendResult stores the machine's report of whether the product
// dropped. Delivered payments become capturable; failed ones are reversed
// by the vend-failure telemetry consumer.
func (s *PaymentService) RecordVendResult(ctx context.Context, v domain.VendResult) error {
	if err := v.Validate(); err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		p, err := s.payments.Get(ctx, v.PaymentID)
		if err != nil {
			return err
		}
		if p.Status != domain.PaymentAuthorized {
			return fmt.Errorf("payment %s is %s: %w", p.ID, p.Status, domain.ErrInvalidTransition)
		}
		if err := s.payments.InsertVendOutcome(ctx, v); err != nil {
			return fmt.Errorf("insert vend outcome: %w", err)
		}
		return s.payments.SetVendStatus(ctx, p.ID, v.Outcome)
	})
}

// RefundPayment is a support agent's refund of a captured payment. The
// agent's console sends an Idempotency-Key with every submission.
func (s *PaymentService) RefundPayment(ctx context.Context, cmd domain.RequestRefund) (domain.Refund, error) {
	p, err := s.payments.Get(ctx, cmd.PaymentID)
	if err != nil {
		return domain.Refund{}, err
	}
	if err := cmd.Validate(p); err != nil {
		return domain.Refund{}, err
	}

	r, err := s.refunds.InsertForRequest(ctx, domain.Refund{
		ID:          ids.New(),
		PaymentID:   p.ID,
		AmountCents: cmd.AmountCents,
		Reason:      domain.RefundSupport,
		Status:      domain.RefundPending,
		RequestKey:  cmd.RequestKey,
	})
	if err != nil {
		return domain.Refund{}, fmt.Errorf("record refund: %w", err)
	}
	if r.PaymentID != p.ID {
		return domain.Refund{}, fmt.Errorf("idempotency key reused for another payment: %w", domain.ErrConflict)
	}
	if r.Status != domain.RefundPending {
		return r, nil
	}

	res, err := s.card.Refund(ctx, CardRefund{
		CaptureID:      p.ProviderCaptureID,
		AmountCents:    r.AmountCents,
		Reason:         "customer_request",
		IdempotencyKey: "refund:" + r.ID,
	})
	s.recordAttempt(ctx, p.ID, "refund", "", err)
	if err != nil {
		var declined *ProviderRejection
		if errors.As(err, &declined) {
			if ferr := s.refunds.Fail(ctx, r.ID); ferr != nil {
				s.log.ErrorContext(ctx, "mark refund failed", "refund_id", r.ID, "err", ferr)
			}
		}
		return r, fmt.Errorf("refund at processor: %w", err)
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.refunds.Complete(ctx, r.ID, res.ID); err != nil {
			return err
		}
		if r.AmountCents == p.AmountCents {
			_, err := s.payments.MarkReversed(ctx, p.ID, domain.PaymentRefunded)
			return err
		}
		return nil
	})
	if err != nil {
		return r, err
	}
	r.Status = domain.RefundCompleted
	r.ProviderRefundID = res.ID
	return r, nil
}

// ProviderRejection is returned by provider adapters when the provider
// definitively refused a request (as opposed to a transport failure).
type ProviderRejection struct {
	Provider string
	Code     string
	Message  string
}

func (e *ProviderRejection) Error() string {
	return e.Provider + " rejected request: " + e.Code + " " + e.Message
}
