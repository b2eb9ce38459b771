package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/providers/cardpay"
	"github.com/crumbworks/ovenline/internal/providers/directdebit"
	"github.com/crumbworks/ovenline/internal/providers/mailer"
)

const (
	// ProviderDebitline names the direct-debit provider in payments rows.
	ProviderDebitline = "debitline"
	// ProviderCardpay names the card acquirer in payments rows.
	ProviderCardpay = "cardpay"

	maxCollectionAttempts = 3
)

// CollectionKey is the Debitline idempotency key for an invoice's next
// collection attempt. It changes only when a failed attempt is recorded.
func CollectionKey(inv domain.Invoice) string {
	return fmt.Sprintf("inv-%s-collect-%d", inv.ID, inv.CollectionAttempts)
}

// ddEventHandler applies one Debitline webhook event inside a transaction.
type ddEventHandler func(ctx context.Context, tx *sqlx.Tx, ev directdebit.Event) error

// Collections takes payment for invoices by card and direct debit.
type Collections struct {
	db        Pool
	invoices  InvoiceRepo
	payments  PaymentRepo
	customers CustomerRepo
	credits   CreditRepo
	webhooks  WebhookRepo
	dd        DirectDebit
	card      CardCharger
	now       Clock
	log       *slog.Logger

	ddHandlers map[string]ddEventHandler
}

// NewCollections builds the collections service.
func NewCollections(db Pool, invoices InvoiceRepo, payments PaymentRepo, customers CustomerRepo, credits CreditRepo,
	webhooks WebhookRepo, dd DirectDebit, card CardCharger, now Clock, log *slog.Logger) *Collections {
	s := &Collections{db: db, invoices: invoices, payments: payments, customers: customers, credits: credits,
		webhooks: webhooks, dd: dd, card: card, now: now, log: log}
	s.ddHandlers = map[string]ddEventHandler{
		"payments.confirmed": s.onPaymentConfirmed,
		"payments.failed":    s.onPaymentFailed,
		"refunds.paid":       s.onRefundPaid,
	}
	return s
}

// ErrCardDeclined is returned when the card issuer declines a charge.
var ErrCardDeclined = errors.New("card declined")

// PayByCard charges the customer's stored card for the invoice balance.
// The provider key is derived from the invoice and the client's
// Idempotency-Key, so a retried request replays the original charge.
func (s *Collections) PayByCard(ctx context.Context, invoiceID uuid.UUID, idemKey string) (domain.Invoice, error) {
	if idemKey == "" {
		return domain.Invoice{}, domain.Invalid("Idempotency-Key header is required")
	}
	inv, err := s.invoices.Get(ctx, s.db, invoiceID)
	if err != nil {
		return domain.Invoice{}, err
	}
	if inv.Status == "paid" || inv.BalancePence() == 0 {
		return inv, nil
	}
	cust, err := s.customers.Get(ctx, s.db, inv.CustomerID)
	if err != nil {
		return domain.Invoice{}, err
	}
	if cust.CardCustomerRef == nil {
		return domain.Invoice{}, domain.Invalid("customer %s has no card on file", cust.AccountCode)
	}

	intent, err := s.card.Charge(ctx, cardpay.ChargeRequest{
		CustomerRef:    *cust.CardCustomerRef,
		AmountPence:    inv.BalancePence(),
		Description:    "Invoice " + inv.InvoiceNumber,
		Metadata:       map[string]string{"invoice_id": inv.ID.String()},
		OffSession:     true,
		Confirm:        true,
		IdempotencyKey: "inv-" + inv.ID.String() + "-card-" + idemKey,
	})
	if err != nil {
		return domain.Invoice{}, err
	}
	if !intent.Succeeded() {
		return domain.Invoice{}, fmt.Errorf("%w: %s", ErrCardDeclined, intent.FailureReason)
	}

	err = s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		inserted, err := s.payments.InsertIfAbsent(ctx, tx, domain.Payment{
			ID:                uuid.New(),
			InvoiceID:         inv.ID,
			Method:            string(domain.PayCard),
			Provider:          ProviderCardpay,
			ProviderPaymentID: intent.ID,
			AmountPence:       intent.AmountPence,
			Status:            "confirmed",
		})
		if err != nil || !inserted {
			return err
		}
		return s.invoices.AddPaid(ctx, tx, inv.ID, intent.AmountPence)
	})
	if err != nil {
		return domain.Invoice{}, fmt.Errorf("record card payment %s: %w", intent.ID, err)
	}
	return s.invoices.Get(ctx, s.db, inv.ID)
}

