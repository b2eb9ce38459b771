package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/provider/openbanking"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/tasks"
)

// Collections initiates and tracks debtor payments.
type Collections interface {
	Initiate(ctx context.Context, invoiceID uuid.UUID, installment int) error
	Retry(ctx context.Context, collectionID uuid.UUID) error
	ScheduleRetry(ctx context.Context, ev events.CollectionFailed) error
	HandleStatus(ctx context.Context, ev openbanking.StatusEvent, raw []byte) error
}

type CollectionPolicy struct {
	MaxAttempts  int
	RetryBackoff []time.Duration
}

func NewCollectionPolicy() CollectionPolicy {
	return CollectionPolicy{
		MaxAttempts:  4,
		RetryBackoff: []time.Duration{24 * time.Hour, 72 * time.Hour, 7 * 24 * time.Hour},
	}
}

func (p CollectionPolicy) backoff(attempt int) time.Duration {
	if attempt-1 < len(p.RetryBackoff) && attempt > 0 {
		return p.RetryBackoff[attempt-1]
	}
	return p.RetryBackoff[len(p.RetryBackoff)-1]
}

type CollectionService struct {
	store  repo.Store
	pis    PaymentInitiator
	policy CollectionPolicy
	clock  Clock
	log    *slog.Logger
}

func NewCollectionService(store repo.Store, pis PaymentInitiator, policy CollectionPolicy, clock Clock, log *slog.Logger) *CollectionService {
	return &CollectionService{store: store, pis: pis, policy: policy, clock: clock, log: log.With("svc", "collections")}
}

var collectionNamespace = uuid.MustParse("6f1c2e0a-3d5b-4c8e-9a71-2b0f4d6e8c13")

// collectionKey is the payment initiation key for one installment of an
// invoice.
func collectionKey(invoiceID uuid.UUID, installment int) string {
	return uuid.NewSHA1(collectionNamespace, fmt.Appendf(nil, "%s/%d", invoiceID, installment)).String()
}

func (s *CollectionService) paymentRequest(inv *domain.Invoice, d *domain.Debtor, amount int64) openbanking.PaymentRequest {
	return openbanking.PaymentRequest{
		Amount:      openbanking.MinorAmount(amount, inv.Currency),
		DebtorName:  d.LegalName,
		DebtorEmail: d.BillingEmail,
		Reference:   "INV " + inv.InvoiceNumber,
	}
}

// Initiate starts the debtor payment for an invoice installment on its due
// date.
func (s *CollectionService) Initiate(ctx context.Context, invoiceID uuid.UUID, installment int) error {
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != domain.InvoiceFunded || inv.Outstanding() <= 0 {
		return nil
	}
	d, err := s.store.Debtors().Get(ctx, inv.DebtorID)
	if err != nil {
		return err
	}
	c, err := s.store.Collections().CreateIfAbsent(ctx, &domain.Collection{
		ID:          uuid.New(),
		InvoiceID:   inv.ID,
		Installment: installment,
		AmountMinor: inv.Outstanding(),
		Currency:    inv.Currency,
		Status:      domain.CollectionPending,
		CreatedAt:   s.clock.Now(),
		UpdatedAt:   s.clock.Now(),
	})
	if err != nil {
		return err
	}
	if c.Status != domain.CollectionPending {
		return nil
	}
	req := s.paymentRequest(inv, d, c.AmountMinor)
	req.IdempotencyKey = collectionKey(c.InvoiceID, c.Installment)
	pay, err := s.pis.CreatePayment(ctx, req)
	if err != nil {
		return err
	}
	return s.store.Collections().MarkInitiated(ctx, c.ID, pay.ID)
}

// Retry re-initiates a failed collection.
func (s *CollectionService) Retry(ctx context.Context, collectionID uuid.UUID) error {
	c, err := s.store.Collections().Get(ctx, collectionID)
	if err != nil {
		return err
	}
	if c.Status == domain.CollectionPaid {
		return nil
	}
	inv, err := s.store.Invoices().Get(ctx, c.InvoiceID)
	if err != nil {
		return err
	}
	if inv.Outstanding() <= 0 || inv.Status == domain.InvoiceSettled {
		return s.store.Collections().SetStatus(ctx, c.ID, domain.CollectionPaid, "")
	}
	d, err := s.store.Debtors().Get(ctx, inv.DebtorID)
	if err != nil {
		return err
	}
	pay, err := s.pis.CreatePayment(ctx, s.paymentRequest(inv, d, inv.Outstanding()))
	if err != nil {
		return err
	}
	return s.store.Collections().RecordAttempt(ctx, c.ID, pay.ID)
}

// ScheduleRetry queues another collection attempt after a failed payment,
// up to the policy's limit.
func (s *CollectionService) ScheduleRetry(ctx context.Context, ev events.CollectionFailed) error {
	if ev.Attempts >= s.policy.MaxAttempts {
		s.log.WarnContext(ctx, "collection attempts exhausted", "collection", ev.CollectionID, "attempts", ev.Attempts)
		return s.store.Collections().SetStatus(ctx, ev.CollectionID, domain.CollectionFailed, "attempts exhausted: "+ev.Reason)
	}
	runAt := s.clock.Now().Add(s.policy.backoff(ev.Attempts))
	_, err := tasks.EnqueueAt(ctx, s.store.Tasks(), tasks.CollectionRetry{
		CollectionID: ev.CollectionID,
		RetryToken:   ksuid.New().String(),
	}, runAt)
	return err
}

// HandleStatus records a payment status callback from the PIS provider and
// moves the collection along.
func (s *CollectionService) HandleStatus(ctx context.Context, ev openbanking.StatusEvent, raw []byte) error {
	return s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.PaymentEvents().Insert(ctx, &domain.PaymentEvent{
			EventID:           ev.EventID,
			ProviderPaymentID: ev.PaymentID,
			Status:            ev.Status,
			Payload:           domain.JSON(json.RawMessage(raw)),
			ReceivedAt:        s.clock.Now(),
		}); err != nil {
			return err
		}
		c, err := tx.Collections().GetByProviderPayment(ctx, ev.PaymentID)
		if err != nil {
			return err
		}
		switch ev.Status {
		case openbanking.StatusCompleted:
			if err := tx.Collections().SetStatus(ctx, c.ID, domain.CollectionPaid, ""); err != nil {
				return err
			}
			return events.Emit(ctx, tx.Outbox(), events.CollectionSucceeded{
				CollectionID: c.ID, InvoiceID: c.InvoiceID, AmountMinor: c.AmountMinor,
			})
		case openbanking.StatusRejected, openbanking.StatusCancelled:
			if err := tx.Collections().SetStatus(ctx, c.ID, domain.CollectionFailed, ev.Reason); err != nil {
				return err
			}
			return events.Emit(ctx, tx.Outbox(), events.CollectionFailed{
				CollectionID: c.ID, InvoiceID: c.InvoiceID, Reason: ev.Reason, Attempts: c.Attempts,
			})
		}
		return nil
	})
}
