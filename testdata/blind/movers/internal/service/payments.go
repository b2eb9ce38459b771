package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/retryx"
	"github.com/haulright/movers/internal/provider/payments"
	"github.com/haulright/movers/internal/repository"
)

type PaymentService interface {
	CollectDeposit(ctx context.Context, bookingID uuid.UUID) (*domain.PaymentIntent, error)
	RefundDeposit(ctx context.Context, bookingID uuid.UUID, amount int64) (int64, error)
	PayInvoice(ctx context.Context, invoiceID uuid.UUID) (*domain.InvoicePayment, error)
	HandleEvent(ctx context.Context, evt payments.Event) error
}

type paymentService struct {
	db        *gorm.DB
	gateway   payments.Client
	intents   repository.PaymentRepository
	bookings  repository.BookingRepository
	customers repository.CustomerRepository
	invoices  repository.InvoiceRepository
	events    repository.EventRepository
	notes     repository.NotificationRepository
	jobs      jobs.Enqueuer
	log       *slog.Logger
}

func NewPaymentService(
	db *gorm.DB,
	gateway payments.Client,
	intents repository.PaymentRepository,
	bookings repository.BookingRepository,
	customers repository.CustomerRepository,
	invoices repository.InvoiceRepository,
	events repository.EventRepository,
	notes repository.NotificationRepository,
	q jobs.Enqueuer,
	log *slog.Logger,
) PaymentService {
	return &paymentService{db: db, gateway: gateway, intents: intents, bookings: bookings,
		customers: customers, invoices: invoices, events: events, notes: notes, jobs: q, log: log}
}

// chargeCard charges the customer's card on file, retrying transport
// failures and 5xx answers a few times.
func (s *paymentService) chargeCard(ctx context.Context, cust *domain.Customer, amount int64, desc string, opts ...payments.CallOption) (*payments.Charge, error) {
	if cust.CardToken == nil || *cust.CardToken == "" {
		return nil, ErrNoCardOnFile
	}
	req := payments.ChargeRequest{
		AmountCents: amount,
		Currency:    "usd",
		CardToken:   *cust.CardToken,
		Description: desc,
		Capture:     true,
		Metadata:    map[string]string{"customer_id": cust.ID.String()},
	}
	return retryx.Do(ctx, func(ctx context.Context) (*payments.Charge, error) {
		ch, err := s.gateway.Charge(ctx, req, opts...)
		var apiErr *payments.APIError
		if errors.As(err, &apiErr) && !apiErr.Temporary() {
			return nil, retryx.Permanent{Err: err}
		}
		return ch, err
	}, retryx.Attempts(3))
}

