// Package ports declares the storage and provider interfaces the services
// depend on. The store, provider and messaging packages implement them; the
// wiring package binds the implementations.
package ports

import (
	"context"
	"time"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/provider/hotelpartner"
	"github.com/northwind-air/mileage/internal/provider/paygw"
	"github.com/northwind-air/mileage/internal/provider/reservation"
)

// TxRunner runs fn in a database transaction; repositories called with the
// ctx given to fn take part in it.
type TxRunner interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// InTx runs fn in a transaction and returns its value.
func InTx[T any](ctx context.Context, tx TxRunner, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := tx.Do(ctx, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// Members stores members.
type Members interface {
	Enroll(ctx context.Context, m domain.Member) (domain.Member, bool, error)
	Get(ctx context.Context, id string) (domain.Member, error)
	GetByNumber(ctx context.Context, number string) (domain.Member, error)
	UpdatePhone(ctx context.Context, id, phone string, optIn bool) error
	AdjustBalance(ctx context.Context, id string, delta, tierMiles int64) error
	TierCandidates(ctx context.Context, afterID string, limit int) ([]domain.Member, error)
	ApplyTier(ctx context.Context, id string, from, to domain.Tier) (bool, error)
	ActiveWithPhone(ctx context.Context, afterID string, limit int) ([]domain.Member, error)
	EnrolledOn(ctx context.Context, month time.Month, day int) ([]domain.Member, error)
	AutoTopUpsDue(ctx context.Context, now time.Time, limit int) ([]domain.AutoTopUp, error)
	AdvanceAutoTopUp(ctx context.Context, memberID string, next time.Time) error
}

// Ledger posts balance changes.
type Ledger interface {
	Post(ctx context.Context, p domain.Posting) (bool, error)
	Recent(ctx context.Context, memberID string, limit int) ([]domain.LedgerEntry, error)
	ExpiringAccruals(ctx context.Context, t time.Time, limit int) ([]domain.LedgerEntry, error)
	MarkExpired(ctx context.Context, entryID int64, at time.Time) error
}

// Redemptions stores redemptions and reservation callbacks.
type Redemptions interface {
	CreateRequested(ctx context.Context, r domain.Redemption) (domain.Redemption, bool, error)
	Get(ctx context.Context, id string) (domain.Redemption, error)
	TicketedByPNR(ctx context.Context, pnr string) ([]domain.Redemption, error)
	MarkTicketed(ctx context.Context, id, pnr, providerRef string) (bool, error)
	MarkFailed(ctx context.Context, id, reason string) error
	Transition(ctx context.Context, id, from, to string) (bool, error)
	RecordReservationEvent(ctx context.Context, eventID, pnr, eventType string) (bool, error)
}

// Transfers stores hotel transfers.
type Transfers interface {
	Create(ctx context.Context, t domain.Transfer) (domain.Transfer, bool, error)
	Get(ctx context.Context, id string) (domain.Transfer, error)
	MarkSubmitted(ctx context.Context, id, partnerRef string) (bool, error)
	Transition(ctx context.Context, id string, from []string, to string) (bool, error)
	MarkReversed(ctx context.Context, id, reversalRef string) (bool, error)
}

// Purchases stores mile purchases and gateway events.
type Purchases interface {
	Claim(ctx context.Context, p domain.Purchase) (domain.Purchase, bool, error)
	Insert(ctx context.Context, p domain.Purchase) error
	Get(ctx context.Context, id string) (domain.Purchase, error)
	GetByCharge(ctx context.Context, chargeID string) (domain.Purchase, error)
	MarkCaptured(ctx context.Context, id, chargeID string) (bool, error)
	MarkFailed(ctx context.Context, id, code string) error
	AddRefund(ctx context.Context, id string, miles, cents int64) (bool, error)
	InsertGatewayEvent(ctx context.Context, ev domain.GatewayEvent) error
}

// Accruals stores partner activity.
type Accruals interface {
	InsertPartnerAccrual(ctx context.Context, a domain.PartnerAccrual) error
	UpsertPartnerAccrual(ctx context.Context, a domain.PartnerAccrual) error
	InsertRental(ctx context.Context, a domain.RentalAccrual) error
	InsertFlightCredit(ctx context.Context, f domain.FlightCredit) (bool, error)
	InsertRetroClaim(ctx context.Context, c domain.RetroClaim) error
}

// Notifications records SMS notifications.
type Notifications interface {
	Exists(ctx context.Context, dedupKey string) (bool, error)
	Record(ctx context.Context, n domain.Notification) (bool, error)
	MarkSent(ctx context.Context, dedupKey, providerID string) error
	MarkFailed(ctx context.Context, dedupKey string) error
}

// Rewards stores tier changes and vouchers.
type Rewards interface {
	InsertTierChange(ctx context.Context, tc domain.TierChange) error
	InsertVoucher(ctx context.Context, v domain.Voucher) error
}

// IdempotencyKeys stores API idempotency keys.
type IdempotencyKeys interface {
	Claim(ctx context.Context, scope, key, memberID string) (bool, *domain.StoredResponse, error)
	Complete(ctx context.Context, scope, key string, status int, body []byte) error
	Lookup(ctx context.Context, scope, key string) (*domain.StoredResponse, error)
	Save(ctx context.Context, scope, key, memberID string, status int, body []byte) error
}

// Reservations is the airline reservation system.
type Reservations interface {
	BookAward(ctx context.Context, req reservation.AwardBookingRequest, opts ...reservation.Option) (reservation.Booking, error)
	RequestUpgrade(ctx context.Context, pnr string, req reservation.UpgradeRequest, opts ...reservation.Option) (reservation.UpgradeResult, error)
	CancelBooking(ctx context.Context, pnr string, opts ...reservation.Option) error
}

// HotelPoints is the hotel partner's points gateway.
type HotelPoints interface {
	Credit(ctx context.Context, p hotelpartner.PointsPosting) (hotelpartner.PostingResult, error)
	Reverse(ctx context.Context, p hotelpartner.PointsPosting) (hotelpartner.PostingResult, error)
}

// Payments is the card payment gateway.
type Payments interface {
	Charge(ctx context.Context, req paygw.ChargeRequest, opts ...paygw.CallOption) (paygw.Charge, error)
	Refund(ctx context.Context, req paygw.RefundRequest, opts ...paygw.CallOption) (paygw.Refund, error)
}

// SMSSender texts members.
type SMSSender interface {
	Send(ctx context.Context, phone, body string) (string, error)
}

// EventPublisher publishes domain events.
type EventPublisher interface {
	Publish(ctx context.Context, eventType, groupID, dedupID string, payload any) error
}

// Enqueuer sends work messages to a queue.
type Enqueuer interface {
	Send(ctx context.Context, body any, opts ...messaging.SendOption) (string, error)
}
