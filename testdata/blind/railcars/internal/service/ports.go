// Package service holds the application services. Services open
// transactions with db.TxRunner and pass the transaction to the
// repositories through the context.
package service

import (
	"context"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/repo"
)

// CustomerStore reads lessees.
type CustomerStore interface {
	Get(ctx context.Context, q db.Querier, id string) (*domain.Customer, error)
	SetStripeCustomerID(ctx context.Context, q db.Querier, id, stripeID string) error
	SetDefaultCard(ctx context.Context, q db.Querier, id, paymentMethodID string) error
}

// CarStore reads and updates cars.
type CarStore interface {
	Get(ctx context.Context, q db.Querier, carMark string) (*domain.Car, error)
	UpdatePosition(ctx context.Context, q db.Querier, carMark, road, location string) error
	SetStatus(ctx context.Context, q db.Querier, carMark, status string) error
}

// LeaseStore persists leases.
type LeaseStore interface {
	Insert(ctx context.Context, q db.Querier, l *domain.Lease) error
	Get(ctx context.Context, q db.Querier, id string) (*domain.Lease, error)
	ActiveForCar(ctx context.Context, q db.Querier, carMark string) (*domain.Lease, error)
	AddCar(ctx context.Context, q db.Querier, leaseID, carMark string, at time.Time) (bool, error)
	Cars(ctx context.Context, q db.Querier, leaseID string) ([]domain.LeaseCar, error)
	Activate(ctx context.Context, q db.Querier, id string, at time.Time) (bool, error)
	AddOffrentDays(ctx context.Context, q db.Querier, id string, days int) error
	ResetOffrentDays(ctx context.Context, q db.Querier, id string) error
}

// ScheduleStore persists billing schedules.
type ScheduleStore interface {
	Create(ctx context.Context, q db.Querier, leaseID string, first time.Time) error
	ListDue(ctx context.Context, q db.Querier, asOf time.Time) ([]repo.Due, error)
	Advance(ctx context.Context, q db.Querier, leaseID string, from, to time.Time) error
}

// KeyStore persists API idempotency keys.
type KeyStore interface {
	Claim(ctx context.Context, q db.Querier, scope, key, hash string) (*repo.IdempotencyRecord, bool, error)
	SetResource(ctx context.Context, q db.Querier, scope, key, resourceID string) error
}

// EventStore is the transactional outbox.
type EventStore interface {
	Add(ctx context.Context, q db.Querier, topic string, e domain.Event) error
}

// WebhookStore records handled provider webhook deliveries.
type WebhookStore interface {
	Claim(ctx context.Context, q db.Querier, provider, eventID string) (bool, error)
	Seen(ctx context.Context, q db.Querier, provider, eventID string) (bool, error)
	MarkSeen(ctx context.Context, q db.Querier, provider, eventID string) error
}

// MovementStore persists movement events and their results.
type MovementStore interface {
	Inbox(ctx context.Context, q db.Querier, source, sourceRef string, e domain.MovementEvent) (bool, error)
	InsertPlacement(ctx context.Context, q db.Querier, p *domain.Placement) (bool, error)
	GetPlacement(ctx context.Context, q db.Querier, id string) (*domain.Placement, error)
	OpenPlacement(ctx context.Context, q db.Querier, carMark string) (*domain.Placement, error)
	ReleasePlacement(ctx context.Context, q db.Querier, id string, at time.Time) error
	OpenPlacementsPastFreeTime(ctx context.Context, q db.Querier, asOf time.Time) ([]domain.Placement, error)
	InsertTrip(ctx context.Context, q db.Querier, t *domain.Trip) error
	CloseTrips(ctx context.Context, q db.Querier, carMark, destination string, at time.Time) error
	InsertInterchange(ctx context.Context, q db.Querier, ic *domain.Interchange) error
	InsertReleaseRequest(ctx context.Context, q db.Querier, r *domain.ReleaseRequest) error
}

// DemurrageStore persists demurrage charges and disputes.
type DemurrageStore interface {
	Accrue(ctx context.Context, q db.Querier, c *domain.DemurrageCharge) (bool, error)
	GetCharge(ctx context.Context, q db.Querier, id string) (*domain.DemurrageCharge, error)
	SetChargeStatus(ctx context.Context, q db.Querier, id, status string) error
	Uninvoiced(ctx context.Context, q db.Querier, leaseID string, through time.Time) (int, int64, error)
	AttachToInvoice(ctx context.Context, q db.Querier, leaseID, invoiceID string, through time.Time) error
	OpenDispute(ctx context.Context, q db.Querier, d *domain.DemurrageDispute) (*domain.DemurrageDispute, error)
}

