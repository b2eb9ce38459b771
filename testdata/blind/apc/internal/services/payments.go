package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/platform/retryx"
	"github.com/quillpress/apcdesk/internal/providers/payments"
)

// PaymentService implements domain.PaymentService against Paystream.
type PaymentService struct {
	store    domain.Store
	provider PaymentsProvider
	log      *slog.Logger
	now      Clock
}

var _ domain.PaymentService = (*PaymentService)(nil)

// NewPaymentService wires a PaymentService.
func NewPaymentService(store domain.Store, provider PaymentsProvider, log *slog.Logger) *PaymentService {
	return &PaymentService{store: store, provider: provider, log: log.With("service", "payments"), now: UTC}
}

// PayByCard charges a tokenised card for the full amount due.
func (s *PaymentService) PayByCard(ctx context.Context, invoiceID string, req domain.CardPayment) (domain.Payment, error) {
	if req.CardToken == "" {
		return domain.Payment{}, domain.Invalid("card_token", "required")
	}
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return domain.Payment{}, err
	}
	if !inv.Payable() {
		return domain.Payment{}, domain.ErrNotPayable
	}

	key := uuid.NewString()
	pay := domain.Payment{
		ID:             uuid.NewString(),
		InvoiceID:      inv.ID,
		Method:         domain.MethodCard,
		IdempotencyKey: key,
		AmountCents:    inv.AmountDueCents,
		Currency:       inv.Currency,
		Status:         domain.PaymentPending,
	}
	if err := s.store.Payments().Create(ctx, &pay); err != nil {
		return domain.Payment{}, fmt.Errorf("record card payment: %w", err)
	}

	attempt := 0
	charge, err := retryx.Value(ctx, func() (*payments.Payment, error) {
		attempt++
		res, err := s.provider.CreateCharge(ctx, payments.ChargeRequest{
			AmountCents:    inv.AmountDueCents,
			Currency:       inv.Currency,
			CardToken:      req.CardToken,
			Description:    "Article processing charge " + inv.Number,
			ReceiptMail:    req.PayerEmail,
			Metadata:       map[string]string{"invoice_id": inv.ID, "payment_id": pay.ID},
			IdempotencyKey: key,
		})
		s.logAttempt(ctx, inv.ID, pay.ID, attempt, err)
		return res, err
	})
	if err != nil {
		if uerr := s.store.Payments().UpdateOutcome(ctx, pay.ID, domain.PaymentFailed, "", failureReason(err)); uerr != nil {
			s.log.ErrorContext(ctx, "could not record failed charge", "payment", pay.ID, "err", uerr)
		}
		return domain.Payment{}, fmt.Errorf("charge card for %s: %w", inv.Number, err)
	}
	return s.applyOutcome(ctx, pay, charge)
}

// PayByDirectDebit collects the amount due against an existing bank
// mandate. Debits settle asynchronously; the webhook or the reconciler
// moves the payment out of pending.
func (s *PaymentService) PayByDirectDebit(ctx context.Context, invoiceID string, req domain.DirectDebitPayment) (domain.Payment, error) {
	if req.MandateID == "" {
		return domain.Payment{}, domain.Invalid("mandate_id", "required")
	}
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return domain.Payment{}, err
	}
	if !inv.Payable() {
		return domain.Payment{}, domain.ErrNotPayable
	}

	debit, err := retryx.Value(ctx, func() (*payments.Payment, error) {
		return s.provider.CreateDirectDebit(ctx, payments.DirectDebitRequest{
			MandateID:   req.MandateID,
			AmountCents: inv.AmountDueCents,
			Currency:    inv.Currency,
			Reference:   inv.Number,
			Metadata:    map[string]string{"invoice_id": inv.ID, "account_name": req.AccountName},
		})
	})
	if err != nil {
		return domain.Payment{}, fmt.Errorf("start direct debit for %s: %w", inv.Number, err)
	}

	pay := domain.Payment{
		ID:                uuid.NewString(),
		InvoiceID:         inv.ID,
		Method:            domain.MethodBankTransfer,
		ProviderPaymentID: debit.ID,
		AmountCents:       inv.AmountDueCents,
		Currency:          inv.Currency,
		Status:            mapProviderStatus(debit.Status),
	}
	if err := s.store.Payments().Create(ctx, &pay); err != nil {
		return domain.Payment{}, fmt.Errorf("record direct debit %s: %w", debit.ID, err)
	}
	return pay, nil
}

