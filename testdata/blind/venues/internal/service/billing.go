package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/clock"
	"github.com/vowhall/venues/internal/platform/dbx"
	"github.com/vowhall/venues/internal/platform/kit"
	"github.com/vowhall/venues/internal/provider/cardpay"
)

const scopeManualPayment = "payments.manual"

type BillingParams struct {
	dig.In

	Tx          dbx.TxRunner
	Bookings    BookingStore
	Couples     CoupleStore
	Instalments InstalmentStore
	Payments    PaymentStore
	Ledger      LedgerStore
	Refunds     RefundStore
	Reminders   ReminderStore
	Idempotency IdempotencyStore
	Inbox       InboxStore
	Cards       CardProcessor
	Policy      Policy
	Logger      *slog.Logger
}

// Billing owns instalment plans, payments towards the balance, and the
// bookkeeping driven by Cardpay webhooks.
type Billing struct {
	tx          dbx.TxRunner
	bookings    BookingStore
	couples     CoupleStore
	instalments InstalmentStore
	payments    PaymentStore
	ledger      LedgerStore
	refunds     RefundStore
	reminders   ReminderStore
	idem        IdempotencyStore
	inbox       InboxStore
	cards       CardProcessor
	policy      Policy
	log         *slog.Logger

	now    func() time.Time
	newID  func() uuid.UUID
	newKey func() string
}

func NewBilling(p BillingParams) *Billing {
	return &Billing{
		tx:          p.Tx,
		bookings:    p.Bookings,
		couples:     p.Couples,
		instalments: p.Instalments,
		payments:    p.Payments,
		ledger:      p.Ledger,
		refunds:     p.Refunds,
		reminders:   p.Reminders,
		idem:        p.Idempotency,
		inbox:       p.Inbox,
		cards:       p.Cards,
		policy:      p.Policy,
		log:         p.Logger,
		now:         clock.UTC,
		newID:       clock.NewID,
		newKey:      uuid.NewString,
	}
}

type PlanInput struct {
	Count       int       `json:"count"`
	FirstDue    time.Time `json:"first_due"`
	EveryMonths int       `json:"every_months"`
}

// SetPlan splits the outstanding balance into monthly instalments and
// schedules a reminder a week before each. Setting the same plan again
// leaves the existing instalments in place.
func (s *Billing) SetPlan(ctx context.Context, bookingID uuid.UUID, in PlanInput) ([]domain.Instalment, error) {
	if in.Count < 1 || in.Count > s.policy.MaxInstalments {
		return nil, domain.Invalid("count", fmt.Sprintf("must be between 1 and %d", s.policy.MaxInstalments))
	}
	if in.EveryMonths < 1 {
		in.EveryMonths = 1
	}
	first := clock.Date(in.FirstDue)

	var plan []domain.Instalment
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		b, err := s.bookings.GetForUpdate(ctx, bookingID)
		if err != nil {
			return err
		}
		if !b.Live() || b.DepositStatus != domain.DepositPaid {
			return fmt.Errorf("%w: plans need a live booking with its deposit paid", domain.ErrConflict)
		}
		last := first.AddDate(0, (in.Count-1)*in.EveryMonths, 0)
		if b.EventDate.Sub(last) < time.Duration(s.policy.LastInstalmentDays)*24*time.Hour {
			return domain.Invalid("first_due", "last instalment would fall too close to the event")
		}

		for i, amount := range split(b.BalanceCents(), in.Count) {
			due := first.AddDate(0, i*in.EveryMonths, 0)
			inst, err := s.instalments.Upsert(ctx, domain.Instalment{
				ID:          s.newID(),
				BookingID:   bookingID,
				Seq:         i + 1,
				DueDate:     due,
				AmountCents: amount,
			})
			if err != nil {
				return fmt.Errorf("instalment %d: %w", i+1, err)
			}
			plan = append(plan, inst)
			if err := s.reminders.Schedule(ctx, domain.Reminder{
				ID:        s.newID(),
				BookingID: bookingID,
				Kind:      domain.ReminderInstalmentDue,
				DueAt:     due.AddDate(0, 0, -7),
			}); err != nil {
				return fmt.Errorf("schedule reminder: %w", err)
			}
		}
		return s.instalments.TrimAfter(ctx, bookingID, in.Count)
	})
	return plan, err
}

