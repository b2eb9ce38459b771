package billing

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/oklog/ulid/v2"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/platform/retry"
	"github.com/baywarden/storagedesk/internal/provider/stripepay"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/notify"
)

const monthlyBatch = 200

// RunMonthly invoices every open rental for the period and queues autopay.
func (s *service) RunMonthly(ctx context.Context, period domain.Period) (int, error) {
	after, n := "", 0
	for {
		batch, err := s.rentals.BillableRentals(ctx, string(period), after, monthlyBatch)
		if err != nil {
			return n, err
		}
		if len(batch) == 0 {
			return n, nil
		}
		for i := range batch {
			r := &batch[i]
			after = r.ID
			if _, err := s.invoiceRental(ctx, r, period); err != nil {
				return n, fmt.Errorf("invoice rental %s: %w", r.ID, err)
			}
			n++
		}
	}
}

// OpenFirstInvoice bills the move-in month. It joins the caller's transaction
// when there is one.
func (s *service) OpenFirstInvoice(ctx context.Context, r *domain.Rental) (*domain.Invoice, error) {
	return s.invoiceRental(ctx, r, domain.PeriodOf(r.StartedOn))
}

func (s *service) invoiceRental(ctx context.Context, r *domain.Rental, period domain.Period) (*domain.Invoice, error) {
	due, err := period.DueOn(r.BillDay, s.loc)
	if err != nil {
		return nil, err
	}
	var inv *domain.Invoice
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		got, created, err := s.ledger.CreateInvoice(ctx, domain.Invoice{
			ID:          ids.New("inv"),
			RentalID:    r.ID,
			Period:      string(period),
			AmountCents: r.MonthlyRateCents,
			DueOn:       due,
		})
		if err != nil {
			return err
		}
		inv = got
		if !created {
			return nil
		}
		p := string(period)
		if _, err := s.ledger.PostPeriodicEntry(ctx, domain.LedgerEntry{
			ID:          ids.New("led"),
			RentalID:    r.ID,
			Kind:        domain.LedgerRent,
			AmountCents: r.MonthlyRateCents,
			Period:      &p,
			Ref:         &inv.ID,
			Memo:        "Rent " + p,
		}); err != nil {
			return err
		}
		if _, err := s.rentals.AdjustBalance(ctx, r.ID, r.MonthlyRateCents); err != nil {
			return err
		}
		if r.AutopayPMID == nil {
			return nil
		}
		return s.queue.Enqueue(ctx, queue.TypeAutopay, queue.AutopayPayload{InvoiceID: inv.ID},
			queue.ID("autopay", inv.ID, "0"), asynq.Queue(queue.QueueCritical), asynq.ProcessAt(due))
	})
	return inv, err
}

// ChargeAutopay charges the rental's card on file for an invoice.
func (s *service) ChargeAutopay(ctx context.Context, invoiceID string) error {
	inv, err := s.ledger.Invoice(ctx, invoiceID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("invoice %s: %w", invoiceID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if inv.Status == "paid" || inv.Status == "void" {
		return nil
	}
	r, err := s.rentals.Rental(ctx, inv.RentalID)
	if err != nil {
		return err
	}
	if r.AutopayPMID == nil || r.Status == domain.RentalClosed {
		return nil
	}
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	if cust.StripeCustomerID == nil {
		return fmt.Errorf("rental %s: %w", r.ID, domain.ErrNoPaymentCard)
	}

	att, err := s.ledger.ClaimAttempt(ctx, domain.PaymentAttempt{
		ID:          "att_" + ulid.Make().String(),
		InvoiceID:   inv.ID,
		AttemptNo:   inv.AutopayRound,
		AmountCents: inv.AmountCents,
	})
	if err != nil {
		return err
	}
	if att.Status != "pending" {
		return nil
	}

	charge, err := retry.Do(ctx, s.retry, func(ctx context.Context) (*stripepay.Charge, error) {
		return s.pay.Charge(ctx, stripepay.ChargeRequest{
			CustomerID:      *cust.StripeCustomerID,
			PaymentMethodID: *r.AutopayPMID,
			AmountCents:     att.AmountCents,
			Description:     "Rent " + inv.Period,
			OffSession:      true,
		},
			stripepay.WithIdempotencyKey("autopay-"+att.ID),
			stripepay.WithMetadata(map[string]string{
				"invoice_id": inv.ID,
				"attempt_id": att.ID,
				"rental_id":  r.ID,
			}))
	})
	var se *stripepay.Error
	if errors.As(err, &se) && se.Declined() {
		// The payment_intent.payment_failed webhook records the decline.
		s.log.InfoContext(ctx, "autopay declined", "invoice", inv.ID, "attempt", att.ID, "code", se.Code)
		return nil
	}
	if err != nil {
		return err
	}
	return s.ledger.SetAttemptIntent(ctx, att.ID, charge.IntentID, "processing")
}

// PayBalance charges a card for a tenant-initiated payment and applies it.
func (s *service) PayBalance(ctx context.Context, rentalID string, p ManualPayment) (*Receipt, error) {
	if p.AmountCents <= 0 {
		return nil, fmt.Errorf("amount must be positive: %w", domain.ErrConflict)
	}
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return nil, err
	}
	if r.Status == domain.RentalClosed {
		return nil, domain.ErrInvalidState
	}
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return nil, err
	}
	req := stripepay.ChargeRequest{
		PaymentMethodID: p.PaymentMethodID,
		AmountCents:     p.AmountCents,
		Description:     "Storage payment " + r.ID,
		ReceiptEmail:    cust.Email,
	}
	if cust.StripeCustomerID != nil {
		req.CustomerID = *cust.StripeCustomerID
	}
	charge, err := s.pay.Charge(ctx, req,
		stripepay.WithIdempotencyKey("pay-"+rentalID+"-"+p.RequestKey),
		stripepay.WithMetadata(map[string]string{"rental_id": r.ID, "source": "manual"}))
	if err != nil {
		return nil, err
	}
	if charge.Status != "succeeded" {
		return nil, fmt.Errorf("payment %s is %s: %w", charge.IntentID, charge.Status, domain.ErrInvalidState)
	}

	var balance int64
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.ledger.PostEntry(ctx, domain.LedgerEntry{
			ID:          ids.New("led"),
			RentalID:    r.ID,
			Kind:        domain.LedgerPayment,
			AmountCents: -charge.AmountCents,
			Ref:         &charge.IntentID,
			Memo:        "Card payment",
		}); err != nil {
			return err
		}
		balance, err = s.rentals.AdjustBalance(ctx, r.ID, -charge.AmountCents)
		if err != nil {
			return err
		}
		if balance <= 0 {
			_, err = s.rentals.TransitionRental(ctx, r.ID, []domain.RentalStatus{domain.RentalDelinquent}, domain.RentalActive)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.notifier.Queue(ctx, notify.Notice{
		Key:       "receipt:" + charge.IntentID,
		RentalID:  r.ID,
		Template:  "payment_receipt",
		Recipient: cust.Phone,
		Vars: map[string]string{
			"amount":  domain.Money(charge.AmountCents),
			"balance": domain.Money(balance),
		},
	}); err != nil {
		s.log.WarnContext(ctx, "queue receipt", "rental", r.ID, "err", err)
	}
	return &Receipt{IntentID: charge.IntentID, AmountCents: charge.AmountCents, BalanceCents: balance}, nil
}

func roundLabel(n int) string { return strconv.Itoa(n) }
