package billing

import (
	"context"
	"fmt"
	"strings"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hibiken/asynq"

	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/patients"
	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/platform/jobs"
	"github.com/acme/clinic/internal/provider/payments"
)

// Confirmations confirms an appointment once its deposit is paid, texts the
// patient and issues the receipt.
type Confirmations struct {
	appts    appointments.Repository
	store    *Store
	patients patients.Directory
	sms      appointments.Texter
	prefix   string
}

func NewConfirmations(appts appointments.Repository, store *Store, dir patients.Directory, sms appointments.Texter, cfg config.Config) *Confirmations {
	return &Confirmations{appts: appts, store: store, patients: dir, sms: sms, prefix: cfg.Billing.ReceiptNumberPrefix}
}

func (c *Confirmations) Subscriptions() []events.Subscription {
	return []events.Subscription{
		{Name: "billing.confirm-on-payment", Topic: events.TopicPaymentSucceeded, Handle: c.onPaymentSucceeded},
	}
}

func (c *Confirmations) onPaymentSucceeded(msg *message.Message) error {
	ctx := msg.Context()
	ev, err := events.Decode[events.PaymentSucceeded](msg.Payload)
	if err != nil {
		return fmt.Errorf("decode payment.succeeded: %w", err)
	}
	if ev.Purpose != PurposeDeposit {
		return nil
	}
	appt, err := c.appts.Get(ctx, ev.AppointmentID)
	if err != nil {
		return err
	}
	if appt.Status != appointments.StatusBooked {
		// already confirmed (or cancelled meanwhile)
		return nil
	}
	contact, err := c.patients.Contact(ctx, appt.PatientID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Thanks %s, your deposit is received and your visit on %s is confirmed.",
		contact.FullName, appt.SlotStart.Format("Jan 2, 3:04 PM MST"))
	if _, err := c.sms.Send(ctx, contact.Phone, body); err != nil {
		return err
	}
	if err := c.appts.UpdateStatus(ctx, appt.ID, appointments.StatusConfirmed); err != nil {
		return err
	}
	receipt := Receipt{
		ID:               ids.Prefixed("rcpt"),
		AppointmentID:    appt.ID,
		PaymentAttemptID: ev.PaymentAttemptID,
		Number:           c.receiptNumber(ev),
		AmountCents:      ev.AmountCents,
	}
	return c.store.Receipts.Create(ctx, &receipt)
}

// receiptNumber is stable per payment attempt, e.g. RC-3F2A91C0.
func (c *Confirmations) receiptNumber(ev events.PaymentSucceeded) string {
	short := strings.ToUpper(strings.ReplaceAll(ev.PaymentAttemptID, "-", ""))[:8]
	return c.prefix + "-" + short
}

type Tasks struct {
	svc *Service
}

func NewTasks(svc *Service) *Tasks { return &Tasks{svc: svc} }

func (t *Tasks) Handlers() []jobs.TaskHandler {
	return []jobs.TaskHandler{{Type: jobs.TypeNoShowFee, Fn: t.chargeNoShowFee}}
}

// chargeNoShowFee charges the saved card after a missed visit. Each attempt is
// recorded as a no_show_fees row before Stripe is called.
func (t *Tasks) chargeNoShowFee(ctx context.Context, task *asynq.Task) error {
	p, err := jobs.Decode[jobs.AppointmentPayload](task)
	if err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	s := t.svc
	a, err := s.appts.Get(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if a.Status != appointments.StatusNoShow {
		return nil
	}
	paid, err := s.store.Fees.Exists(ctx, "appointment_id = ? AND status = ?", a.ID, StatusSucceeded)
	if err != nil || paid {
		return err
	}
	bp, err := s.patients.Billing(ctx, a.PatientID)
	if err != nil {
		return err
	}
	if bp.DefaultPaymentMethod == "" {
		return fmt.Errorf("%w: patient has no saved card", asynq.SkipRetry)
	}

	fee := NoShowFee{
		ID:            ids.NewKSUID(),
		AppointmentID: a.ID,
		AmountCents:   s.cfg.Billing.NoShowFeeCents,
		Status:        StatusPending,
	}
	if err := s.store.Fees.Create(ctx, &fee); err != nil {
		return err
	}
	pi, err := s.gateway.ChargeOffSession(ctx, payments.ChargeRequest{
		CustomerID:      bp.StripeCustomerID,
		PaymentMethodID: bp.DefaultPaymentMethod,
		AmountCents:     fee.AmountCents,
		Description:     "Missed appointment fee",
		IdempotencyKey:  "noshow-" + fee.ID,
		Metadata:        map[string]string{"no_show_fee_id": fee.ID, "appointment_id": a.ID},
	})
	if err != nil {
		fee.Status, fee.FailureReason = StatusFailed, strPtr(err.Error())
		if saveErr := s.store.Fees.Save(ctx, &fee); saveErr != nil {
			s.log.WarnContext(ctx, "record failed fee", "err", saveErr)
		}
		return err
	}
	fee.Status, fee.ProviderRef = StatusSucceeded, strPtr(pi.ID)
	return s.store.Fees.Save(ctx, &fee)
}
