package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

// CheckoutService closes appointments at the front desk.
type CheckoutService struct {
	tx       ports.TxRunner
	log      *slog.Logger
	appts    ports.AppointmentRepository
	clients  ports.ClientRepository
	payments ports.PaymentRepository
	gateway  ports.PaymentGateway
	events   ports.EventPublisher
	jobs     ports.JobScheduler
	vouchers *VoucherService
}

func NewCheckoutService(d Deps, vouchers *VoucherService) *CheckoutService {
	return &CheckoutService{
		tx: d.Tx, log: d.Log.With("service", "checkout"),
		appts: d.Appts, clients: d.Clients, payments: d.Payments, gateway: d.Gateway,
		events: d.Events, jobs: d.Jobs, vouchers: vouchers,
	}
}

// Complete marks the appointment as done, queues the stylist's commission
// and announces the visit to the loyalty programme.
func (s *CheckoutService) Complete(ctx context.Context, id uuid.UUID) (*domain.Appointment, error) {
	var appt *domain.Appointment
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		if appt, err = s.appts.GetForUpdate(ctx, tx, id); err != nil {
			return err
		}
		switch {
		case appt.Status == domain.StatusCompleted:
			return nil
		case !appt.Status.Live():
			return domain.ErrInvalidTransition
		}
		now := clock()
		if _, err := s.appts.MarkCompleted(ctx, tx, id, now); err != nil {
			return err
		}
		appt.Status, appt.CompletedAt = domain.StatusCompleted, &now
		return s.jobs.ScheduleCommission(ctx, tx, id)
	})
	if err != nil {
		return nil, err
	}

	eventID := newEventID()
	evt := domain.AppointmentCompleted{
		AppointmentID: appt.ID,
		ClientID:      appt.ClientID,
		StylistID:     appt.StylistID,
		PriceCents:    appt.PriceCents,
		CompletedAt:   *appt.CompletedAt,
	}
	if err := s.events.Publish(ctx, domain.SubjectAppointmentCompleted, evt, ports.WithMessageID(eventID)); err != nil {
		return nil, fmt.Errorf("publish appointment.completed: %w", err)
	}
	return appt, nil
}

type SettleRequest struct {
	VoucherCode     string       `json:"voucher_code"`
	VoucherCents    domain.Cents `json:"voucher_cents"`
	PaymentMethodID string       `json:"payment_method_id"`
}

type SettleResult struct {
	AppointmentID uuid.UUID       `json:"appointment_id"`
	VoucherCents  domain.Cents    `json:"voucher_cents"`
	CardCents     domain.Cents    `json:"card_cents"`
	Payment       *domain.Payment `json:"payment,omitempty"`
}

// Settle takes the remaining balance for a completed appointment, first
// from a gift voucher if one is presented and then from the card.
func (s *CheckoutService) Settle(ctx context.Context, id uuid.UUID, req SettleRequest) (*SettleResult, error) {
	appt, err := s.appts.Get(ctx, s.tx.Reader(), id)
	if err != nil {
		return nil, err
	}
	if appt.Status != domain.StatusCompleted {
		return nil, domain.ErrInvalidTransition
	}
	if appt.SettledAt != nil {
		return s.resumeSettlement(ctx, appt, req)
	}

	deposit, err := s.payments.ForAppointment(ctx, s.tx.Reader(), id, domain.PurposeDeposit)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	due := appt.BalanceDue(deposit != nil && deposit.Status == domain.PaymentSucceeded)
	result := &SettleResult{AppointmentID: id}

	if req.VoucherCode != "" && due > 0 {
		want := min(due, req.VoucherCents)
		if want <= 0 {
			want = due
		}
		applied, err := s.vouchers.ApplyToAppointment(ctx, req.VoucherCode, id, want)
		if err != nil {
			return nil, err
		}
		result.VoucherCents = applied
		due -= applied
	}

	var pay *domain.Payment
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.appts.MarkSettled(ctx, tx, id, clock()); err != nil {
			return err
		}
		if due <= 0 {
			return nil
		}
		if req.PaymentMethodID == "" && appt.PaymentMethodID == nil {
			return domain.Invalid("payment_method_id", "required for the card balance")
		}
		var err error
		pay, err = s.payments.InsertIfAbsent(ctx, tx, &domain.Payment{
			ID:            uuid.New(),
			AppointmentID: &id,
			ClientID:      &appt.ClientID,
			Purpose:       domain.PurposeBalance,
			AmountCents:   due,
			Currency:      domain.Currency,
			Status:        domain.PaymentPending,
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	if pay == nil {
		return result, nil
	}
	if pay, err = s.chargeBalance(ctx, appt, pay, req.PaymentMethodID); err != nil {
		return nil, err
	}
	result.CardCents, result.Payment = pay.AmountCents, pay
	return result, nil
}

func (s *CheckoutService) resumeSettlement(ctx context.Context, appt *domain.Appointment, req SettleRequest) (*SettleResult, error) {
	result := &SettleResult{AppointmentID: appt.ID}
	pay, err := s.payments.ForAppointment(ctx, s.tx.Reader(), appt.ID, domain.PurposeBalance)
	if errors.Is(err, domain.ErrNotFound) {
		return result, nil
	}
	if err != nil {
		return nil, err
	}
	if pay, err = s.chargeBalance(ctx, appt, pay, req.PaymentMethodID); err != nil {
		return nil, err
	}
	result.CardCents, result.Payment = pay.AmountCents, pay
	return result, nil
}

func (s *CheckoutService) chargeBalance(ctx context.Context, appt *domain.Appointment, pay *domain.Payment, pm string) (*domain.Payment, error) {
	if pay.Settled() {
		return pay, nil
	}
	if pm == "" {
		pm = deref(appt.PaymentMethodID)
	}
	client, err := s.clients.Get(ctx, s.tx.Reader(), appt.ClientID)
	if err != nil {
		return nil, err
	}
	res, err := s.gateway.Charge(ctx, ports.ChargeRequest{
		AmountCents:     pay.AmountCents,
		Currency:        pay.Currency,
		PaymentMethodID: pm,
		CustomerID:      deref(client.CardCustomerID),
		Description:     "Salon visit",
	},
		ports.WithIdempotencyKey("balance-"+pay.ID.String()),
		ports.WithMetadata(map[string]string{"payment_id": pay.ID.String(), "reference": pay.ID.String()}),
	)
	if err != nil {
		return nil, fmt.Errorf("charge balance: %w", err)
	}
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		return s.payments.SetResult(ctx, tx, pay.ID, res)
	})
	if err != nil {
		return nil, err
	}
	pay.Status = res.Status
	if res.ChargeID != "" {
		pay.ProviderChargeID = &res.ChargeID
	}
	if res.Status == domain.PaymentFailed {
		return pay, domain.ErrPaymentDeclined
	}
	return pay, nil
}
