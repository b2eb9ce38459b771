// Package dunning retries failed invoice payments on a schedule and keeps
// the customer informed.
package dunning

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/messaging/tasks"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/platform/txn"
	"github.com/meterly/subs/internal/provider/mailer"
	"github.com/meterly/subs/internal/provider/stripex"
)

type PaymentGateway interface {
	CreatePaymentIntent(ctx context.Context, b *stripex.ChargeBuilder, opts ...stripex.CallOption) (*stripe.PaymentIntent, error)
}

// DefaultSchedule is the delay before retry #1, #2, ... after a failure.
var DefaultSchedule = []time.Duration{24 * time.Hour, 3 * 24 * time.Hour, 5 * 24 * time.Hour, 7 * 24 * time.Hour}

type Service struct {
	db        *sqlx.DB
	cases     billing.DunningRepository
	invoices  billing.InvoiceRepository
	customers billing.CustomerRepository
	payments  billing.PaymentRepository
	outbox    billing.OutboxRepository
	gateway   PaymentGateway
	mail      mailer.Sender
	queue     tasks.Enqueuer
	schedule  []time.Duration
	now       func() time.Time
	log       *slog.Logger
}

type Deps struct {
	DB        *sqlx.DB
	Cases     billing.DunningRepository
	Invoices  billing.InvoiceRepository
	Customers billing.CustomerRepository
	Payments  billing.PaymentRepository
	Outbox    billing.OutboxRepository
	Gateway   PaymentGateway
	Mail      mailer.Sender
	Queue     tasks.Enqueuer
	Log       *slog.Logger
}

func NewService(d Deps) *Service {
	return &Service{
		db: d.DB, cases: d.Cases, invoices: d.Invoices, customers: d.Customers, payments: d.Payments,
		outbox: d.Outbox, gateway: d.Gateway, mail: d.Mail, queue: d.Queue,
		schedule: DefaultSchedule, now: time.Now, log: d.Log.With("service", "dunning"),
	}
}

func noticeTaskID(invoiceID string, step int) string {
	return fmt.Sprintf("notice:%s:%d", invoiceID, step)
}

// Start opens (or refreshes) the dunning case for a failed invoice payment
// and schedules the first notice and retry.
func (s *Service) Start(ctx context.Context, evt billing.InvoiceEvent) error {
	next := s.now().UTC().Add(s.schedule[0])
	if err := s.cases.Open(ctx, billing.DunningCase{
		InvoiceID:     evt.InvoiceID,
		CustomerID:    evt.CustomerID,
		LastFailure:   nullString(evt.FailureCode),
		NextAttemptAt: nullTime(next),
	}); err != nil {
		return err
	}

	if err := tasks.Enqueue(ctx, s.queue, tasks.TypeDunningSendNotice,
		tasks.DunningNoticePayload{InvoiceID: evt.InvoiceID, Step: 0},
		asynq.Queue(tasks.QueueDunning), asynq.TaskID(noticeTaskID(evt.InvoiceID, 0))); err != nil {
		return err
	}

	// asynq keeps finished task ids for the retention window, so a case that
	// is re-opened later would be rejected with a fixed id.
	retryTaskID := uuid.NewString()
	return tasks.Enqueue(ctx, s.queue, tasks.TypeDunningRetryPayment,
		tasks.DunningRetryPayload{InvoiceID: evt.InvoiceID, Attempt: 1},
		asynq.Queue(tasks.QueueDunning), asynq.TaskID(retryTaskID), asynq.ProcessAt(next), asynq.MaxRetry(5))
}