// split divides total into n parts, putting the remainder on the first.
func split(total int64, n int) []int64 {
	parts := make([]int64, n)
	each := total / int64(n)
	for i := range parts {
		parts[i] = each
	}
	parts[0] += total - each*int64(n)
	return parts
}

type PaymentInput struct {
	IdempotencyKey string `json:"-"`
	AmountCents    int64  `json:"amount_cents"`
	PaymentMethod  string `json:"payment_method"`
}

type PaymentReceipt struct {
	PaymentID    uuid.UUID `json:"payment_id"`
	BookingID    uuid.UUID `json:"booking_id"`
	ChargeID     string    `json:"charge_id"`
	AmountCents  int64     `json:"amount_cents"`
	BalanceCents int64     `json:"balance_cents"`
	PaidAt       time.Time `json:"paid_at"`
}

// Pay takes an ad-hoc payment towards the booking balance. A request that
// repeats an Idempotency-Key gets the receipt of the first one.
func (s *Billing) Pay(ctx context.Context, bookingID uuid.UUID, in PaymentInput) (PaymentReceipt, error) {
	if in.IdempotencyKey == "" {
		return PaymentReceipt{}, domain.Invalid("Idempotency-Key", "header is required")
	}
	if prev, err := s.idem.Find(ctx, scopeManualPayment, in.IdempotencyKey); err == nil {
		var r PaymentReceipt
		if err := json.Unmarshal(prev.ResponseBody, &r); err != nil {
			return PaymentReceipt{}, fmt.Errorf("decode stored receipt: %w", err)
		}
		return r, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return PaymentReceipt{}, err
	}

	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return PaymentReceipt{}, err
	}
	if !b.Live() {
		return PaymentReceipt{}, fmt.Errorf("%w: booking is %s", domain.ErrConflict, b.Status)
	}
	if in.AmountCents <= 0 || in.AmountCents > b.BalanceCents() {
		return PaymentReceipt{}, domain.Invalid("amount_cents", "must be positive and at most the balance")
	}
	couple, err := s.couples.Get(ctx, b.CoupleID)
	if err != nil {
		return PaymentReceipt{}, err
	}

	charge, err := s.cards.CreateCharge(ctx, cardpay.ChargeRequest{
		AmountCents:   in.AmountCents,
		Currency:      b.Currency,
		Customer:      kit.Deref(couple.CardCustomerID),
		PaymentMethod: kit.Coalesce(in.PaymentMethod, kit.Deref(couple.CardPaymentMethod)),
		Description:   "Payment towards booking " + b.EventDate.Format(time.DateOnly),
		Metadata:      map[string]string{"booking_id": b.ID.String(), "kind": "manual"},
	}, cardpay.WithIdempotencyKey("manual-"+b.ID.String()+"-"+in.IdempotencyKey))
	var declined *cardpay.DeclineError
	if errors.As(err, &declined) {
		return PaymentReceipt{}, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, declined.Code)
	}
	if err != nil {
		return PaymentReceipt{}, fmt.Errorf("charge: %w", err)
	}

	receipt := PaymentReceipt{
		PaymentID:    s.newID(),
		BookingID:    b.ID,
		ChargeID:     charge.ID,
		AmountCents:  in.AmountCents,
		BalanceCents: b.BalanceCents() - in.AmountCents,
		PaidAt:       s.now(),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.payments.Insert(ctx, domain.Payment{
			ID:               receipt.PaymentID,
			BookingID:        b.ID,
			Source:           domain.SourceManual,
			AmountCents:      in.AmountCents,
			ProviderChargeID: charge.ID,
			CreatedAt:        receipt.PaidAt,
		}); err != nil {
			return err
		}
		return s.bookings.AddPaid(ctx, b.ID, in.AmountCents)
	})
	if err != nil {
		return PaymentReceipt{}, fmt.Errorf("record payment %s: %w", charge.ID, err)
	}

	body, _ := json.Marshal(receipt)
	if err := s.idem.Save(ctx, domain.IdempotencyRecord{
		Scope:          scopeManualPayment,
		Key:            in.IdempotencyKey,
		RequestHash:    kit.Fingerprint(in),
		ResourceID:     &receipt.PaymentID,
		ResponseStatus: kit.Ptr(201),
		ResponseBody:   body,
	}); err != nil {
		s.log.WarnContext(ctx, "store payment receipt", "booking_id", b.ID, "payment_id", receipt.PaymentID, "err", err)
	}
	return receipt, nil
}

