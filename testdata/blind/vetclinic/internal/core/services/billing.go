package services

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

type BillingService struct {
	tx       ports.TxRunner
	invoices ports.InvoiceRepository
	payments ports.PaymentRepository
	deposits ports.DepositRepository
	gateway  ports.PaymentGateway
	queue    ports.JobQueue
	loyalty  *LoyaltyService
	log      *slog.Logger
	now      func() time.Time
}

func NewBillingService(
	tx ports.TxRunner,
	invoices ports.InvoiceRepository,
	payments ports.PaymentRepository,
	deposits ports.DepositRepository,
	gateway ports.PaymentGateway,
	queue ports.JobQueue,
	loyalty *LoyaltyService,
	settings Settings,
) *BillingService {
	return &BillingService{
		tx: tx, invoices: invoices, payments: payments, deposits: deposits,
		gateway: gateway, queue: queue, loyalty: loyalty,
		log: settings.logger(), now: settings.clock(),
	}
}

type PayRequest struct {
	AmountCents     int64  `json:"amount_cents"`
	PaymentMethodID string `json:"payment_method_id"`
}

// PayInvoice charges the owner's card for (part of) an invoice. The
// client's request key identifies the payment row, so a repeated request
// finds the payment it already started.
func (s *BillingService) PayInvoice(ctx context.Context, invoiceID, requestKey string, req PayRequest) (domain.Payment, error) {
	const op errs.Op = "billing.PayInvoice"
	if requestKey == "" {
		return domain.Payment{}, errs.E(op, errs.Invalid, "Idempotency-Key is required")
	}
	if req.PaymentMethodID == "" {
		return domain.Payment{}, errs.E(op, errs.Invalid, "payment_method_id is required")
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return domain.Payment{}, errs.Wrap(op, err)
	}
	amount := req.AmountCents
	if amount == 0 {
		amount = inv.Balance()
	}
	if amount <= 0 {
		return domain.Payment{}, errs.E(op, errs.Precondition, "invoice has no balance")
	}

	p, err := s.payments.CreatePending(ctx, domain.Payment{
		ID:          ids.New(),
		InvoiceID:   inv.ID,
		ClinicID:    inv.ClinicID,
		RequestKey:  requestKey,
		AmountCents: amount,
		Currency:    inv.Currency,
		Status:      domain.PaymentPending,
	})
	if err != nil {
		return domain.Payment{}, errs.Wrap(op, err)
	}
	if p.Status != domain.PaymentPending {
		return p, nil
	}
	if inv.Status != domain.InvoiceOpen {
		return domain.Payment{}, errs.Errorf(op, errs.Precondition, "invoice is %s", inv.Status)
	}

	res, err := s.gateway.CreateIntent(ctx, ports.IntentRequest{
		AmountCents:     p.AmountCents,
		Currency:        p.Currency,
		PaymentMethodID: req.PaymentMethodID,
		Description:     fmt.Sprintf("Invoice %s", inv.ID),
		Metadata: map[string]string{
			"kind":       "invoice_payment",
			"payment_id": p.ID,
			"invoice_id": inv.ID,
		},
	})
	if err != nil {
		if errs.Is(errs.Precondition, err) {
			if mErr := s.payments.MarkFailed(ctx, p.ID, err.Error()); mErr != nil {
				s.log.ErrorContext(ctx, "mark payment failed", "payment_id", p.ID, "err", mErr)
			}
		}
		return domain.Payment{}, errs.Wrap(op, err)
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.payments.AttachIntent(ctx, p.ID, res.ID); err != nil {
			return err
		}
		if res.Status == "succeeded" {
			return s.settlePayment(ctx, p.ID)
		}
		return nil
	})
	if err != nil {
		return domain.Payment{}, errs.Wrap(op, err)
	}
	return s.payments.Get(ctx, p.ID)
}

// settlePayment moves a pending payment to succeeded and books it against
// its invoice. It must run inside a transaction; only the caller that flips
// the status applies the amount.
func (s *BillingService) settlePayment(ctx context.Context, paymentID string) error {
	changed, err := s.payments.MarkSucceeded(ctx, paymentID)
	if err != nil || !changed {
		return err
	}
	p, err := s.payments.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	if err := s.invoices.ApplyPayment(ctx, p.InvoiceID, p.AmountCents); err != nil {
		return err
	}
	return s.queue.Enqueue(ctx, jobargs.AccrueLoyalty{InvoiceID: p.InvoiceID, PaymentID: p.ID},
		ports.InQueue(jobargs.QueueDefault), ports.UniqueByArgs(0))
}