// InvoiceStore persists invoices.
type InvoiceStore interface {
	Create(ctx context.Context, q db.Querier, inv *domain.Invoice) (bool, error)
	Get(ctx context.Context, q db.Querier, id string) (*domain.Invoice, error)
	GetForUpdate(ctx context.Context, q db.Querier, id string) (*domain.Invoice, error)
	AddLine(ctx context.Context, q db.Querier, l domain.InvoiceLine) error
	AdjustBalance(ctx context.Context, q db.Querier, id string, delta int64) error
	AddToTotal(ctx context.Context, q db.Querier, id string, cents int64) error
	AutopayDue(ctx context.Context, q db.Querier, asOf time.Time) ([]domain.Invoice, error)
}

// CreditMemoStore persists credit memos.
type CreditMemoStore interface {
	Insert(ctx context.Context, q db.Querier, m *domain.CreditMemo) (bool, error)
}

// MileageStore persists mileage claims and credits.
type MileageStore interface {
	InsertClaim(ctx context.Context, q db.Querier, c *domain.MileageClaim) error
	InsertCredit(ctx context.Context, q db.Querier, c domain.MileageCredit) error
	UnappliedCredits(ctx context.Context, q db.Querier, leaseID string) (int64, error)
	MarkApplied(ctx context.Context, q db.Querier, leaseID string) error
}

// PaymentStore persists payments and refunds.
type PaymentStore interface {
	Open(ctx context.Context, q db.Querier, p *domain.Payment) (*domain.Payment, error)
	Get(ctx context.Context, q db.Querier, id string) (*domain.Payment, error)
	ByKey(ctx context.Context, q db.Querier, customerID, key string) (*domain.Payment, error)
	ByProviderRef(ctx context.Context, q db.Querier, ref string) (*domain.Payment, error)
	SetStatus(ctx context.Context, q db.Querier, id, status, providerRef, reason string) error
	Submit(ctx context.Context, q db.Querier, id, providerRef string) error
	Settle(ctx context.Context, q db.Querier, id, status, reason string, from ...string) (bool, error)
	OpenRefund(ctx context.Context, q db.Querier, r *domain.Refund) (*domain.Refund, error)
	SetRefundStatus(ctx context.Context, q db.Querier, id, status, providerRef string) error
}

// WorkOrderStore persists work orders and shop invoices.
type WorkOrderStore interface {
	GetShop(ctx context.Context, q db.Querier, id string) (*domain.Shop, error)
	ShopByShopnetID(ctx context.Context, q db.Querier, shopnetID string) (*domain.Shop, error)
	Insert(ctx context.Context, q db.Querier, wo *domain.WorkOrder) error
	Get(ctx context.Context, q db.Querier, id string) (*domain.WorkOrder, error)
	MarkDispatched(ctx context.Context, q db.Querier, id, roNumber string, at time.Time) error
	SetStatus(ctx context.Context, q db.Querier, id, status string) error
	MarkCompleted(ctx context.Context, q db.Querier, id string, at time.Time) error
	ReceiveShopInvoice(ctx context.Context, q db.Querier, si *domain.ShopInvoice) (string, bool, error)
	AddShopInvoiceLine(ctx context.Context, q db.Querier, invoiceID string, l domain.ShopInvoiceLine) error
}

// NotificationStore persists the notification log.
type NotificationStore interface {
	Reserve(ctx context.Context, q db.Querier, n *repo.Notification) (*repo.Notification, error)
	Log(ctx context.Context, q db.Querier, n *repo.Notification, sentAt time.Time) error
	MarkSent(ctx context.Context, q db.Querier, id, providerMsgID string, at time.Time) error
	MarkFailed(ctx context.Context, q db.Querier, id string) error
}

// Clock returns the current time.
type Clock func() time.Time

// SystemClock is the wall clock in UTC.
func SystemClock() time.Time { return time.Now().UTC() }

// emit builds an event and writes it to the outbox in ctx's transaction.
func emit(ctx context.Context, tx *db.TxRunner, events EventStore, typ, aggregateID string, payload any) error {
	e, err := domain.NewEvent(newEventID(), typ, aggregateID, payload)
	if err != nil {
		return err
	}
	return events.Add(ctx, tx.Q(ctx), domain.TopicDomainEvents, e)
}