// RetryPayment charges the card on file again for a dunning case.
func (s *Service) RetryPayment(ctx context.Context, p tasks.DunningRetryPayload) error {
	c, err := s.cases.Get(ctx, p.InvoiceID)
	if err != nil {
		return err
	}
	if c.Status != "open" {
		return nil
	}
	inv, err := s.invoices.Get(ctx, p.InvoiceID)
	if err != nil {
		return err
	}
	if inv.Status != billing.InvoiceOpen || inv.AmountDue() == 0 {
		return s.cases.SetStatus(ctx, inv.ID, "recovered")
	}
	cust, err := s.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return err
	}

	attempt, err := s.payments.EnsureAttempt(ctx, billing.PaymentAttempt{
		ID:          ids.New("pa"),
		InvoiceID:   inv.ID,
		Kind:        "dunning",
		ClientRef:   fmt.Sprintf("retry-%d", p.Attempt),
		AmountCents: inv.AmountDue(),
		Currency:    inv.Currency,
	})
	if err != nil {
		return err
	}
	switch attempt.Status {
	case billing.AttemptSucceeded:
		return nil
	case billing.AttemptFailed:
		// The charge for this retry already failed; make sure the next step
		// is scheduled.
		return s.scheduleNext(ctx, inv, attempt, p.Attempt, attempt.FailureCode.String)
	}

	// Amount due can change between retries (credits, tax recalculation) and
	// Stripe rejects a reused key with different parameters, so the key is
	// made unique per call.
	idemKey := fmt.Sprintf("dunning-%s-%d-%d", inv.ID, p.Attempt, s.now().Unix())
	charge := stripex.NewCharge(cust.StripeCustomerID.String, inv.AmountDue(), inv.Currency).
		OffSession().
		ForInvoice(inv.ID, inv.Number.String)
	pi, err := s.gateway.CreatePaymentIntent(ctx, charge, stripex.WithIdempotencyKey(idemKey))

	var decline *stripex.DeclineError
	if errors.As(err, &decline) {
		return s.scheduleNext(ctx, inv, attempt, p.Attempt, decline.Code)
	}
	if err != nil {
		return fmt.Errorf("dunning: charge %s: %w", inv.ID, err)
	}
	if pi.Status != stripe.PaymentIntentStatusSucceeded {
		return s.scheduleNext(ctx, inv, attempt, p.Attempt, string(pi.Status))
	}

	return txn.Do(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.payments.WithTx(tx).MarkSucceeded(ctx, attempt.ID, pi.ID); err != nil {
			return err
		}
		now := s.now().UTC()
		if err := s.invoices.WithTx(tx).MarkPaid(ctx, inv.ID, pi.AmountReceived, now); err != nil {
			return err
		}
		if err := s.cases.WithTx(tx).SetStatus(ctx, inv.ID, "recovered"); err != nil {
			return err
		}
		return s.outbox.WithTx(tx).Add(ctx, ids.Derived("evt", inv.ID, "paid"), billing.SubjectInvoicePaid, billing.InvoiceEvent{
			InvoiceID: inv.ID, CustomerID: inv.CustomerID, AmountCents: pi.AmountReceived, Currency: inv.Currency, OccurredAt: now,
		})
	})
}

func (s *Service) scheduleNext(ctx context.Context, inv billing.Invoice, attempt billing.PaymentAttempt, n int, code string) error {
	exhausted := n >= len(s.schedule)
	var next time.Time
	if !exhausted {
		next = s.now().UTC().Add(s.schedule[n])
	}
	err := txn.Do(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.payments.WithTx(tx).MarkFailed(ctx, attempt.ID, code); err != nil && !errors.Is(err, billing.ErrNotFound) {
			return err
		}
		if exhausted {
			return s.cases.WithTx(tx).SetStatus(ctx, inv.ID, "exhausted")
		}
		return s.cases.WithTx(tx).RecordAttempt(ctx, inv.ID, n, code, &next)
	})
	if err != nil || exhausted {
		return err
	}
	if err := tasks.Enqueue(ctx, s.queue, tasks.TypeDunningSendNotice,
		tasks.DunningNoticePayload{InvoiceID: inv.ID, Step: n},
		asynq.Queue(tasks.QueueDunning), asynq.TaskID(noticeTaskID(inv.ID, n))); err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.queue, tasks.TypeDunningRetryPayment,
		tasks.DunningRetryPayload{InvoiceID: inv.ID, Attempt: n + 1},
		asynq.Queue(tasks.QueueDunning), asynq.TaskID(fmt.Sprintf("dunning:%s:%d", inv.ID, n+1)),
		asynq.ProcessAt(next), asynq.MaxRetry(5))
}

// SendNotice e-mails dunning notice #step. The notice is claimed in the
// database before the e-mail goes out, so a redelivered task never sends
// it twice; a send that fails after the claim is surfaced for manual
// follow-up instead of being retried.
func (s *Service) SendNotice(ctx context.Context, p tasks.DunningNoticePayload) error {
	claimed, err := s.cases.ClaimNotice(ctx, p.InvoiceID, p.Step)
	if err != nil {
		return err
	}
	if !claimed {
		s.log.DebugContext(ctx, "notice already claimed", "invoice_id", p.InvoiceID, "step", p.Step)
		return nil
	}
	inv, err := s.invoices.Get(ctx, p.InvoiceID)
	if err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return err
	}
	if err := s.mail.Send(ctx, mailer.Message{
		To:       cust.Email,
		Template: fmt.Sprintf("dunning_step_%d", p.Step),
		Data: map[string]any{
			"invoice_number": inv.Number.String,
			"amount_due":     inv.AmountDue(),
			"currency":       inv.Currency,
		},
		Tags: []string{"dunning"},
	}); err != nil {
		s.log.ErrorContext(ctx, "dunning notice not sent; needs manual follow-up",
			"invoice_id", p.InvoiceID, "step", p.Step, "err", err)
		return fmt.Errorf("dunning notice: %w: %w", err, asynq.SkipRetry)
	}
	return s.cases.MarkNoticeSent(ctx, p.InvoiceID, p.Step, s.now().UTC())
}

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func nullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }
