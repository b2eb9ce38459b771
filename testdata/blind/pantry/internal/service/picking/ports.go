// Package picking implements the picker handheld workflows: scanning
// lines, proposing substitutions, bagging, shortages, completion and the
// handover to the driver.
package picking

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
)

// Service is the API used by the picker HTTP transport.
type Service interface {
	RecordPick(ctx context.Context, in RecordPickInput) error
	ProposeSubstitution(ctx context.Context, in SubstitutionInput) (domain.Substitution, error)
	AddBag(ctx context.Context, bag domain.Bag) (created bool, err error)
	ReportShortage(ctx context.Context, idempotencyKey string, in ShortageInput) error
	CompletePicking(ctx context.Context, orderID uuid.UUID, pickerID string) error
	Handover(ctx context.Context, orderID uuid.UUID, driverRef string) error
}

// RecordPickInput is a scan of a line with the absolute picked quantity.
type RecordPickInput struct {
	OrderID   uuid.UUID
	LineNo    int
	PickedQty int
	PickerID  string
}

// SubstitutionInput is a picker-proposed replacement.
type SubstitutionInput struct {
	OrderID        uuid.UUID
	LineNo         int
	SubstituteSKU  string
	Quantity       int
	UnitPriceCents int64
	PickerID       string
}

// ShortageInput reports missing quantity on a line.
type ShortageInput struct {
	OrderID  uuid.UUID
	LineNo   int
	ShortQty int
	PickerID string
}

// Orders is the order persistence used while picking.
type Orders interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Order, error)
	GetLine(ctx context.Context, orderID uuid.UUID, lineNo int) (domain.OrderLine, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error
	AdjustTotal(ctx context.Context, id uuid.UUID, deltaCents int64) error
	AppendEvent(ctx context.Context, ev domain.OrderEvent) error
}

// Picks stores pick progress.
type Picks interface {
	UpsertLine(ctx context.Context, p domain.PickLine) error
	AppendEvent(ctx context.Context, ev domain.PickEvent) error
	CountUnpicked(ctx context.Context, orderID uuid.UUID) (int, error)
}

// Substitutions stores proposed substitutions.
type Substitutions interface {
	Insert(ctx context.Context, s domain.Substitution) error
}

// Bags stores bag labels.
type Bags interface {
	Add(ctx context.Context, b domain.Bag) (bool, error)
	Count(ctx context.Context, orderID uuid.UUID) (int, error)
}

// Shortages accumulates shortages.
type Shortages interface {
	Add(ctx context.Context, s domain.Shortage) error
}

// RequestKeys remembers handheld Idempotency-Key headers.
type RequestKeys interface {
	Seen(ctx context.Context, key string) (bool, error)
	Remember(ctx context.Context, key, route string) error
}

// Outbox stores partner events.
type Outbox interface {
	Insert(ctx context.Context, ev domain.OutboxEvent) error
}

// Notifier sends customer messages.
type Notifier interface {
	OrderPacked(ctx context.Context, order domain.Order, bags int) error
}

// Jobs schedules follow-up work.
type Jobs interface {
	EnqueueCourierBooking(ctx context.Context, orderID uuid.UUID) error
	EnqueueCapture(ctx context.Context, orderID uuid.UUID) error
	EnqueueBilling(ctx context.Context, orderID uuid.UUID) error
	EnqueueOutboxDelivery(ctx context.Context, eventID uuid.UUID) error
}

// handoverPayload is the data of the order.handed_over partner event.
type handoverPayload struct {
	OrderID   string `json:"order_id"`
	StoreID   string `json:"store_id"`
	DriverRef string `json:"driver_ref"`
	Total     int64  `json:"total_cents"`
}

func (p handoverPayload) JSON() []byte {
	b, _ := json.Marshal(p)
	return b
}