// LogWebhook keeps the raw body of every webhook delivery we receive.
func (s *Collections) LogWebhook(ctx context.Context, eventID, signature string, payload []byte) error {
	return s.webhooks.Log(ctx, s.db, ProviderDebitline, eventID, signature, payload)
}

// ApplyDebitlineEvent applies one webhook event. Events already applied are
// skipped.
func (s *Collections) ApplyDebitlineEvent(ctx context.Context, ev directdebit.Event) error {
	seen, err := s.webhooks.Seen(ctx, s.db, ProviderDebitline, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	handler, ok := s.ddHandlers[ev.ResourceType+"."+ev.Action]
	if !ok {
		s.log.InfoContext(ctx, "ignoring debitline event", "event_id", ev.ID, "type", ev.ResourceType, "action", ev.Action)
		return s.webhooks.MarkProcessed(ctx, s.db, ProviderDebitline, ev.ID)
	}
	if err := s.db.WithTx(ctx, func(tx *sqlx.Tx) error { return handler(ctx, tx, ev) }); err != nil {
		return fmt.Errorf("apply %s.%s %s: %w", ev.ResourceType, ev.Action, ev.ID, err)
	}
	return s.webhooks.MarkProcessed(ctx, s.db, ProviderDebitline, ev.ID)
}

func (s *Collections) onPaymentConfirmed(ctx context.Context, tx *sqlx.Tx, ev directdebit.Event) error {
	p, err := s.payments.ByProviderID(ctx, tx, ProviderDebitline, ev.Links["payment"])
	if err != nil {
		return err
	}
	if err := s.payments.SetStatus(ctx, tx, p.ID, "confirmed"); err != nil {
		return err
	}
	return s.invoices.AddPaid(ctx, tx, p.InvoiceID, p.AmountPence)
}

func (s *Collections) onPaymentFailed(ctx context.Context, tx *sqlx.Tx, ev directdebit.Event) error {
	p, err := s.payments.ByProviderID(ctx, tx, ProviderDebitline, ev.Links["payment"])
	if err != nil {
		return err
	}
	if err := s.payments.SetStatus(ctx, tx, p.ID, "failed"); err != nil {
		return err
	}
	s.log.WarnContext(ctx, "direct debit failed", "invoice_id", p.InvoiceID, "cause", ev.Details.Cause)
	return s.invoices.RecordCollectionFailure(ctx, tx, p.InvoiceID)
}

func (s *Collections) onRefundPaid(ctx context.Context, tx *sqlx.Tx, ev directdebit.Event) error {
	cn, ok := ev.Links["credit_note"]
	if !ok {
		return nil
	}
	id, err := uuid.Parse(cn)
	if err != nil {
		return domain.Invalid("refund event %s has bad credit_note link", ev.ID)
	}
	return s.credits.SetStatus(ctx, tx, id, "refunded")
}

// RetryFailedCollections re-presents direct debits that failed, up to the
// attempt limit. Each attempt's provider key is fixed by the attempt count,
// which only moves when Debitline reports the failure.
func (s *Collections) RetryFailedCollections(ctx context.Context) (int, error) {
	invoices, err := s.invoices.RetryableCollections(ctx, s.db, maxCollectionAttempts)
	if err != nil {
		return 0, err
	}
	presented := 0
	var errs []error
	for _, inv := range invoices {
		cust, err := s.customers.Get(ctx, s.db, inv.CustomerID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if cust.PaymentMethod != domain.PayDirectDebit || cust.DDMandateID == nil {
			continue
		}
		p, err := s.dd.CreatePayment(ctx, directdebit.CreatePaymentRequest{
			MandateID:   *cust.DDMandateID,
			AmountPence: inv.BalancePence(),
			Currency:    "GBP",
			ChargeDate:  s.now().AddDate(0, 0, 3).Format(time.DateOnly),
			Reference:   inv.InvoiceNumber,
			Description: "Crumbworks invoice " + inv.InvoiceNumber + " (re-presented)",
			Metadata:    map[string]string{"invoice_id": inv.ID.String()},
		}, directdebit.IdempotencyKey(CollectionKey(inv)))
		if err != nil {
			errs = append(errs, fmt.Errorf("re-present %s: %w", inv.InvoiceNumber, err))
			continue
		}
		err = s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
			if _, err := s.payments.InsertIfAbsent(ctx, tx, domain.Payment{
				ID:                uuid.New(),
				InvoiceID:         inv.ID,
				Method:            string(domain.PayDirectDebit),
				Provider:          ProviderDebitline,
				ProviderPaymentID: p.ID,
				AmountPence:       p.AmountPence,
				Status:            "pending",
			}); err != nil {
				return err
			}
			return s.invoices.MarkCollecting(ctx, tx, inv.ID)
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("record re-presentation %s: %w", inv.InvoiceNumber, err))
			continue
		}
		presented++
	}
	return presented, errors.Join(errs...)
}

