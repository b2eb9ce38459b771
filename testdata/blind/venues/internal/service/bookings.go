package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/clock"
	"github.com/vowhall/venues/internal/platform/dbx"
	"github.com/vowhall/venues/internal/platform/kit"
	"github.com/vowhall/venues/internal/provider/cardpay"
)

const scopeCreateBooking = "bookings.create"

type BookingParams struct {
	dig.In

	Tx          dbx.TxRunner
	Bookings    BookingStore
	Venues      VenueStore
	Couples     CoupleStore
	Packages    PackageStore
	Instalments InstalmentStore
	Payments    PaymentStore
	Refunds     RefundStore
	Idempotency IdempotencyStore
	Cards       CardProcessor
	Policy      Policy
	Logger      *slog.Logger
}

// Bookings handles holding a date, taking the deposit, edits and cancellation.
type Bookings struct {
	tx          dbx.TxRunner
	bookings    BookingStore
	venues      VenueStore
	couples     CoupleStore
	packages    PackageStore
	instalments InstalmentStore
	payments    PaymentStore
	refunds     RefundStore
	idem        IdempotencyStore
	cards       CardProcessor
	policy      Policy
	log         *slog.Logger

	now   func() time.Time
	newID func() uuid.UUID
}

func NewBookings(p BookingParams) *Bookings {
	return &Bookings{
		tx:          p.Tx,
		bookings:    p.Bookings,
		venues:      p.Venues,
		couples:     p.Couples,
		packages:    p.Packages,
		instalments: p.Instalments,
		payments:    p.Payments,
		refunds:     p.Refunds,
		idem:        p.Idempotency,
		cards:       p.Cards,
		policy:      p.Policy,
		log:         p.Logger,
		now:         clock.UTC,
		newID:       clock.NewID,
	}
}

type CreateBookingInput struct {
	IdempotencyKey string    `json:"-"`
	VenueID        uuid.UUID `json:"venue_id"`
	EventDate      time.Time `json:"event_date"`
	GuestCount     int       `json:"guest_count"`
	PrimaryName    string    `json:"primary_name"`
	PartnerName    string    `json:"partner_name"`
	Email          string    `json:"email"`
	Phone          string    `json:"phone"`
	CardCustomerID string    `json:"card_customer_id"`
	PaymentMethod  string    `json:"payment_method"`
}

func (in CreateBookingInput) Validate(now time.Time) error {
	switch {
	case in.IdempotencyKey == "":
		return domain.Invalid("Idempotency-Key", "header is required")
	case in.VenueID == uuid.Nil:
		return domain.Invalid("venue_id", "is required")
	case !in.EventDate.After(now):
		return domain.Invalid("event_date", "must be in the future")
	case strings.TrimSpace(in.PrimaryName) == "":
		return domain.Invalid("primary_name", "is required")
	case in.PaymentMethod == "":
		return domain.Invalid("payment_method", "is required")
	case in.GuestCount < 0:
		return domain.Invalid("guest_count", "must not be negative")
	}
	if _, err := mail.ParseAddress(in.Email); err != nil {
		return domain.Invalid("email", "is not a valid address")
	}
	return nil
}

// Create holds the venue date for the couple and charges the deposit.
// Repeating a request with the same Idempotency-Key returns the booking the
// first request created.
func (s *Bookings) Create(ctx context.Context, in CreateBookingInput) (domain.Booking, error) {
	if err := in.Validate(s.now()); err != nil {
		return domain.Booking{}, err
	}
	venue, err := s.venues.Get(ctx, in.VenueID)
	if err != nil {
		return domain.Booking{}, fmt.Errorf("venue %s: %w", in.VenueID, err)
	}
	fingerprint := kit.Fingerprint(in)

	var booking domain.Booking
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		rec, claimed, err := s.idem.Claim(ctx, scopeCreateBooking, in.IdempotencyKey, fingerprint, s.newID())
		if err != nil {
			return fmt.Errorf("claim idempotency key: %w", err)
		}
		if rec.RequestHash != fingerprint {
			return domain.ErrIdempotencyMismatch
		}
		if !claimed {
			booking, err = s.bookings.Get(ctx, kit.Deref(rec.ResourceID))
			return err
		}

		couple := domain.Couple{
			ID:                s.newID(),
			PrimaryName:       in.PrimaryName,
			PartnerName:       in.PartnerName,
			Email:             in.Email,
			Phone:             in.Phone,
			CardCustomerID:    nonEmpty(in.CardCustomerID),
			CardPaymentMethod: nonEmpty(in.PaymentMethod),
		}
		if err := s.couples.Upsert(ctx, &couple); err != nil {
			return fmt.Errorf("upsert couple: %w", err)
		}

		now := s.now()
		booking = domain.Booking{
			ID:            kit.Deref(rec.ResourceID),
			VenueID:       venue.ID,
			CoupleID:      couple.ID,
			EventDate:     clock.Date(in.EventDate),
			Status:        domain.BookingHeld,
			GuestCount:    in.GuestCount,
			VenueFeeCents: venue.VenueFeeCents,
			TotalCents:    venue.VenueFeeCents,
			DepositCents:  venue.DepositCents,
			DepositStatus: domain.DepositPending,
			Currency:      venue.Currency,
			HoldExpiresAt: now.Add(s.policy.HoldDuration),
			CreatedAt:     now,
			UpdatedAt:     now,
		}
		if err := s.bookings.Create(ctx, &booking); err != nil {
			if dbx.IsUniqueViolation(err, "bookings_venue_date_live") {
				return domain.ErrDateUnavailable
			}
			return fmt.Errorf("insert booking: %w", err)
		}
		return nil
	})
	if err != nil {
		return domain.Booking{}, err
	}

	if booking.Status != domain.BookingHeld || booking.DepositStatus == domain.DepositPaid {
		return booking, nil
	}
	return s.collectDeposit(ctx, booking, in.PaymentMethod)
}

