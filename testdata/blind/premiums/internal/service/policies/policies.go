// Package policies binds quotes into policies, collects the first premium,
// and handles cancellations, arrears and wellness bookings.
package policies

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/provider/messaging"
	"github.com/pawsure/premiums/internal/provider/payments"
	"github.com/pawsure/premiums/internal/provider/vetnet"
	"github.com/pawsure/premiums/internal/repo"
	"github.com/pawsure/premiums/internal/service/billing"
	"github.com/pawsure/premiums/internal/service/notify"
)

var (
	ErrQuoteExpired      = errors.New("policies: quote expired")
	ErrQuoteMismatch     = errors.New("policies: quote does not belong to policyholder")
	ErrBindInProgress    = errors.New("policies: bind with this key is in progress")
	ErrAlreadyCancelled  = errors.New("policies: policy already cancelled")
	ErrNothingOwed       = errors.New("policies: no arrears outstanding")
	ErrPaymentDeclined   = errors.New("policies: payment declined")
	ErrNoVisitsLeft      = errors.New("policies: no wellness visits left this policy year")
	ErrPolicyNotInForce  = errors.New("policies: policy not in force")
	ErrMissingCustomerID = errors.New("policies: policyholder has no payment customer")
)

type BindInput struct {
	IdempotencyKey  string
	QuoteID         string
	PolicyholderID  string
	PaymentMethodID string
	StartsOn        time.Time
}

type BindResult struct {
	Policy        db.Policy
	ChargeStatus  string
	DeclineReason string
}

type ArrearsInput struct {
	PolicyID    string
	AmountCents int64
	RequestKey  string
}

type ArrearsResult struct {
	PaymentIntentID string
	PaidCents       int64
	RemainingCents  int64
}

type WellnessInput struct {
	PolicyID   string
	ClinicCode string
	SlotStart  time.Time
}

type CancelResult struct {
	PolicyID     string
	RefundID     string
	RefundAmount int64
}

// Service is the policy lifecycle API used by HTTP handlers.
type Service interface {
	Bind(ctx context.Context, in BindInput) (BindResult, error)
	Cancel(ctx context.Context, policyID, reason string) (CancelResult, error)
	PayArrears(ctx context.Context, in ArrearsInput) (ArrearsResult, error)
	BookWellness(ctx context.Context, in WellnessInput) (vetnet.Booking, error)
}

type Deps struct {
	Store    *db.Store
	Policies repo.PolicyRepository
	Refunds  repo.RefundRepository
	Payments payments.Gateway
	VetNet   vetnet.Network
	Jobs     jobs.Enqueuer
	Notify   notify.Queuer
	Log      *slog.Logger
}

type service struct {
	Deps
	now func() time.Time
}

func NewService(d Deps) Service {
	return &service{Deps: d, now: time.Now}
}

const scopeBind = "policy.bind"

// Bind turns a quote into a policy and collects the first month's premium.
//
// The idempotency key, the pending policy and the pending charge are written
// in one transaction. The charge row id is then used as Stripe's idempotency
// key, so a retried request (or a crash between Stripe and our commit) resumes
// the same charge instead of creating another.
func (s *service) Bind(ctx context.Context, in BindInput) (BindResult, error) {
	var (
		pol     db.Policy
		charge  db.PremiumCharge
		resumed bool
	)
	err := s.Store.ExecTx(ctx, func(q *db.Queries) error {
		claimed, err := q.ClaimIdempotencyKey(ctx, scopeBind, in.IdempotencyKey)
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := q.GetIdempotencyKey(ctx, scopeBind, in.IdempotencyKey)
			if err != nil {
				return err
			}
			if !rec.ResourceID.Valid {
				return ErrBindInProgress
			}
			if pol, err = q.GetPolicy(ctx, rec.ResourceID.String); err != nil {
				return err
			}
			charge, err = q.GetChargeForPolicy(ctx, pol.ID, "first_premium")
			resumed = true
			return err
		}

		quote, err := q.GetQuote(ctx, in.QuoteID)
		if err != nil {
			return fmt.Errorf("load quote: %w", err)
		}
		if quote.PolicyholderID != in.PolicyholderID {
			return ErrQuoteMismatch
		}
		if s.now().After(quote.ExpiresAt) {
			return ErrQuoteExpired
		}
		starts := in.StartsOn
		if starts.IsZero() {
			starts = s.now()
		}
		pol = db.Policy{
			ID:                  ids.New(ids.PrefixPolicy),
			QuoteID:             quote.ID,
			PolicyholderID:      quote.PolicyholderID,
			PetID:               quote.PetID,
			Status:              db.PolicyPendingPayment,
			MonthlyPremiumCents: quote.MonthlyPremiumCents,
			AnnualLimitCents:    quote.AnnualLimitCents,
			Currency:            quote.Currency,
			PaymentMethodID:     in.PaymentMethodID,
			StartsOn:            starts,
			RenewsOn:            starts.AddDate(1, 0, 0),
		}
		if err := q.InsertPolicy(ctx, pol); err != nil {
			return fmt.Errorf("insert policy: %w", err)
		}
		charge = db.PremiumCharge{
			ID:          ids.New(ids.PrefixCharge),
			PolicyID:    pol.ID,
			Kind:        "first_premium",
			AmountCents: pol.MonthlyPremiumCents,
			Currency:    pol.Currency,
			Status:      "pending",
		}
		if err := q.InsertPremiumCharge(ctx, charge); err != nil {
			return fmt.Errorf("insert charge: %w", err)
		}
		return q.SetIdempotencyResource(ctx, scopeBind, in.IdempotencyKey, pol.ID)
	})
	if err != nil {
		return BindResult{}, err
	}
	if resumed && charge.Status != "pending" {
		return BindResult{Policy: pol, ChargeStatus: charge.Status}, nil
	}

	ph, err := s.Store.GetPolicyholder(ctx, pol.PolicyholderID)
	if err != nil {
		return BindResult{}, err
	}
	if !ph.StripeCustomerID.Valid {
		return BindResult{}, ErrMissingCustomerID
	}
	res, err := s.Payments.ChargeCard(ctx, payments.ChargeRequest{
		CustomerID:      ph.StripeCustomerID.String,
		PaymentMethodID: pol.PaymentMethodID,
		AmountCents:     charge.AmountCents,
		Currency:        charge.Currency,
		Description:     "First premium " + pol.ID,
		PolicyID:        pol.ID,
	}, payments.WithIdempotencyKey(charge.ID), payments.WithMetadata("charge_id", charge.ID))
	if err != nil {
		return BindResult{}, fmt.Errorf("collect first premium: %w", err)
	}
	return s.finishBind(ctx, pol, charge, ph, res)
}