// Statements emails customers their monthly account statement.
type Statements struct {
	db        Pool
	customers CustomerRepo
	invoices  InvoiceRepo
	mail      Mailer
	log       *slog.Logger
}

// NewStatements builds the statement service.
func NewStatements(db Pool, customers CustomerRepo, invoices InvoiceRepo, mail Mailer, log *slog.Logger) *Statements {
	return &Statements{db: db, customers: customers, invoices: invoices, mail: mail, log: log}
}

// SendMonth emails every active customer the statement for the month that
// starts at monthStart. Customers already sent this month's statement are
// skipped.
func (s *Statements) SendMonth(ctx context.Context, monthStart time.Time) (int, error) {
	period := monthStart.Format("2006-01")
	monthEnd := monthStart.AddDate(0, 1, 0)

	customers, err := s.customers.ListActive(ctx, s.db)
	if err != nil {
		return 0, err
	}
	sent := 0
	var errs []error
	for _, c := range customers {
		already, err := s.invoices.StatementSent(ctx, s.db, period, c.ID)
		if err != nil {
			return sent, err
		}
		if already {
			continue
		}
		lines, err := s.invoices.StatementFor(ctx, s.db, c.ID, monthStart, monthEnd)
		if err != nil {
			return sent, err
		}
		if len(lines) == 0 {
			continue
		}
		var billed, credited, paid int
		for _, l := range lines {
			billed += l.Subtotal
			credited += l.Credited
			paid += l.Paid
		}

		_, err = s.mail.Send(ctx, mailer.Message{
			To:       c.BillingEmail,
			Subject:  fmt.Sprintf("Crumbworks statement for %s", monthStart.Format("January 2006")),
			Template: "monthly-statement",
			Data: map[string]any{
				"customer": c.Name,
				"account":  c.AccountCode,
				"period":   period,
				"invoices": lines,
				"billed":   billed,
				"credited": credited,
				"paid":     paid,
				"balance":  billed - credited - paid,
			},
			Tags: []string{"statement", period},
		})
		if err != nil {
			s.log.ErrorContext(ctx, "statement email failed", "customer", c.AccountCode, "err", err)
			errs = append(errs, err)
			continue
		}
		if err := s.invoices.RecordStatementSent(ctx, s.db, period, c.ID); err != nil {
			return sent, fmt.Errorf("record statement for %s: %w", c.AccountCode, err)
		}
		sent++
	}
	return sent, errors.Join(errs...)
}