type AdjustmentInput struct {
	Kind        string `json:"kind"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	StaffID     string `json:"-"`
}

var adjustmentKinds = map[string]bool{"discount": true, "courtesy": true, "write_off": true}

// AddAdjustment reduces an open invoice by a staff-approved amount.
func (s *BillingService) AddAdjustment(ctx context.Context, invoiceID string, in AdjustmentInput) (domain.Invoice, error) {
	const op errs.Op = "billing.AddAdjustment"
	if !adjustmentKinds[in.Kind] {
		return domain.Invoice{}, errs.Errorf(op, errs.Invalid, "unknown adjustment kind %q", in.Kind)
	}
	if in.AmountCents <= 0 || in.Reason == "" {
		return domain.Invoice{}, errs.E(op, errs.Invalid, "amount_cents and reason are required")
	}
	var out domain.Invoice
	err := s.tx.WithTx(ctx, func(ctx context.Context) error {
		inv, err := s.invoices.GetForUpdate(ctx, invoiceID)
		if err != nil {
			return err
		}
		if inv.Status != domain.InvoiceOpen {
			return errs.Errorf(op, errs.Precondition, "invoice is %s", inv.Status)
		}
		if in.AmountCents > inv.Balance() {
			return errs.E(op, errs.Invalid, "adjustment exceeds balance")
		}
		out, err = s.invoices.AddAdjustment(ctx, domain.InvoiceAdjustment{
			ID:          ids.New(),
			InvoiceID:   inv.ID,
			Kind:        in.Kind,
			AmountCents: in.AmountCents,
			Reason:      in.Reason,
			CreatedBy:   in.StaffID,
		})
		return err
	})
	return out, errs.Wrap(op, err)
}

// ---- Stripe event handlers. Each runs inside the webhook's transaction. ----

// IntentSucceeded books a PaymentIntent that Stripe reports as succeeded.
func (s *BillingService) IntentSucceeded(ctx context.Context, intentID string, metadata map[string]string) error {
	const op errs.Op = "billing.IntentSucceeded"
	switch metadata["kind"] {
	case "deposit":
		_, err := s.deposits.MarkPaidByIntent(ctx, intentID)
		return errs.Wrap(op, err)
	case "invoice_payment":
		p, err := s.payments.Get(ctx, metadata["payment_id"])
		if errs.Is(errs.NotFound, err) {
			s.log.WarnContext(ctx, "payment intent for unknown payment", "intent", intentID)
			return nil
		}
		if err != nil {
			return errs.Wrap(op, err)
		}
		if !p.StripePaymentIntentID.Valid {
			if err := s.payments.AttachIntent(ctx, p.ID, intentID); err != nil {
				return errs.Wrap(op, err)
			}
		}
		return errs.Wrap(op, s.settlePayment(ctx, p.ID))
	}
	return nil
}

// IntentFailed records a declined or abandoned PaymentIntent.
func (s *BillingService) IntentFailed(ctx context.Context, intentID string, metadata map[string]string, reason string) error {
	if metadata["kind"] != "invoice_payment" {
		return nil
	}
	return errs.Wrap("billing.IntentFailed", s.payments.MarkFailed(ctx, metadata["payment_id"], reason))
}

// RefundCreated queues the bookkeeping for a refund made in Stripe.
func (s *BillingService) RefundCreated(ctx context.Context, refundID, intentID string, amount int64) error {
	return s.queue.Enqueue(ctx, jobargs.ProcessRefund{
		StripeRefundID:  refundID,
		PaymentIntentID: intentID,
		AmountCents:     amount,
	}, ports.InQueue(jobargs.QueueFinance), ports.UniqueByArgs(0))
}

// ProcessRefund books a Stripe refund of an invoice payment: the invoice's
// refunded total, the refund record and the loyalty points it reverses.
func (s *BillingService) ProcessRefund(ctx context.Context, job jobargs.ProcessRefund) error {
	const op errs.Op = "billing.ProcessRefund"
	done, err := s.payments.RefundRecorded(ctx, job.StripeRefundID)
	if err != nil || done {
		return errs.Wrap(op, err)
	}
	p, err := s.payments.ByIntent(ctx, job.PaymentIntentID)
	if errs.Is(errs.NotFound, err) {
		// Deposit refunds are booked by the cancellation flow.
		return nil
	}
	if err != nil {
		return errs.Wrap(op, err)
	}
	if err := s.invoices.ApplyRefund(ctx, p.InvoiceID, job.AmountCents); err != nil {
		return errs.Wrap(op, err)
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.payments.RecordRefund(ctx, domain.PaymentRefund{
			StripeRefundID: job.StripeRefundID,
			PaymentID:      p.ID,
			InvoiceID:      p.InvoiceID,
			AmountCents:    job.AmountCents,
		}); err != nil {
			return err
		}
		inv, err := s.invoices.Get(ctx, p.InvoiceID)
		if err != nil {
			return err
		}
		return s.loyalty.ReverseForRefund(ctx, inv.OwnerID, job.StripeRefundID, job.AmountCents)
	})
	return errs.Wrap(op, err)
}
