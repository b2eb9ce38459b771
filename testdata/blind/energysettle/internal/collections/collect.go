// Package collections collects invoices by Direct Debit through the
// payments provider and applies the provider's events.
package collections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
	"github.com/gridwise-energy/energysettle/internal/provider/gocardless"
)

// ErrInvalid marks requests that will never succeed.
var ErrInvalid = errors.New("invalid request")

var errNothingToCollect = errors.New("nothing to collect")

// CollectionRepository is what the collection flows need from storage.
type CollectionRepository interface {
	GetInvoice(ctx context.Context, id string) (*model.Invoice, error)
	ActiveMandateForAccount(ctx context.Context, accountID string) (*model.Mandate, error)
	GetMandate(ctx context.Context, id string) (*model.Mandate, error)
	FindPayment(ctx context.Context, invoiceID string, attemptNo int) (*model.Payment, error)
	GetPayment(ctx context.Context, id string) (*model.Payment, error)
	InsertPayment(ctx context.Context, p *model.Payment) (bool, error)
	MarkPaymentSubmitted(ctx context.Context, id, providerID string, chargeDate *time.Time) error
	SetPaymentStatus(ctx context.Context, id, status, reason string) error
}

// PaymentCreator creates payments at the provider.
type PaymentCreator interface {
	CreatePayment(ctx context.Context, p gocardless.PaymentParams, opts ...gocardless.RequestOption) (*gocardless.Payment, error)
	SubmitPayment(ctx context.Context, p gocardless.PaymentParams) (*gocardless.Payment, error)
	CancelPayment(ctx context.Context, id string) (*gocardless.Payment, error)
}

// CollectRequest asks for an invoice's first collection.
type CollectRequest struct {
	InvoiceID string
}

// RetryRequest asks for a further attempt after a failed collection.
type RetryRequest struct {
	InvoiceID string
	AttemptNo int
}

// CollectionService creates Direct Debit payments for invoices.
type CollectionService struct {
	uow      txn.Runner[CollectionRepository]
	payments CollectionRepository
	gc       PaymentCreator
	newID    func() string
	now      func() time.Time
	log      *slog.Logger
}

// NewCollectionService wires a CollectionService.
func NewCollectionService(uow txn.Runner[CollectionRepository], payments CollectionRepository, gc PaymentCreator, newID func() string, now func() time.Time, log *slog.Logger) *CollectionService {
	return &CollectionService{uow: uow, payments: payments, gc: gc, newID: newID, now: now, log: log}
}

// Collect makes the first collection attempt for an invoice. The attempt
// row is written before the provider is called and its ID is the
// provider's idempotency key, so a redelivered request finds the row and
// repeats the call with the same key.
func (s *CollectionService) Collect(ctx context.Context, req CollectRequest) error {
	pay, mandate, err := s.ensureAttempt(ctx, req.InvoiceID, 1, func(inv *model.Invoice) error {
		if inv.Status != model.InvoiceUnpaid {
			return errNothingToCollect
		}
		return nil
	})
	if errors.Is(err, errNothingToCollect) {
		s.log.Info("invoice needs no collection", "invoice_id", req.InvoiceID)
		return nil
	}
	if err != nil {
		return err
	}
	if pay.Submitted() {
		return nil
	}
	params := paymentParams(pay, mandate)
	gp, err := s.gc.CreatePayment(ctx, params, gocardless.WithIdempotencyKey(pay.ID))
	if err != nil {
		return s.submissionFailed(ctx, pay, err)
	}
	return s.recordSubmitted(ctx, pay, gp)
}

// Retry makes a further collection attempt after a failure, as scheduled
// by the dunning timetable.
func (s *CollectionService) Retry(ctx context.Context, req RetryRequest) error {
	if req.AttemptNo < 2 {
		return fmt.Errorf("%w: retry attempt numbers start at 2", ErrInvalid)
	}
	pay, mandate, err := s.ensureAttempt(ctx, req.InvoiceID, req.AttemptNo, func(inv *model.Invoice) error {
		if inv.Status != model.InvoicePaymentFailed && inv.Status != model.InvoiceOverdue {
			return errNothingToCollect
		}
		return nil
	})
	if errors.Is(err, errNothingToCollect) {
		return nil
	}
	if err != nil {
		return err
	}
	if pay.Submitted() {
		return nil
	}
	params := paymentParams(pay, mandate)
	params.Description = fmt.Sprintf("Energy bill (retry %d)", pay.AttemptNo-1)
	gp, err := s.gc.SubmitPayment(ctx, params)
	if err != nil {
		return s.submissionFailed(ctx, pay, err)
	}
	return s.recordSubmitted(ctx, pay, gp)
}

