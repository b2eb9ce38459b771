package app

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/gds"
)

// BookingCreated carries the payment details captured by the booking engine.
type BookingCreated struct {
	EventID         string `json:"-"`
	PNR             string `json:"pnr"`
	StripeCustomer  string `json:"stripe_customer_id"`
	PaymentMethodID string `json:"payment_method_id"`
	Currency        string `json:"currency"`
	Email           string `json:"email"`
	Phone           string `json:"phone"`
}

// BookingCancelled is published when the whole booking is cancelled.
type BookingCancelled struct {
	EventID      string    `json:"-"`
	PNR          string    `json:"pnr"`
	PassengerRef string    `json:"passenger_ref"`
	CancelledAt  time.Time `json:"cancelled_at"`
}

// TicketReissued is published when a passenger's ticket is exchanged.
type TicketReissued struct {
	EventID      string         `json:"-"`
	PNR          string         `json:"pnr"`
	PassengerRef string         `json:"passenger_ref"`
	TicketNumber string         `json:"ticket_number"`
	Coupons      map[string]int `json:"coupons"`
}

// MemberLinked is published when a passenger adds a frequent-flyer number
// to a booking.
type MemberLinked struct {
	EventID       string `json:"-"`
	PNR           string `json:"pnr"`
	PassengerRef  string `json:"passenger_ref"`
	LoyaltyNumber string `json:"member_number"`
	Tier          string `json:"tier"`
}

// Bookings reacts to booking-engine and loyalty events.
type Bookings struct {
	deps       Deps
	creditTTL  time.Duration
	linkBonus  int
	bonusTiers map[string]bool
}

// BookingsOption configures Bookings.
type BookingsOption func(*Bookings)

// WithCreditValidity sets how long travel credits stay valid.
func WithCreditValidity(d time.Duration) BookingsOption { return func(b *Bookings) { b.creditTTL = d } }

// WithLinkBonus sets the miles granted when a member links a booking.
func WithLinkBonus(miles int, tiers ...string) BookingsOption {
	return func(b *Bookings) {
		b.linkBonus = miles
		b.bonusTiers = map[string]bool{}
		for _, t := range tiers {
			b.bonusTiers[t] = true
		}
	}
}

func NewBookings(d Deps, opts ...BookingsOption) *Bookings {
	b := &Bookings{deps: d, creditTTL: 365 * 24 * time.Hour, linkBonus: 250}
	for _, opt := range opts {
		opt(b)
	}
	return b
}

// Created stores the booking's saved payment method.
func (b *Bookings) Created(ctx context.Context, evt BookingCreated) error {
	return b.deps.Store.Profiles().Upsert(ctx, domain.PaymentProfile{
		PNR:             evt.PNR,
		StripeCustomer:  evt.StripeCustomer,
		PaymentMethodID: evt.PaymentMethodID,
		Currency:        evt.Currency,
		ContactEmail:    evt.Email,
		ContactPhone:    evt.Phone,
	})
}

const bookingCancelledConsumer = "booking-cancelled"

// Cancelled refunds refundable ancillaries of the passenger and converts
// the non-refundable ones into a travel credit.
func (b *Bookings) Cancelled(ctx context.Context, evt BookingCancelled) error {
	return b.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		fresh, err := tx.Inbox().Claim(ctx, bookingCancelledConsumer, evt.EventID)
		if err != nil || !fresh {
			return err
		}
		items, err := tx.Items().ListByPNR(ctx, evt.PNR, domain.ItemPaid, domain.ItemIssued)
		if err != nil {
			return err
		}
		credit := domain.TravelCredit{
			ID:        uuid.NewString(),
			PNR:       evt.PNR,
			Passenger: evt.PassengerRef,
			ExpiresAt: evt.CancelledAt.Add(b.creditTTL),
		}
		for _, it := range items {
			if it.PassengerRef != evt.PassengerRef {
				continue
			}
			order, err := tx.Orders().GetForUpdate(ctx, it.OrderID)
			if err != nil {
				return err
			}
			if it.Refundable {
				if _, err := requestRefund(ctx, tx, order, it, "booking_cancelled"); err != nil {
					return err
				}
				continue
			}
			credit.Amount += it.Amount
			credit.Currency = it.Currency
			credit.ItemCount++
			if err := tx.Items().SetStatus(ctx, it.ID, domain.ItemCredited); err != nil {
				return err
			}
		}
		if credit.ItemCount == 0 {
			return nil
		}
		return tx.Credits().Issue(ctx, credit)
	})
}

// TicketReissued re-associates the passenger's EMDs with the new ticket.
func (b *Bookings) TicketReissued(ctx context.Context, evt TicketReissued) error {
	items, err := b.deps.Store.Items().ListByPNR(ctx, evt.PNR, domain.ItemIssued)
	if err != nil {
		return err
	}
	for _, it := range items {
		if it.PassengerRef != evt.PassengerRef || !it.EMDNumber.Valid {
			continue
		}
		coupon, ok := evt.Coupons[it.FlightID]
		if !ok {
			b.deps.log().WarnContext(ctx, "no coupon for emd segment",
				slog.String("emd", it.EMDNumber.String), slog.String("flight_id", it.FlightID))
			continue
		}
		err := b.deps.GDS.AssociateEMD(ctx, it.EMDNumber.String, gds.AssociateRequest{
			ClientTransactionRef: fmt.Sprintf("assoc-%s-%s-%d", it.EMDNumber.String, evt.TicketNumber, coupon),
			TicketNumber:         evt.TicketNumber,
			Coupon:               coupon,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

const memberLinkedConsumer = "loyalty-member-linked"

// MemberLinked attaches the member number to the passenger's orders and
// grants the link bonus to eligible tiers.
func (b *Bookings) MemberLinked(ctx context.Context, evt MemberLinked) error {
	inbox := b.deps.Store.Inbox()
	seen, err := inbox.Seen(ctx, memberLinkedConsumer, evt.EventID)
	if err != nil || seen {
		return err
	}
	err = b.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		n, err := tx.Orders().LinkLoyalty(ctx, evt.PNR, evt.PassengerRef, evt.LoyaltyNumber)
		if err != nil {
			return err
		}
		if n == 0 || !b.bonusTiers[evt.Tier] {
			return nil
		}
		bonus := domain.MilesAccrual{
			ID:            uuid.NewString(),
			PNR:           evt.PNR,
			LoyaltyNumber: evt.LoyaltyNumber,
			Miles:         b.linkBonus,
			Source:        "link_bonus",
			Reason:        sql.NullString{String: "booking linked " + evt.PNR, Valid: true},
			BusinessDate:  dateOnly(b.deps.now()),
		}
		if err := tx.Accruals().Create(ctx, bonus); err != nil {
			return err
		}
		return tx.Outbox().Publish(ctx, domain.TopicAccrualRequested, domain.AccrualRequestedEvent{AccrualID: bonus.ID})
	})
	if err != nil {
		return err
	}
	return inbox.MarkSeen(ctx, memberLinkedConsumer, evt.EventID)
}