// ChargeInstalment collects an instalment that fell due. attempt is the
// worker's retry count for the task and is recorded with the outcome.
func (s *Billing) ChargeInstalment(ctx context.Context, instalmentID uuid.UUID, attempt int) error {
	inst, err := s.instalments.Get(ctx, instalmentID)
	if err != nil {
		return err
	}
	if !inst.Chargeable() && inst.Status != domain.InstalmentProcessing {
		return nil
	}
	b, err := s.bookings.Get(ctx, inst.BookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingConfirmed {
		s.log.InfoContext(ctx, "skip instalment for unconfirmed booking", "instalment_id", inst.ID, "status", b.Status)
		return nil
	}
	couple, err := s.couples.Get(ctx, b.CoupleID)
	if err != nil {
		return err
	}
	if couple.CardPaymentMethod == nil {
		s.log.WarnContext(ctx, "no saved payment method", "booking_id", b.ID)
		return s.instalments.MarkFailed(ctx, inst.ID)
	}
	if _, err := s.instalments.MarkProcessing(ctx, inst.ID); err != nil {
		return err
	}

	charge, err := s.cards.CreateCharge(ctx, cardpay.ChargeRequest{
		AmountCents:   inst.AmountCents,
		Currency:      b.Currency,
		Customer:      kit.Deref(couple.CardCustomerID),
		PaymentMethod: *couple.CardPaymentMethod,
		Description:   fmt.Sprintf("Instalment %d for %s", inst.Seq, b.EventDate.Format(time.DateOnly)),
		Metadata: map[string]string{
			"booking_id":    b.ID.String(),
			"instalment_id": inst.ID.String(),
			"kind":          "instalment",
		},
	}, cardpay.WithIdempotencyKey(s.newKey()))
	s.recordAttempt(ctx, inst.ID, attempt, err)

	var declined *cardpay.DeclineError
	if errors.As(err, &declined) {
		// The charge.failed webhook marks the instalment and schedules the retry.
		return nil
	}
	if err != nil {
		return fmt.Errorf("charge instalment %s: %w", inst.ID, err)
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.instalments.MarkPaid(ctx, inst.ID, charge.ID, s.now())
		if err != nil || !first {
			return err
		}
		if err := s.payments.Insert(ctx, domain.Payment{
			ID:               s.newID(),
			BookingID:        b.ID,
			InstalmentID:     &inst.ID,
			Source:           domain.SourceInstalment,
			AmountCents:      inst.AmountCents,
			ProviderChargeID: charge.ID,
			CreatedAt:        s.now(),
		}); err != nil {
			return err
		}
		return s.bookings.AddPaid(ctx, b.ID, inst.AmountCents)
	})
}

// recordAttempt keeps one row per charge attempt for the support team.
func (s *Billing) recordAttempt(ctx context.Context, instalmentID uuid.UUID, attempt int, chargeErr error) {
	a := domain.ChargeAttempt{
		ID:           s.newID(),
		InstalmentID: instalmentID,
		Attempt:      attempt,
		Outcome:      "succeeded",
		CreatedAt:    s.now(),
	}
	var declined *cardpay.DeclineError
	switch {
	case errors.As(chargeErr, &declined):
		a.Outcome, a.Detail = "declined", declined.Code
	case chargeErr != nil:
		a.Outcome, a.Detail = "error", chargeErr.Error()
	}
	if err := s.payments.RecordAttempt(ctx, a); err != nil {
		s.log.WarnContext(ctx, "record charge attempt", "instalment_id", instalmentID, "err", err)
	}
}