// ensureAttempt returns the payment row for (invoice, attempt), creating it
// in pending_submission if it does not exist. check vets the invoice
// before a new attempt is created.
func (s *CollectionService) ensureAttempt(ctx context.Context, invoiceID string, attemptNo int, check func(*model.Invoice) error) (*model.Payment, *model.Mandate, error) {
	var pay *model.Payment
	var mandate *model.Mandate
	err := s.uow.Do(ctx, func(r CollectionRepository) error {
		existing, err := r.FindPayment(ctx, invoiceID, attemptNo)
		switch {
		case err == nil:
			pay = existing
			mandate, err = r.GetMandate(ctx, existing.MandateID)
			return err
		case !errors.Is(err, model.ErrNotFound):
			return err
		}
		inv, err := r.GetInvoice(ctx, invoiceID)
		if errors.Is(err, model.ErrNotFound) {
			return fmt.Errorf("%w: unknown invoice %s", ErrInvalid, invoiceID)
		}
		if err != nil {
			return err
		}
		if err := check(inv); err != nil {
			return err
		}
		if inv.BalancePence <= 0 {
			return errNothingToCollect
		}
		mandate, err = r.ActiveMandateForAccount(ctx, inv.AccountID)
		if errors.Is(err, model.ErrNotFound) {
			return fmt.Errorf("%w: account %s has no active mandate", ErrInvalid, inv.AccountID)
		}
		if err != nil {
			return err
		}
		now := s.now()
		candidate := &model.Payment{
			ID:          s.newID(),
			InvoiceID:   inv.ID,
			MandateID:   mandate.ID,
			AttemptNo:   attemptNo,
			AmountPence: inv.BalancePence,
			Currency:    "GBP",
			Status:      model.PaymentPendingSubmission,
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		created, err := r.InsertPayment(ctx, candidate)
		if err != nil {
			return err
		}
		if !created {
			pay, err = r.FindPayment(ctx, invoiceID, attemptNo)
			return err
		}
		pay = candidate
		return nil
	})
	return pay, mandate, err
}

func (s *CollectionService) recordSubmitted(ctx context.Context, pay *model.Payment, gp *gocardless.Payment) error {
	var chargeDate *time.Time
	if d, err := time.Parse("2006-01-02", gp.ChargeDate); err == nil {
		chargeDate = &d
	}
	if err := s.payments.MarkPaymentSubmitted(ctx, pay.ID, gp.ID, chargeDate); err != nil {
		return fmt.Errorf("record provider payment %s for %s: %w", gp.ID, pay.ID, err)
	}
	s.log.Info("payment submitted", "payment_id", pay.ID, "provider_payment_id", gp.ID,
		"invoice_id", pay.InvoiceID, "attempt", pay.AttemptNo, "charge_date", gp.ChargeDate)
	return nil
}

// submissionFailed records a rejection the provider will keep giving
// (invalid mandate, validation) and returns transient errors for retry.
func (s *CollectionService) submissionFailed(ctx context.Context, pay *model.Payment, err error) error {
	apiErr, ok := gocardless.AsAPIError(err)
	if !ok || apiErr.Retryable() {
		return err
	}
	if serr := s.payments.SetPaymentStatus(ctx, pay.ID, model.PaymentFailed, apiErr.Message); serr != nil {
		return errors.Join(err, serr)
	}
	s.log.Warn("payment rejected by provider", "payment_id", pay.ID, "err", apiErr)
	return nil
}

// Cancel cancels a payment that has not yet gone to the banks.
func (s *CollectionService) Cancel(ctx context.Context, paymentID string) (*model.Payment, error) {
	pay, err := s.payments.GetPayment(ctx, paymentID)
	if err != nil {
		return nil, err
	}
	if pay.Status == model.PaymentCancelled {
		return pay, nil
	}
	if pay.Submitted() {
		// Cancelling at the provider is idempotent: a payment that is
		// already cancelled is returned as it is.
		if _, err := s.gc.CancelPayment(ctx, *pay.ProviderPaymentID); err != nil {
			if errors.Is(err, gocardless.ErrCancellationFailed) {
				return nil, fmt.Errorf("%w: payment already submitted to the banks", ErrInvalid)
			}
			return nil, err
		}
	}
	if err := s.payments.SetPaymentStatus(ctx, pay.ID, model.PaymentCancelled, "cancelled by operator"); err != nil {
		return nil, err
	}
	pay.Status = model.PaymentCancelled
	return pay, nil
}

func paymentParams(pay *model.Payment, mandate *model.Mandate) gocardless.PaymentParams {
	p := gocardless.PaymentParams{
		Amount:      pay.AmountPence,
		Currency:    pay.Currency,
		Description: "Energy bill",
		Reference:   "INV-" + shortRef(pay.InvoiceID),
		Metadata: map[string]string{
			"invoice_id": pay.InvoiceID,
			"payment_id": pay.ID,
			"attempt":    fmt.Sprint(pay.AttemptNo),
		},
	}
	p.Links.Mandate = mandate.ProviderMandateID
	return p
}

func shortRef(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}