func (s *service) finishBind(ctx context.Context, pol db.Policy, charge db.PremiumCharge, ph db.Policyholder, res payments.ChargeResult) (BindResult, error) {
	out := BindResult{Policy: pol, ChargeStatus: res.Status, DeclineReason: res.DeclineCode}
	var pi *string
	if res.PaymentIntentID != "" {
		pi = &res.PaymentIntentID
	}
	err := s.Store.ExecTx(ctx, func(q *db.Queries) error {
		if !res.Succeeded() {
			code := res.DeclineCode
			_, err := q.CompletePendingCharge(ctx, charge.ID, "failed", pi, &code)
			return err
		}
		first, err := q.CompletePendingCharge(ctx, charge.ID, "succeeded", pi, nil)
		if err != nil || !first {
			return err
		}
		if err := q.SetPolicyStatus(ctx, pol.ID, db.PolicyActive); err != nil {
			return err
		}
		// First month is paid by this charge; schedule the remaining eleven.
		for _, sch := range billing.MonthlySchedule(pol.ID, pol.StartsOn.AddDate(0, 1, 0), 11, pol.MonthlyPremiumCents, pol.Currency) {
			if err := q.InsertPremiumSchedule(ctx, sch); err != nil {
				return fmt.Errorf("insert schedule: %w", err)
			}
		}
		if err := q.InsertLedgerEntry(ctx, db.LedgerEntry{
			ID:          ids.Derive("ledger", charge.ID),
			PolicyID:    pol.ID,
			Account:     "premiums",
			AmountCents: charge.AmountCents,
			Currency:    charge.Currency,
			ExternalRef: db.NullString(res.PaymentIntentID),
			Memo:        "first premium",
		}); err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       "policy-welcome:" + pol.ID,
			PolicyholderID: ph.ID,
			Channel:        messaging.Email,
			Template:       "policy_welcome",
			Params:         map[string]string{"policy_id": pol.ID},
		})
	})
	if err != nil {
		return BindResult{}, err
	}
	if res.Succeeded() {
		out.Policy.Status = db.PolicyActive
	}
	return out, nil
}

// Cancel cancels a policy at the policyholder's request and refunds the
// unused part of the current month.
func (s *service) Cancel(ctx context.Context, policyID, reason string) (CancelResult, error) {
	pol, err := s.Policies.Get(ctx, policyID)
	if err != nil {
		return CancelResult{}, err
	}
	if pol.Status == db.PolicyCancelled {
		return CancelResult{}, ErrAlreadyCancelled
	}
	now := s.now()
	refundAmount := billing.UnusedPremium(pol, now)

	if err := s.Policies.MarkCancelled(ctx, pol.ID, reason, now); err != nil {
		return CancelResult{}, fmt.Errorf("mark cancelled: %w", err)
	}
	if err := s.Store.VoidDueSchedules(ctx, pol.ID, now); err != nil {
		return CancelResult{}, fmt.Errorf("void schedules: %w", err)
	}
	out := CancelResult{PolicyID: pol.ID}
	if refundAmount <= 0 {
		return out, nil
	}
	last, err := s.Store.GetLatestSucceededCharge(ctx, pol.ID)
	if err != nil {
		return CancelResult{}, fmt.Errorf("find charge to refund: %w", err)
	}
	refund := db.Refund{
		ID:              ids.Derive("refund", pol.ID, "cancellation"),
		PolicyID:        pol.ID,
		PaymentIntentID: last.PaymentIntentID.String,
		AmountCents:     min(refundAmount, last.AmountCents),
		Currency:        pol.Currency,
	}
	if err := s.Refunds.Create(ctx, refund); err != nil {
		return CancelResult{}, fmt.Errorf("create refund: %w", err)
	}
	if err := s.Jobs.Enqueue(ctx, jobs.CancellationRefundArgs{RefundID: refund.ID}, nil); err != nil {
		return CancelResult{}, err
	}
	out.RefundID, out.RefundAmount = refund.ID, refund.AmountCents
	return out, nil
}