// collectDeposit charges the venue deposit. The charge is keyed on the
// booking, so a repeated create reuses Cardpay's first answer.
func (s *Bookings) collectDeposit(ctx context.Context, b domain.Booking, paymentMethod string) (domain.Booking, error) {
	couple, err := s.couples.Get(ctx, b.CoupleID)
	if err != nil {
		return b, fmt.Errorf("load couple: %w", err)
	}
	charge, err := s.cards.CreateCharge(ctx, cardpay.ChargeRequest{
		AmountCents:   b.DepositCents,
		Currency:      b.Currency,
		Customer:      kit.Deref(couple.CardCustomerID),
		PaymentMethod: paymentMethod,
		Description:   "Venue deposit " + b.EventDate.Format(time.DateOnly),
		Metadata:      map[string]string{"booking_id": b.ID.String(), "kind": "deposit"},
	}, cardpay.WithIdempotencyKey("deposit-"+b.ID.String()))

	var declined *cardpay.DeclineError
	if errors.As(err, &declined) {
		if mErr := s.bookings.MarkDepositFailed(ctx, b.ID); mErr != nil {
			s.log.ErrorContext(ctx, "mark deposit failed", "booking_id", b.ID, "err", mErr)
		}
		return b, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, declined.Code)
	}
	if err != nil {
		return b, fmt.Errorf("charge deposit: %w", err)
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.bookings.MarkDepositPaid(ctx, b.ID, charge.ID)
		if err != nil || !first {
			return err
		}
		return s.payments.Insert(ctx, domain.Payment{
			ID:               s.newID(),
			BookingID:        b.ID,
			Source:           domain.SourceDeposit,
			AmountCents:      b.DepositCents,
			ProviderChargeID: charge.ID,
			CreatedAt:        s.now(),
		})
	})
	if err != nil {
		return b, fmt.Errorf("record deposit %s: %w", charge.ID, err)
	}
	return s.bookings.Get(ctx, b.ID)
}

// BookingView is a booking with its package lines and payment plan.
type BookingView struct {
	domain.Booking
	Packages    []domain.BookingPackage `json:"packages"`
	Instalments []domain.Instalment     `json:"instalments"`
}

func (s *Bookings) Get(ctx context.Context, id uuid.UUID) (BookingView, error) {
	b, err := s.bookings.Get(ctx, id)
	if err != nil {
		return BookingView{}, err
	}
	lines, err := s.packages.ListLines(ctx, id)
	if err != nil {
		return BookingView{}, err
	}
	plan, err := s.instalments.ListPlan(ctx, id)
	if err != nil {
		return BookingView{}, err
	}
	return BookingView{Booking: b, Packages: lines, Instalments: plan}, nil
}

type CancelResult struct {
	Booking domain.Booking `json:"booking"`
	Refund  domain.Refund  `json:"refund"`
}

// Cancel cancels the booking, releases the date and refunds the deposit
// when the cancellation is early enough. Calling it again on a cancelled
// booking finishes a refund that did not go through.
func (s *Bookings) Cancel(ctx context.Context, id uuid.UUID, reason string) (CancelResult, error) {
	var res CancelResult
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		b, err := s.bookings.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		switch b.Status {
		case domain.BookingHeld, domain.BookingConfirmed:
			if err := s.bookings.SetStatus(ctx, id, domain.BookingCancelled); err != nil {
				return err
			}
			if err := s.instalments.CancelOpen(ctx, id); err != nil {
				return err
			}
			b.Status = domain.BookingCancelled
		case domain.BookingCancelled:
		default:
			return fmt.Errorf("%w: booking is %s", domain.ErrConflict, b.Status)
		}
		res.Booking = b
		res.Refund, err = s.refunds.Open(ctx, domain.Refund{ID: s.newID(), BookingID: id, AmountCents: s.refundable(b)})
		return err
	})
	if err != nil {
		return CancelResult{}, err
	}

	refund := res.Refund
	if refund.AmountCents == 0 || (refund.Status != domain.RefundPending && refund.Status != domain.RefundFailed) {
		return res, nil
	}
	rf, err := s.cards.Refund(ctx, cardpay.RefundRequest{
		ChargeID:    kit.Deref(res.Booking.DepositChargeID),
		AmountCents: refund.AmountCents,
		Reason:      "requested_by_customer",
		Metadata:    map[string]string{"booking_id": id.String(), "refund_id": refund.ID.String(), "note": reason},
	})
	if err != nil {
		return res, fmt.Errorf("refund deposit: %w", err)
	}
	if err := s.refunds.MarkSubmitted(ctx, refund.ID, rf.ID); err != nil {
		return res, fmt.Errorf("record refund %s: %w", rf.ID, err)
	}
	res.Refund.Status = domain.RefundSubmitted
	return res, nil
}

// refundable is the deposit if it was paid and the event is far enough
// away; otherwise the deposit is kept.
func (s *Bookings) refundable(b domain.Booking) int64 {
	if b.DepositStatus != domain.DepositPaid || b.DepositChargeID == nil {
		return 0
	}
	if b.DaysUntilEvent(s.now()) < s.policy.RefundCutoffDays {
		return 0
	}
	return b.DepositCents
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
