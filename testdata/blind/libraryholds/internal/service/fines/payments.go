package fines

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/provider/stripepay"
	"github.com/shelfwise-labs/branchline/internal/tasks"
)

// PayInput is a patron paying fines by card from the web or the app.
type PayInput struct {
	PatronID        string
	RequestKey      string
	PaymentMethodID string
	FineIDs         []string
}

// Pay charges the patron's card for the selected fines.
func (s *Service) Pay(ctx context.Context, in PayInput) (domain.Payment, error) {
	if in.RequestKey == "" {
		return domain.Payment{}, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrValidation)
	}
	patron, err := s.Patrons.Get(ctx, in.PatronID)
	if err != nil {
		return domain.Payment{}, err
	}
	if patron.StripeCustomerID == "" {
		return domain.Payment{}, domain.ErrNoPaymentCard
	}
	open, err := s.Fines.ListOpen(ctx, in.PatronID)
	if err != nil {
		return domain.Payment{}, err
	}
	selected, err := pick(open, in.FineIDs)
	if err != nil {
		return domain.Payment{}, err
	}
	if len(selected) == 0 {
		return domain.Payment{}, domain.ErrNothingToPay
	}
	total := sum(selected)

	payment := domain.Payment{
		ID:          s.NewID(),
		PatronID:    in.PatronID,
		RequestKey:  in.RequestKey,
		AmountCents: total,
		Source:      "web",
	}
	var created bool
	err = s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		payment, created, err = s.Payments.CreatePending(ctx, tx, payment, fineIDs(selected))
		return err
	})
	if err != nil {
		return domain.Payment{}, err
	}
	if !created && payment.Status != domain.PaymentPending {
		return payment, nil
	}

	res, err := s.Stripe.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      patron.StripeCustomerID,
		PaymentMethodID: in.PaymentMethodID,
		AmountCents:     payment.AmountCents,
		Currency:        s.Policy.Currency,
		Description:     "Library fines",
		Metadata:        map[string]string{"payment_id": payment.ID, "patron_id": patron.ID},
		IdempotencyKey:  "fine-payment-" + payment.ID,
	})
	if errors.Is(err, stripepay.ErrCardDeclined) {
		if ferr := s.Payments.MarkFailed(ctx, payment.ID, err.Error()); ferr != nil {
			s.Log.ErrorContext(ctx, "mark payment failed", "payment_id", payment.ID, "err", ferr)
		}
		return domain.Payment{}, err
	}
	if err != nil {
		return domain.Payment{}, err
	}
	if err := s.Payments.SetIntent(ctx, payment.ID, res.PaymentIntentID); err != nil {
		return domain.Payment{}, err
	}
	payment.StripePaymentIntentID = res.PaymentIntentID

	ids := fineIDs(selected)
	n, err := s.Fines.MarkPaid(ctx, ids, payment.ID)
	if err != nil {
		return domain.Payment{}, err
	}
	if int(n) != len(ids) {
		return domain.Payment{}, fmt.Errorf("%w: %d of %d fines changed during payment", domain.ErrConflict, len(ids)-int(n), len(ids))
	}
	err = s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		return s.settle(ctx, tx, payment)
	})
	if err != nil {
		return domain.Payment{}, err
	}
	payment.Status = domain.PaymentSucceeded
	return payment, nil
}

// settle books a collected payment: status, balance, ledger and the
// receipt task, all in the caller's transaction.
func (s *Service) settle(ctx context.Context, tx *sql.Tx, p domain.Payment) error {
	if err := s.Payments.MarkSucceeded(ctx, tx, p.ID); err != nil {
		return err
	}
	if err := s.Patrons.AdjustBalance(ctx, tx, p.PatronID, -p.AmountCents); err != nil {
		return err
	}
	if err := s.Ledger.Insert(ctx, tx, domain.LedgerEntry{
		ID: s.NewID(), PatronID: p.PatronID, AmountCents: -p.AmountCents,
		Reason: "payment", Ref: p.ID, CreatedAt: s.Now(),
	}); err != nil {
		return err
	}
	payload, err := json.Marshal(tasks.PaymentReceiptPayload{PaymentID: p.ID})
	if err != nil {
		return err
	}
	return s.Outbox.Add(ctx, tx, tasks.TypePaymentReceipt, payload)
}

// RefundInput returns one fine's amount from a payment.
type RefundInput struct {
	PaymentID string
	FineID    string
	StaffID   string
	Reason    string
}

// Refund gives back the amount of a fine that was paid and later found to
// be charged in error (an item that turned up in the book drop, say).
func (s *Service) Refund(ctx context.Context, in RefundInput) (domain.Refund, error) {
	p, err := s.Payments.Get(ctx, in.PaymentID)
	if err != nil {
		return domain.Refund{}, err
	}
	if p.Status != domain.PaymentSucceeded {
		return domain.Refund{}, fmt.Errorf("payment %s is %s: %w", p.ID, p.Status, domain.ErrInvalidState)
	}
	f, err := s.Fines.Get(ctx, in.FineID)
	if err != nil {
		return domain.Refund{}, err
	}
	if f.PaymentID != p.ID {
		return domain.Refund{}, fmt.Errorf("%w: fine %s was not paid by %s", domain.ErrValidation, f.ID, p.ID)
	}
	if f.Status == domain.FineRefunded {
		return domain.Refund{}, fmt.Errorf("fine %s already refunded: %w", f.ID, domain.ErrConflict)
	}

	res, err := s.Stripe.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: p.StripePaymentIntentID,
		AmountCents:     f.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"payment_id": p.ID, "fine_id": f.ID, "staff_id": in.StaffID},
	})
	if err != nil {
		return domain.Refund{}, err
	}
	rf := domain.Refund{
		ID: s.NewID(), PaymentID: p.ID, FineID: f.ID, AmountCents: f.AmountCents,
		StripeRefundID: res.RefundID, Reason: in.Reason, CreatedAt: s.Now(),
	}
	if _, err := s.Payments.InsertRefund(ctx, rf); err != nil {
		return domain.Refund{}, err
	}
	if err := s.Fines.MarkRefunded(ctx, f.ID); err != nil {
		return domain.Refund{}, err
	}
	return rf, nil
}
