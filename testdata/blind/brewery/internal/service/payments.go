package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/provider/ach"
	"github.com/ironkettle/taproute/internal/store"
)

// PaymentService collects invoice payments by ACH debit and applies the
// provider's settlement notifications.
type PaymentService struct {
	db       store.Querier
	tx       store.TxRunner
	accounts AccountStore
	invoices InvoiceStore
	payments PaymentStore
	outbox   OutboxStore
	ach      ACHGateway
	now      Clock
	newUUID  func() uuid.UUID
	log      *slog.Logger
}

// NewPaymentService constructs a PaymentService.
func NewPaymentService(db store.Querier, tx store.TxRunner, accounts AccountStore, invoices InvoiceStore,
	payments PaymentStore, outbox OutboxStore, gw ACHGateway, now Clock) *PaymentService {
	return &PaymentService{
		db: db, tx: tx, accounts: accounts, invoices: invoices, payments: payments, outbox: outbox,
		ach: gw, now: now, newUUID: uuid.New, log: slog.Default().With("svc", "payments"),
	}
}

// PayInput is a portal payment against one invoice.
type PayInput struct {
	AmountCents int64 `json:"amount_cents"`
}

// PayInvoice debits the account's bank for an invoice. The caller's
// Idempotency-Key identifies the payment: the payment row is created under
// it, and the row id is what the provider sees as its Idempotency-Key.
func (s *PaymentService) PayInvoice(ctx context.Context, invoiceID uuid.UUID, idemKey string, in PayInput) (domain.Payment, error) {
	if in.AmountCents <= 0 {
		return domain.Payment{}, fmt.Errorf("amount_cents must be positive: %w", domain.ErrInvalid)
	}
	var p domain.Payment
	var acct domain.Account
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		inv, err := s.invoices.Get(ctx, tx, invoiceID)
		if err != nil {
			return mapNotFound(err, "invoice")
		}
		if acct, err = s.accounts.Get(ctx, tx, inv.AccountID); err != nil {
			return err
		}
		if acct.ACHCustomerID == "" {
			return fmt.Errorf("account %s has no bank account on file: %w", acct.ID, domain.ErrInvalidState)
		}
		var created bool
		p, created, err = s.payments.InsertIfAbsent(ctx, tx, domain.Payment{
			ID: s.newUUID(), InvoiceID: inv.ID, AccountID: inv.AccountID,
			AmountCents: in.AmountCents, Source: "portal", IdempotencyKey: idemKey,
		})
		if err != nil {
			return err
		}
		if !created {
			if p.AmountCents != in.AmountCents {
				return domain.ErrKeyReused
			}
			return nil
		}
		if inv.Status != "open" || in.AmountCents > inv.OpenBalance() {
			return fmt.Errorf("invoice %s open balance is %d: %w", inv.Number, inv.OpenBalance(), domain.ErrInvalid)
		}
		return s.invoices.AddPending(ctx, tx, inv.ID, in.AmountCents)
	})
	if err != nil {
		return domain.Payment{}, err
	}
	if p.Status != "pending" {
		return p, nil
	}
	return s.submitDebit(ctx, acct, p)
}

func (s *PaymentService) submitDebit(ctx context.Context, acct domain.Account, p domain.Payment) (domain.Payment, error) {
	tr, err := s.ach.CreateDebit(ctx, ach.DebitRequest{
		CustomerID:     acct.ACHCustomerID,
		AmountCents:    p.AmountCents,
		Description:    "INVOICE PMT",
		Reference:      p.InvoiceID.String(),
		IdempotencyKey: p.ID.String(),
	})
	s.logCall(ctx, "debit", p.ID.String(), err)
	if err != nil {
		if ach.IsPermanent(err) {
			ferr := s.tx.InTx(ctx, func(tx pgx.Tx) error {
				if err := s.payments.MarkFailed(ctx, tx, p.ID, err.Error()); err != nil {
					return err
				}
				return s.invoices.ReleasePending(ctx, tx, p.InvoiceID, p.AmountCents)
			})
			if ferr != nil {
				return domain.Payment{}, errors.Join(err, ferr)
			}
		}
		return domain.Payment{}, fmt.Errorf("ach debit for payment %s: %w", p.ID, err)
	}
	if err := s.payments.MarkSubmitted(ctx, s.db, p.ID, tr.ID, s.now()); err != nil {
		return domain.Payment{}, err
	}
	p.Status = "submitted"
	p.ProviderPaymentID = tr.ID
	return p, nil
}

// logCall appends to the provider call log. Failures to log never fail the
// payment.
func (s *PaymentService) logCall(ctx context.Context, op, ref string, callErr error) {
	entry := store.CallLogEntry{ID: s.newUUID(), Provider: "ach", Operation: op, RefID: ref, Outcome: "ok"}
	if callErr != nil {
		entry.Outcome, entry.Detail = "error", callErr.Error()
	}
	if err := s.payments.AppendCallLog(ctx, s.db, entry); err != nil {
		s.log.WarnContext(ctx, "call log append failed", "err", err)
	}
}