func (s *paymentService) CollectDeposit(ctx context.Context, bookingID uuid.UUID) (*domain.PaymentIntent, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	if !b.Status.Active() {
		return nil, ErrBookingClosed
	}
	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return nil, err
	}

	intent, err := s.intents.EnsureIntent(ctx, &domain.PaymentIntent{
		ID:          uuid.New(),
		BookingID:   b.ID,
		Purpose:     domain.PurposeDeposit,
		AmountCents: b.DepositCents,
		Currency:    "usd",
		Status:      domain.PaymentPending,
	})
	if err != nil {
		return nil, err
	}
	if intent.Status == domain.PaymentSucceeded || intent.Status == domain.PaymentRefunded {
		return intent, nil
	}

	charge, err := s.chargeCard(ctx, cust, intent.AmountCents,
		fmt.Sprintf("Moving deposit %s", b.ID.String()[:8]),
		payments.WithIdempotencyKey("dep_"+intent.ID.String()),
		payments.WithMetadata("booking", b.ID.String()))
	if err != nil {
		return nil, fmt.Errorf("deposit charge: %w", err)
	}

	status := domain.PaymentSucceeded
	var reason *string
	if !charge.Succeeded() {
		status = domain.PaymentFailed
		reason = &charge.FailureCode
	}
	var staged []*domain.Notification
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.intents.WithTx(tx).MarkCharged(ctx, intent.ID, charge.ID, status, reason); err != nil {
			return err
		}
		if status != domain.PaymentSucceeded {
			return nil
		}
		if err := s.bookings.WithTx(tx).SetStatus(ctx, b.ID, domain.BookingConfirmed); err != nil {
			return err
		}
		if err := s.customers.WithTx(tx).AdjustCredit(ctx, cust.ID, &b.ID, intent.AmountCents, "deposit received"); err != nil {
			return err
		}
		staged, err = stage(ctx, s.notes.WithTx(tx), outboxMessage{
			BookingID: &b.ID, Channel: domain.ChannelSMS, Template: "deposit_received",
			To: cust.Phone, Body: depositReceivedSMS(b, intent.AmountCents), Key: intent.ID.String(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	dispatch(ctx, s.jobs, s.log, staged)
	intent.Status, intent.ProviderChargeID = status, &charge.ID
	if status != domain.PaymentSucceeded {
		return intent, ErrPaymentDeclined
	}
	return intent, nil
}

// RefundDeposit refunds up to amount of the booking's deposit and returns
// the amount refunded.
func (s *paymentService) RefundDeposit(ctx context.Context, bookingID uuid.UUID, amount int64) (int64, error) {
	intent, err := s.intents.GetIntent(ctx, bookingID, domain.PurposeDeposit)
	if errors.Is(err, repository.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	switch {
	case intent.Status == domain.PaymentRefunded:
		return intent.RefundedCents, nil
	case intent.Status != domain.PaymentSucceeded || intent.ProviderChargeID == nil:
		return 0, nil
	}
	if amount > intent.AmountCents {
		amount = intent.AmountCents
	}
	if amount <= 0 {
		return 0, nil
	}
	refund, err := s.gateway.Refund(ctx, payments.RefundRequest{
		ChargeID:    *intent.ProviderChargeID,
		AmountCents: amount,
		Reason:      "requested_by_customer",
	}, payments.WithIdempotencyKey("refund_"+intent.ID.String()))
	if err != nil {
		return 0, fmt.Errorf("deposit refund: %w", err)
	}
	if err := s.intents.MarkRefunded(ctx, intent.ID, refund.ID, refund.AmountCents); err != nil {
		return 0, err
	}
	return refund.AmountCents, nil
}

func (s *paymentService) PayInvoice(ctx context.Context, invoiceID uuid.UUID) (*domain.InvoicePayment, error) {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return nil, notFound(err, "invoice")
	}
	if inv.Status != domain.InvoiceOpen {
		return nil, fmt.Errorf("%w: invoice is %s", ErrConflict, inv.Status)
	}
	cust, err := s.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return nil, err
	}
	pay, err := s.invoices.EnsurePayment(ctx, &domain.InvoicePayment{
		ID:          uuid.New(),
		InvoiceID:   inv.ID,
		AmountCents: inv.TotalDueCents,
		Status:      domain.PaymentPending,
	})
	if err != nil {
		return nil, err
	}
	if pay.Status == domain.PaymentSucceeded {
		return pay, nil
	}
	if pay.AmountCents == 0 {
		return pay, s.settleInvoice(ctx, inv.ID, pay.ID, "", domain.PaymentSucceeded, nil)
	}

	charge, err := s.chargeCard(ctx, cust, pay.AmountCents, "Final invoice "+inv.ID.String()[:8])
	if err != nil {
		return nil, fmt.Errorf("invoice charge: %w", err)
	}
	status := domain.PaymentSucceeded
	var reason *string
	if !charge.Succeeded() {
		status, reason = domain.PaymentFailed, &charge.FailureCode
	}
	if err := s.settleInvoice(ctx, inv.ID, pay.ID, charge.ID, status, reason); err != nil {
		return nil, err
	}
	pay.Status, pay.ProviderChargeID = status, &charge.ID
	if status != domain.PaymentSucceeded {
		return pay, ErrPaymentDeclined
	}
	return pay, nil
}

func (s *paymentService) settleInvoice(ctx context.Context, invoiceID, paymentID uuid.UUID, chargeID string, status domain.PaymentStatus, reason *string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inv := s.invoices.WithTx(tx)
		if err := inv.UpdatePayment(ctx, paymentID, chargeID, status, reason); err != nil {
			return err
		}
		if status == domain.PaymentSucceeded {
			return inv.MarkPaid(ctx, invoiceID, time.Now().UTC())
		}
		return nil
	})
}

const sourceCardRail = "cardrail"

// HandleEvent applies a CardRail webhook event to deposits and invoices.
func (s *paymentService) HandleEvent(ctx context.Context, evt payments.Event) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		fresh, err := s.events.WithTx(tx).Claim(ctx, sourceCardRail, evt.ID)
		if err != nil || !fresh {
			return err
		}
		switch evt.Type {
		case "charge.succeeded", "charge.failed":
			return s.applyChargeEvent(ctx, tx, evt)
		case "charge.refunded":
			intent, err := s.intents.WithTx(tx).ByChargeID(ctx, evt.Data.ChargeID)
			if errors.Is(err, repository.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			return s.intents.WithTx(tx).MarkRefunded(ctx, intent.ID, "", evt.Data.AmountCents)
		default:
			s.log.Debug("ignoring payments event", "type", evt.Type, "id", evt.ID)
			return nil
		}
	})
}

func (s *paymentService) applyChargeEvent(ctx context.Context, tx *gorm.DB, evt payments.Event) error {
	status := domain.PaymentSucceeded
	var reason *string
	if evt.Type == "charge.failed" {
		status = domain.PaymentFailed
		reason = &evt.Data.FailureCode
	}

	intent, err := s.intents.WithTx(tx).ByChargeID(ctx, evt.Data.ChargeID)
	switch {
	case err == nil:
		if intent.Status == status {
			return nil
		}
		if err := s.intents.WithTx(tx).MarkCharged(ctx, intent.ID, evt.Data.ChargeID, status, reason); err != nil {
			return err
		}
		if status == domain.PaymentSucceeded && intent.Purpose == domain.PurposeDeposit {
			b, err := s.bookings.WithTx(tx).Get(ctx, intent.BookingID)
			if err != nil {
				return err
			}
			return s.customers.WithTx(tx).AdjustCredit(ctx, b.CustomerID, &b.ID, intent.AmountCents, "deposit received")
		}
		return nil
	case !errors.Is(err, repository.ErrNotFound):
		return err
	}

	pay, err := s.invoices.WithTx(tx).PaymentByChargeID(ctx, evt.Data.ChargeID)
	if errors.Is(err, repository.ErrNotFound) {
		// Charges for storage and overages are settled synchronously.
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.invoices.WithTx(tx).UpdatePayment(ctx, pay.ID, evt.Data.ChargeID, status, reason); err != nil {
		return err
	}
	if status == domain.PaymentSucceeded {
		return s.invoices.WithTx(tx).MarkPaid(ctx, pay.InvoiceID, time.Now().UTC())
	}
	return nil
}
