// Package service holds the business logic of the subscription service.
// It depends only on the interfaces declared here; implementations live in
// internal/store and internal/providers and are wired by fx.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/providers/devicevendor"
	"github.com/drivewise/carsub/internal/providers/insurer"
	"github.com/drivewise/carsub/internal/providers/logistics"
	"github.com/drivewise/carsub/internal/providers/notifier"
	"github.com/drivewise/carsub/internal/providers/payments"
)

// Transactor groups repository calls into one database transaction.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type SubscriptionRepository interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Subscription, error)
	Create(ctx context.Context, s *domain.Subscription) error
	TransitionStatus(ctx context.Context, id uuid.UUID, from []domain.SubscriptionStatus, to domain.SubscriptionStatus) (bool, error)
	SetCancelReason(ctx context.Context, id uuid.UUID, reason string) error
	ExtendPaidThrough(ctx context.Context, id uuid.UUID, months int) error
	RaiseOdometer(ctx context.Context, id uuid.UUID, km int) error
	AssignVehicle(ctx context.Context, id, vehicleID uuid.UUID) error
	LiveByVehicle(ctx context.Context, vehicleID uuid.UUID) (*domain.Subscription, error)
	DueForRenewal(ctx context.Context, asOf time.Time, after uuid.UUID, limit int) ([]domain.Subscription, error)
}

type CustomerRepository interface {
	UpsertByEmail(ctx context.Context, c *domain.Customer) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Customer, error)
}

type Catalog interface {
	Plan(ctx context.Context, code string) (*domain.Plan, error)
	Vehicle(ctx context.Context, id uuid.UUID) (*domain.Vehicle, error)
}

type ChargeRepository interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Charge, error)
	GetByIdempotencyKey(ctx context.Context, key string) (*domain.Charge, error)
	GetByProviderID(ctx context.Context, providerChargeID string) (*domain.Charge, error)
	InsertIfAbsent(ctx context.Context, c *domain.Charge) (*domain.Charge, error)
	ClaimRenewal(ctx context.Context, c *domain.Charge, staleAfter time.Duration) (*domain.Charge, error)
	MarkResult(ctx context.Context, id uuid.UUID, status domain.ChargeStatus, providerChargeID, failure string) error
}

type RefundRepository interface {
	Create(ctx context.Context, r *domain.Refund) error
	InsertSettlement(ctx context.Context, s *domain.RefundSettlement) error
	MarkCompleted(ctx context.Context, providerRefundID string) error
	InsertDispute(ctx context.Context, d *domain.Dispute) (bool, error)
}

type CreditRepository interface {
	Insert(ctx context.Context, c *domain.CustomerCredit) error
}

type DeliveryRepository interface {
	Create(ctx context.Context, d *domain.Delivery) error
	InsertIfAbsent(ctx context.Context, d *domain.Delivery) (*domain.Delivery, error)
	MarkBooked(ctx context.Context, id uuid.UUID, bookingRef string, eta *time.Time) error
}

type DeviceRepository interface {
	GetBySerial(ctx context.Context, serial string) (*domain.TelematicsDevice, error)
	Register(ctx context.Context, d *domain.TelematicsDevice) error
	TouchHeartbeat(ctx context.Context, serial string, seenAt time.Time, firmware string) (bool, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.DeviceStatus) error
	CreateOrder(ctx context.Context, o *domain.DeviceOrder) error
}

type TelemetryRepository interface {
	InsertMileage(ctx context.Context, m *domain.MileageReading) error
	DistanceBetween(ctx context.Context, subscriptionID uuid.UUID, from, to time.Time) (int, error)
	InsertTrip(ctx context.Context, t *domain.Trip) error
	InsertIncident(ctx context.Context, i *domain.Incident) error
	IncidentByID(ctx context.Context, id uuid.UUID) (*domain.Incident, error)
	InsertGeofenceAlert(ctx context.Context, a *domain.GeofenceAlert) (bool, error)
}

type ClaimRepository interface {
	Create(ctx context.Context, c *domain.DamageClaim) error
	Get(ctx context.Context, id uuid.UUID) (*domain.DamageClaim, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, insurerRef string) error
	Decide(ctx context.Context, id uuid.UUID, status domain.ClaimStatus, approvedCents *int64) (bool, error)
	MarkSettled(ctx context.Context, id uuid.UUID) error
}

type NotificationRepository interface {
	Enqueue(ctx context.Context, n *domain.Notification) (bool, error)
	LeaseBatch(ctx context.Context, limit int, lease time.Duration) ([]domain.Notification, error)
	MarkSent(ctx context.Context, id uuid.UUID, providerMessageID string) error
	MarkFailed(ctx context.Context, id uuid.UUID, reason string, final bool) error
}

// IdempotencyStore keeps responses of keyed API requests.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) ([]byte, bool, error)
	Remember(ctx context.Context, scope, key string, response []byte) error
}

// Inbox records which messages a consumer has processed.
type Inbox interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

type AuditLog interface {
	Record(ctx context.Context, action, target string, detail any) error
}

// Outbound partners.

type PaymentGateway interface {
	Charge(ctx context.Context, req payments.ChargeRequest) (*payments.Charge, error)
	Refund(ctx context.Context, req payments.RefundRequest) (*payments.Refund, error)
}

type LogisticsPartner interface {
	Book(ctx context.Context, req logistics.BookingRequest) (*logistics.Booking, error)
}

type DeviceVendor interface {
	OrderActivation(ctx context.Context, req devicevendor.ActivationOrder) (*devicevendor.Order, error)
	OrderReplacement(ctx context.Context, req devicevendor.ReplacementOrder) (*devicevendor.Order, error)
}

type Insurer interface {
	SubmitClaim(ctx context.Context, sub insurer.ClaimSubmission) (*insurer.ClaimReceipt, error)
}

type Notifier interface {
	Send(ctx context.Context, msg notifier.Message) (*notifier.Receipt, error)
}

// Clock is swapped in tests.
type Clock func() time.Time

func SystemClock() Clock { return func() time.Time { return time.Now().UTC() } }