// CollectAutopay debits an autopay account for an invoice that has come due.
// runDate is the autopay sweep's business date; there is at most one autopay
// attempt per invoice per sweep.
func (s *PaymentService) CollectAutopay(ctx context.Context, invoiceID uuid.UUID, runDate string) error {
	inv, err := s.invoices.Get(ctx, s.db, invoiceID)
	if err != nil {
		return mapNotFound(err, "invoice")
	}
	acct, err := s.accounts.Get(ctx, s.db, inv.AccountID)
	if err != nil {
		return err
	}
	if !acct.Autopay || acct.ACHCustomerID == "" {
		return nil
	}
	key := "autopay:" + runDate
	p, err := s.payments.GetByKey(ctx, s.db, inv.ID, key)
	switch {
	case errors.Is(err, store.ErrNotFound):
		if inv.Status != "open" || inv.OpenBalance() <= 0 {
			return nil
		}
		p, _, err = s.payments.InsertIfAbsent(ctx, s.db, domain.Payment{
			ID: s.newUUID(), InvoiceID: inv.ID, AccountID: inv.AccountID,
			AmountCents: inv.OpenBalance(), Source: "autopay", IdempotencyKey: key,
		})
		if err != nil {
			return err
		}
	case err != nil:
		return err
	}
	if p.Status != "pending" {
		return nil
	}

	tr, err := s.ach.CreateDebit(ctx, ach.DebitRequest{
		CustomerID:     acct.ACHCustomerID,
		AmountCents:    p.AmountCents,
		Description:    "AUTOPAY " + inv.Number,
		Reference:      inv.Number,
		IdempotencyKey: p.ID.String(),
	})
	s.logCall(ctx, "autopay_debit", p.ID.String(), err)
	if err != nil {
		if ach.IsPermanent(err) {
			return s.payments.MarkFailed(ctx, s.db, p.ID, err.Error())
		}
		return err
	}
	if err := s.invoices.AddPending(ctx, s.db, inv.ID, p.AmountCents); err != nil {
		return fmt.Errorf("hold autopay amount on %s: %w", inv.Number, err)
	}
	if err := s.payments.MarkSubmitted(ctx, s.db, p.ID, tr.ID, s.now()); err != nil {
		return fmt.Errorf("mark autopay %s submitted: %w", p.ID, err)
	}
	return nil
}

// DueForAutopay lists invoices the autopay sweep should collect on day.
func (s *PaymentService) DueForAutopay(ctx context.Context, day time.Time) ([]uuid.UUID, error) {
	return s.invoices.ListDueForAutopay(ctx, s.db, day)
}

// HandleACHEvent applies a webhook event from the ACH provider.
func (s *PaymentService) HandleACHEvent(ctx context.Context, evt ach.Event) error {
	fresh, err := s.payments.RecordWebhookEvent(ctx, s.db, evt.ID, evt.Type)
	if err != nil {
		return err
	}
	if !fresh {
		s.log.InfoContext(ctx, "duplicate ach webhook", "event", evt.ID)
		return nil
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		switch evt.Type {
		case "debit.settled":
			return s.applySettlement(ctx, tx, evt)
		case "debit.returned":
			return s.applyReturn(ctx, tx, evt)
		default:
			// Credit events only matter for reconciliation reports.
			return nil
		}
	})
}

func (s *PaymentService) applySettlement(ctx context.Context, tx pgx.Tx, evt ach.Event) error {
	p, err := s.payments.GetByProviderID(ctx, tx, evt.TransferID)
	if err != nil {
		return mapNotFound(err, "payment for transfer "+evt.TransferID)
	}
	settled, err := s.payments.MarkSettled(ctx, tx, p.ID, evt.OccurredAt)
	if err != nil || !settled {
		return err
	}
	status, err := s.invoices.Settle(ctx, tx, p.InvoiceID, p.AmountCents)
	if err != nil {
		return err
	}
	if status != "paid" {
		return nil
	}
	inv, err := s.invoices.Get(ctx, tx, p.InvoiceID)
	if err != nil {
		return err
	}
	_, err = s.outbox.Append(ctx, tx, "invoice-paid:"+inv.ID.String(), SubjectInvoicePaid, InvoicePaid{
		InvoiceID: inv.ID, AccountID: inv.AccountID, TotalCents: inv.TotalCents, PaidAt: evt.OccurredAt,
	})
	return err
}

func (s *PaymentService) applyReturn(ctx context.Context, tx pgx.Tx, evt ach.Event) error {
	p, err := s.payments.GetByProviderID(ctx, tx, evt.TransferID)
	if err != nil {
		return mapNotFound(err, "payment for transfer "+evt.TransferID)
	}
	wasSettled := p.Status == "settled"
	returned, err := s.payments.MarkReturned(ctx, tx, p.ID, evt.ReturnCode)
	if err != nil || !returned {
		return err
	}
	if wasSettled {
		// A return after settlement reopens the invoice; collections handles it.
		s.log.WarnContext(ctx, "ach return after settlement", "payment", p.ID, "code", evt.ReturnCode)
		return nil
	}
	return s.invoices.ReleasePending(ctx, tx, p.InvoiceID, p.AmountCents)
}