// PayArrears takes an ad-hoc card payment against a policy's arrears. The
// HTTP layer guards it with the request's Idempotency-Key.
func (s *service) PayArrears(ctx context.Context, in ArrearsInput) (ArrearsResult, error) {
	pol, err := s.Store.GetPolicy(ctx, in.PolicyID)
	if err != nil {
		return ArrearsResult{}, err
	}
	if pol.ArrearsCents <= 0 {
		return ArrearsResult{}, ErrNothingOwed
	}
	amount := pol.ArrearsCents
	if in.AmountCents > 0 && in.AmountCents < amount {
		amount = in.AmountCents
	}
	ph, err := s.Store.GetPolicyholder(ctx, pol.PolicyholderID)
	if err != nil {
		return ArrearsResult{}, err
	}
	res, err := s.Payments.ChargeCard(ctx, payments.ChargeRequest{
		CustomerID:      ph.StripeCustomerID.String,
		PaymentMethodID: pol.PaymentMethodID,
		AmountCents:     amount,
		Currency:        pol.Currency,
		Description:     "Arrears " + pol.ID,
		PolicyID:        pol.ID,
	}, payments.WithIdempotencyKey("arrears:"+in.RequestKey))
	if err != nil {
		return ArrearsResult{}, err
	}
	if !res.Succeeded() {
		return ArrearsResult{}, fmt.Errorf("%w: %s", ErrPaymentDeclined, res.DeclineCode)
	}
	err = s.Store.ExecTx(ctx, func(q *db.Queries) error {
		if err := q.InsertArrearsPayment(ctx, ids.New("arr"), pol.ID, amount, res.PaymentIntentID); err != nil {
			return err
		}
		if err := q.ReduceArrears(ctx, pol.ID, amount); err != nil {
			return err
		}
		return q.InsertLedgerEntry(ctx, db.LedgerEntry{
			ID:          ids.New("led"),
			PolicyID:    pol.ID,
			Account:     "premiums",
			AmountCents: amount,
			Currency:    pol.Currency,
			ExternalRef: db.NullString(res.PaymentIntentID),
			Memo:        "arrears payment",
		})
	})
	if err != nil {
		return ArrearsResult{}, err
	}
	return ArrearsResult{PaymentIntentID: res.PaymentIntentID, PaidCents: amount, RemainingCents: pol.ArrearsCents - amount}, nil
}

// BookWellness books an included wellness exam at a partner clinic.
func (s *service) BookWellness(ctx context.Context, in WellnessInput) (vetnet.Booking, error) {
	pol, err := s.Store.GetPolicy(ctx, in.PolicyID)
	if err != nil {
		return vetnet.Booking{}, err
	}
	if pol.Status != db.PolicyActive {
		return vetnet.Booking{}, ErrPolicyNotInForce
	}
	if pol.WellnessVisitsLeft <= 0 {
		return vetnet.Booking{}, ErrNoVisitsLeft
	}
	pet, err := s.Store.GetPet(ctx, pol.PetID)
	if err != nil {
		return vetnet.Booking{}, err
	}
	ph, err := s.Store.GetPolicyholder(ctx, pol.PolicyholderID)
	if err != nil {
		return vetnet.Booking{}, err
	}

	booking, err := s.VetNet.BookAppointment(ctx, vetnet.BookingRequest{
		ClinicCode: in.ClinicCode,
		PetName:    pet.Name,
		Species:    pet.Species,
		OwnerName:  ph.FullName,
		OwnerPhone: ph.Phone.String,
		SlotStart:  in.SlotStart,
		Kind:       "wellness",
		PolicyRef:  pol.ID,
	})
	if err != nil {
		return vetnet.Booking{}, fmt.Errorf("book at vetnet: %w", err)
	}

	err = s.Store.ExecTx(ctx, func(q *db.Queries) error {
		ok, err := q.UseWellnessVisit(ctx, pol.ID)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNoVisitsLeft
		}
		if err := q.InsertVetBooking(ctx, booking.ConfirmationID, pol.ID, in.ClinicCode, booking.SlotStart, "wellness"); err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       "wellness-booked:" + booking.ConfirmationID,
			PolicyholderID: ph.ID,
			Channel:        messaging.SMS,
			Template:       "wellness_booked",
			Params:         map[string]string{"clinic": in.ClinicCode, "slot": booking.SlotStart.Format(time.RFC3339)},
		})
	})
	if err != nil {
		s.Log.Error("wellness booking made but not recorded", "confirmation_id", booking.ConfirmationID, "err", err)
		return vetnet.Booking{}, err
	}
	return booking, nil
}
