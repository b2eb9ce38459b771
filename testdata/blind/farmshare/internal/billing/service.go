package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
	"github.com/harvestloop/farmshare/internal/providers/cardpay"
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// EventWriter appends a domain event to the outbox on q.
type EventWriter interface {
	Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error
}

// Charger creates card charges.
type Charger interface {
	CreateCharge(ctx context.Context, req cardpay.ChargeRequest, opts ...cardpay.CallOption) (*cardpay.Charge, error)
}

// Service runs invoicing and collection.
type Service struct {
	db      *sqlx.DB
	tx      TxRunner
	store   *Store
	charger Charger
	events  EventWriter
	log     *slog.Logger
	now     func() time.Time

	requestID func() string
	batch     int
}

// Option configures a Service.
type Option func(*Service)

// WithClock overrides the clock.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithRequestIDs overrides how per-request correlation ids are generated.
func WithRequestIDs(fn func() string) Option { return func(s *Service) { s.requestID = fn } }

// WithBatchSize limits how many invoices one job run handles.
func WithBatchSize(n int) Option { return func(s *Service) { s.batch = n } }

// NewService wires a Service.
func NewService(db *sqlx.DB, tx TxRunner, store *Store, charger Charger, ev EventWriter, log *slog.Logger, opts ...Option) *Service {
	s := &Service{
		db: db, tx: tx, store: store, charger: charger, events: ev, log: log,
		now:       time.Now,
		requestID: ids.Short,
		batch:     500,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// ChargeUpcomingWeek invoices and charges every billable subscription for
// next week's box.
func (s *Service) ChargeUpcomingWeek(ctx context.Context) error {
	week := httpx.WeekStart(s.now()).AddDate(0, 0, 7)
	due, err := s.store.BillableWeeks(ctx, s.db, week)
	if err != nil {
		return fmt.Errorf("billable weeks: %w", err)
	}
	var failed int
	for _, bw := range due {
		inv, err := s.store.EnsureInvoice(ctx, s.db, bw, week)
		if err != nil {
			s.log.Error("ensure invoice", "subscription", bw.SubscriptionID, "err", err)
			failed++
			continue
		}
		if inv.Status != InvoiceOpen || inv.Attempts > 0 {
			continue
		}
		if err := s.collect(ctx, inv, cardpay.WithIdempotencyKey("invoice-"+inv.ID)); err != nil {
			s.log.Error("collect invoice", "invoice", inv.ID, "err", err)
			failed++
		}
	}
	s.log.Info("weekly charge run", "week", week.Format("2006-01-02"), "invoices", len(due), "errors", failed)
	return nil
}

// RetryFailedPayments charges invoices whose retry time has come.
func (s *Service) RetryFailedPayments(ctx context.Context) error {
	invs, err := s.store.DueRetries(ctx, s.db, s.now(), s.batch)
	if err != nil {
		return fmt.Errorf("due retries: %w", err)
	}
	for i := range invs {
		inv := &invs[i]
		reqID := s.requestID()
		if err := s.collect(ctx, inv, cardpay.WithIdempotencyKey(reqID)); err != nil {
			s.log.Error("retry invoice", "invoice", inv.ID, "request_id", reqID, "err", err)
		}
	}
	return nil
}

// collect charges the card on file for inv and records the outcome.
func (s *Service) collect(ctx context.Context, inv *Invoice, opts ...cardpay.CallOption) error {
	prof, err := s.store.Profile(ctx, s.db, inv.MemberID)
	if err != nil {
		return err
	}
	attempt := inv.Attempts + 1
	if prof.CustomerID == nil || prof.PaymentMethod == nil {
		return s.record(ctx, inv, attempt, &cardpay.Charge{Status: cardpay.StatusFailed, FailureCode: "no_payment_method"})
	}
	if inv.Due() == 0 {
		return s.record(ctx, inv, attempt, &cardpay.Charge{Status: cardpay.StatusSucceeded})
	}

	ch, err := s.charger.CreateCharge(ctx, cardpay.ChargeRequest{
		Customer:      *prof.CustomerID,
		PaymentMethod: *prof.PaymentMethod,
		AmountCents:   inv.Due(),
		Description:   "Harvest Loop box, week of " + inv.WeekStart.Format("2 Jan 2006"),
		OffSession:    true,
		Metadata:      map[string]string{"invoice_id": inv.ID, "kind": "weekly_box"},
	}, opts...)
	if err != nil {
		return fmt.Errorf("charge: %w", err)
	}
	return s.record(ctx, inv, attempt, ch)
}

func (s *Service) record(ctx context.Context, inv *Invoice, attempt int, ch *cardpay.Charge) error {
	a := &Attempt{
		ID:        ids.New(),
		InvoiceID: inv.ID,
		Attempt:   attempt,
		Outcome:   ch.Status,
		CreatedAt: s.now(),
	}
	if ch.ID != "" {
		a.ChargeID = &ch.ID
	}
	if ch.FailureCode != "" {
		a.DeclineCode = &ch.FailureCode
	}

	status := InvoiceOpen
	var next *time.Time
	switch ch.Status {
	case cardpay.StatusSucceeded:
		status = InvoicePaid
	case cardpay.StatusFailed:
		status = InvoiceFailed
		if wait, ok := retrySchedule[attempt]; ok {
			t := s.now().Add(wait)
			next = &t
		} else {
			status = InvoiceUncollectible
		}
	}

	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		applied, err := s.store.RecordAttempt(ctx, tx, inv, a, status, next)
		if err != nil || !applied {
			return err
		}
		switch status {
		case InvoicePaid:
			return s.events.Enqueue(ctx, tx, events.TopicInvoicePaid, inv.ID, events.InvoicePaid{
				InvoiceID: inv.ID, MemberID: inv.MemberID, ChargeID: ch.ID,
			})
		case InvoiceFailed, InvoiceUncollectible:
			return s.events.Enqueue(ctx, tx, events.TopicInvoicePaymentFailed, inv.ID, events.InvoicePaymentFailed{
				InvoiceID: inv.ID, MemberID: inv.MemberID, Attempt: attempt, DeclineCode: ch.FailureCode,
			})
		}
		return nil
	})
}

// AmountDue returns what the member still owes on an open or failed invoice.
func (s *Service) AmountDue(ctx context.Context, invoiceID, memberID string) (int64, error) {
	inv, err := s.store.Get(ctx, s.db, invoiceID)
	if err != nil {
		return 0, err
	}
	if inv.MemberID != memberID {
		return 0, database.ErrNotFound
	}
	if inv.Status != InvoiceOpen && inv.Status != InvoiceFailed {
		return 0, httpx.NewError(http.StatusConflict, "invoice_closed", "invoice is %s", inv.Status)
	}
	return inv.Due(), nil
}

// CreditApplied reports whether member credit was already put against the invoice.
func (s *Service) CreditApplied(ctx context.Context, invoiceID string) (bool, error) {
	return s.store.CreditApplied(ctx, s.db, invoiceID)
}

// ApplyCredit reduces the invoice's amount due by amount.
func (s *Service) ApplyCredit(ctx context.Context, invoiceID, memberID string, amount int64) error {
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		inv, err := s.store.GetLocked(ctx, tx, invoiceID)
		if err != nil {
			return err
		}
		if inv.Status != InvoiceOpen && inv.Status != InvoiceFailed {
			return errors.New("invoice is no longer payable")
		}
		return s.store.ApplyCredit(ctx, tx, invoiceID, memberID, amount)
	})
}