// Refund returns money on a paid invoice.
func (s *PaymentService) Refund(ctx context.Context, invoiceID string, req domain.RefundRequest) (domain.Refund, error) {
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return domain.Refund{}, err
	}
	if inv.Status != domain.InvoicePaid {
		return domain.Refund{}, fmt.Errorf("%w: only paid invoices can be refunded", domain.ErrConflict)
	}
	pay, err := s.store.Payments().SucceededForInvoice(ctx, inv.ID)
	if err != nil {
		return domain.Refund{}, err
	}
	amount := req.AmountCents
	if amount == 0 {
		amount = pay.AmountCents
	}
	if amount < 0 || amount > pay.AmountCents {
		return domain.Refund{}, domain.Invalid("amount_cents", "must be between 1 and %d", pay.AmountCents)
	}

	res, err := retryx.Value(ctx, func() (*payments.Refund, error) {
		return s.provider.CreateRefund(ctx, payments.RefundRequest{
			PaymentID:      pay.ProviderPaymentID,
			AmountCents:    amount,
			Reason:         req.Reason,
			IdempotencyKey: uuid.NewString(),
		})
	})
	if err != nil {
		return domain.Refund{}, fmt.Errorf("refund %s: %w", inv.Number, err)
	}

	refund := domain.Refund{
		ID:               uuid.NewString(),
		InvoiceID:        inv.ID,
		PaymentID:        pay.ID,
		AmountCents:      amount,
		Reason:           req.Reason,
		ProviderRefundID: res.ID,
		Status:           res.Status,
	}
	err = s.store.Tx(ctx, func(tx domain.Store) error {
		if err := tx.Payments().CreateRefund(ctx, &refund); err != nil {
			return err
		}
		if amount == pay.AmountCents {
			if _, err := tx.Payments().SetStatusFrom(ctx, pay.ID, domain.PaymentSucceeded, domain.PaymentRefunded); err != nil {
				return err
			}
		}
		appendAudit(ctx, tx, s.log, req.Actor, "invoice.refund", inv.ID, map[string]any{
			"amount_cents": amount, "provider_refund_id": res.ID, "reason": req.Reason,
		})
		return nil
	})
	if err != nil {
		return domain.Refund{}, fmt.Errorf("record refund %s: %w", res.ID, err)
	}
	return refund, nil
}

// HandleProviderEvent applies a Paystream webhook.
func (s *PaymentService) HandleProviderEvent(ctx context.Context, ev domain.PaymentEvent) error {
	return s.store.Tx(ctx, func(tx domain.Store) error {
		if err := tx.Payments().InsertEvent(ctx, ev); err != nil {
			return fmt.Errorf("store payment event %s: %w", ev.ProviderEventID, err)
		}
		pay, err := tx.Payments().ByProviderID(ctx, ev.ProviderPaymentID)
		if errors.Is(err, domain.ErrNotFound) {
			s.log.WarnContext(ctx, "event for unknown payment", "event", ev.ProviderEventID, "provider_payment", ev.ProviderPaymentID)
			return nil
		}
		if err != nil {
			return err
		}
		switch ev.Type {
		case "payment.succeeded":
			moved, err := tx.Payments().SetStatusFrom(ctx, pay.ID, domain.PaymentPending, domain.PaymentSucceeded)
			if err != nil || !moved {
				return err
			}
			return markInvoicePaid(ctx, tx, pay.InvoiceID, pay.ID, s.now())
		case "payment.failed":
			_, err := tx.Payments().SetStatusFrom(ctx, pay.ID, domain.PaymentPending, domain.PaymentFailed)
			return err
		case "refund.succeeded":
			_, err := tx.Payments().SetStatusFrom(ctx, pay.ID, domain.PaymentSucceeded, domain.PaymentRefunded)
			return err
		default:
			s.log.DebugContext(ctx, "ignoring payment event", "type", ev.Type)
			return nil
		}
	})
}

// applyOutcome records a synchronous charge result.
func (s *PaymentService) applyOutcome(ctx context.Context, pay domain.Payment, charge *payments.Payment) (domain.Payment, error) {
	status := mapProviderStatus(charge.Status)
	err := s.store.Tx(ctx, func(tx domain.Store) error {
		if err := tx.Payments().UpdateOutcome(ctx, pay.ID, status, charge.ID, charge.FailureMsg); err != nil {
			return err
		}
		if status != domain.PaymentSucceeded {
			return nil
		}
		return markInvoicePaid(ctx, tx, pay.InvoiceID, pay.ID, s.now())
	})
	if err != nil {
		return domain.Payment{}, fmt.Errorf("record charge %s: %w", charge.ID, err)
	}
	pay.Status = status
	pay.ProviderPaymentID = charge.ID
	pay.FailureReason = charge.FailureMsg
	return pay, nil
}

// logAttempt appends one row per provider call for the disputes team.
func (s *PaymentService) logAttempt(ctx context.Context, invoiceID, paymentID string, n int, callErr error) {
	a := domain.PaymentAttempt{
		ID:        uuid.NewString(),
		InvoiceID: invoiceID,
		PaymentID: paymentID,
		AttemptNo: n,
		Outcome:   "ok",
	}
	if callErr != nil {
		a.Outcome = "error"
		a.Error = callErr.Error()
	}
	if err := s.store.Payments().LogAttempt(ctx, a); err != nil {
		s.log.WarnContext(ctx, "payment attempt log write failed", "payment", paymentID, "err", err)
	}
}

func mapProviderStatus(s string) domain.PaymentStatus {
	switch s {
	case "succeeded":
		return domain.PaymentSucceeded
	case "failed", "canceled":
		return domain.PaymentFailed
	default:
		return domain.PaymentPending
	}
}

func failureReason(err error) string {
	var apiErr *payments.APIError
	if errors.As(err, &apiErr) {
		return apiErr.Code
	}
	return "provider_unreachable"
}
