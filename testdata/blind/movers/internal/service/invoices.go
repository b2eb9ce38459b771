package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/provider/email"
	"github.com/haulright/movers/internal/repository"
)

type InvoiceService interface {
	Issue(ctx context.Context, bookingID uuid.UUID) (*domain.Invoice, error)
	Send(ctx context.Context, invoiceID uuid.UUID) error
}

type invoiceService struct {
	db        *gorm.DB
	invoices  repository.InvoiceRepository
	bookings  repository.BookingRepository
	customers repository.CustomerRepository
	intents   repository.PaymentRepository
	trucks    repository.TruckRepository
	mailer    email.Mailer
	jobs      jobs.Enqueuer
	log       *slog.Logger
}

func NewInvoiceService(
	db *gorm.DB,
	invoices repository.InvoiceRepository,
	bookings repository.BookingRepository,
	customers repository.CustomerRepository,
	intents repository.PaymentRepository,
	trucks repository.TruckRepository,
	mailer email.Mailer,
	q jobs.Enqueuer,
	log *slog.Logger,
) InvoiceService {
	return &invoiceService{db: db, invoices: invoices, bookings: bookings, customers: customers,
		intents: intents, trucks: trucks, mailer: mailer, jobs: q, log: log}
}

// Issue builds the final invoice for a completed move, applies the deposit
// held on the customer's account and queues the invoice email.
func (s *invoiceService) Issue(ctx context.Context, bookingID uuid.UUID) (*domain.Invoice, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	if existing, err := s.invoices.ByBooking(ctx, b.ID); err == nil {
		return existing, nil
	} else if !errors.Is(err, repository.ErrNotFound) {
		return nil, err
	}
	if b.Status != domain.BookingCompleted {
		return nil, fmt.Errorf("%w: booking is %s", ErrConflict, b.Status)
	}
	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return nil, err
	}
	fees, err := s.bookings.ChangeFees(ctx, b.ID)
	if err != nil {
		return nil, err
	}

	lines := []domain.InvoiceLine{
		{Description: fmt.Sprintf("Moving labor, crew of %d", b.CrewSize), AmountCents: b.EstTotalCents},
	}
	if fees > 0 {
		lines = append(lines, domain.InvoiceLine{Description: "Schedule change fees", AmountCents: fees})
	}
	if res, err := s.trucks.ActiveForBooking(ctx, b.ID); err == nil {
		lines = append(lines, domain.InvoiceLine{
			Description: fmt.Sprintf("Truck rental (%s, %d days)", res.TruckClass, res.Days),
			AmountCents: int64(res.Days) * 9900,
		})
	}
	var subtotal int64
	for _, l := range lines {
		subtotal += l.AmountCents
	}

	applied := int64(0)
	if dep, err := s.intents.GetIntent(ctx, b.ID, domain.PurposeDeposit); err == nil && dep.Status == domain.PaymentSucceeded {
		applied = min(dep.AmountCents, cust.CreditCents, subtotal)
	}
	if applied > 0 {
		err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			return s.customers.WithTx(tx).AdjustCredit(ctx, cust.ID, &b.ID, -applied, "applied to final invoice")
		})
		if err != nil {
			return nil, err
		}
	}

	now := time.Now().UTC()
	inv := &domain.Invoice{
		ID:                  uuid.New(),
		BookingID:           b.ID,
		CustomerID:          cust.ID,
		SubtotalCents:       subtotal,
		DepositAppliedCents: applied,
		TotalDueCents:       subtotal - applied,
		Status:              domain.InvoiceOpen,
		CreatedAt:           now,
		UpdatedAt:           now,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		repo := s.invoices.WithTx(tx)
		created, err := repo.CreateIfAbsent(ctx, inv)
		if err != nil || !created {
			return err
		}
		for i := range lines {
			lines[i].InvoiceID = inv.ID
		}
		if err := repo.AddLines(ctx, lines); err != nil {
			return err
		}
		return s.bookings.WithTx(tx).SetStatus(ctx, b.ID, domain.BookingInvoiced)
	})
	if err != nil {
		return nil, err
	}
	stored, err := s.invoices.ByBooking(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	if err := s.jobs.Enqueue(ctx, jobs.TypeInvoiceSend, jobs.InvoiceSendPayload{InvoiceID: stored.ID},
		asynq.TaskID("invoice-send-"+stored.ID.String())); err != nil {
		s.log.Warn("invoice email not queued", "invoice", stored.ID, "err", err)
	}
	return stored, nil
}

// Send emails the invoice to the customer once.
func (s *invoiceService) Send(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return notFound(err, "invoice")
	}
	if inv.SentAt != nil {
		return nil
	}
	cust, err := s.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return err
	}
	subject, body := invoiceEmail(cust, inv)
	if _, err := s.mailer.Send(ctx, email.Email{
		To:      cust.Email,
		Subject: subject,
		Text:    body,
		Tags:    []string{"invoice"},
	}); err != nil {
		return fmt.Errorf("send invoice: %w", err)
	}
	return s.invoices.MarkSent(ctx, inv.ID, time.Now().UTC())
}
