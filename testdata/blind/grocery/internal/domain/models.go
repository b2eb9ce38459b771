// Package domain holds the persistent models and the small amount of
// behaviour that belongs to them.
package domain

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

type PartnerStore struct {
	bun.BaseModel `bun:"table:partner_stores,alias:ps"`

	ID        string    `bun:"id,pk"`
	PartnerID string    `bun:"partner_id,notnull"`
	Name      string    `bun:"name,notnull"`
	Timezone  string    `bun:"timezone,notnull"`
	Active    bool      `bun:"active,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type StockLevel struct {
	bun.BaseModel `bun:"table:stock_levels,alias:sl"`

	StoreID        string    `bun:"store_id,pk"`
	SKU            string    `bun:"sku,pk"`
	Name           string    `bun:"name,notnull"`
	UnitPricePence int64     `bun:"unit_price_pence,notnull"`
	Quantity       int       `bun:"quantity,notnull"`
	Substitutable  bool      `bun:"substitutable,notnull"`
	FeedSeq        int64     `bun:"feed_seq,notnull"`
	UpdatedAt      time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type PartnerFeedCursor struct {
	bun.BaseModel `bun:"table:partner_feed_cursors,alias:pfc"`

	PartnerID string    `bun:"partner_id,pk"`
	LastSeq   int64     `bun:"last_seq,notnull"`
	UpdatedAt time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type Basket struct {
	bun.BaseModel `bun:"table:baskets,alias:b"`

	ID         uuid.UUID     `bun:"id,pk,type:uuid"`
	CustomerID uuid.UUID     `bun:"customer_id,type:uuid,notnull"`
	StoreID    string        `bun:"store_id,notnull"`
	Status     string        `bun:"status,notnull"`
	Items      []*BasketItem `bun:"rel:has-many,join:id=basket_id"`
	CreatedAt  time.Time     `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt  time.Time     `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type BasketItem struct {
	bun.BaseModel `bun:"table:basket_items,alias:bi"`

	BasketID        uuid.UUID `bun:"basket_id,pk,type:uuid"`
	SKU             string    `bun:"sku,pk"`
	Quantity        int       `bun:"quantity,notnull"`
	AllowSubstitute bool      `bun:"allow_substitute,notnull"`
	UpdatedAt       time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type DeliverySlot struct {
	bun.BaseModel `bun:"table:delivery_slots,alias:ds"`

	ID        uuid.UUID `bun:"id,pk,type:uuid"`
	StoreID   string    `bun:"store_id,notnull"`
	StartsAt  time.Time `bun:"starts_at,notnull"`
	EndsAt    time.Time `bun:"ends_at,notnull"`
	Capacity  int       `bun:"capacity,notnull"`
	Reserved  int       `bun:"reserved,notnull"`
	FeePence  int64     `bun:"fee_pence,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

func (s *DeliverySlot) Full() bool { return s.Reserved >= s.Capacity }

type SlotReservation struct {
	bun.BaseModel `bun:"table:slot_reservations,alias:sr"`

	ID        uuid.UUID  `bun:"id,pk,type:uuid"`
	SlotID    uuid.UUID  `bun:"slot_id,type:uuid,notnull"`
	BasketID  uuid.UUID  `bun:"basket_id,type:uuid,notnull"`
	OrderID   *uuid.UUID `bun:"order_id,type:uuid"`
	Status    string     `bun:"status,notnull"`
	ExpiresAt time.Time  `bun:"expires_at,notnull"`
	CreatedAt time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt time.Time  `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type Order struct {
	bun.BaseModel `bun:"table:orders,alias:o"`

	ID                   uuid.UUID    `bun:"id,pk,type:uuid"`
	BasketID             uuid.UUID    `bun:"basket_id,type:uuid,notnull"`
	CustomerID           uuid.UUID    `bun:"customer_id,type:uuid,notnull"`
	CustomerPhone        string       `bun:"customer_phone,notnull"`
	StoreID              string       `bun:"store_id,notnull"`
	Status               OrderStatus  `bun:"status,notnull"`
	SlotID               *uuid.UUID   `bun:"slot_id,type:uuid"`
	SlotReservationID    *uuid.UUID   `bun:"slot_reservation_id,type:uuid"`
	SubtotalPence        int64        `bun:"subtotal_pence,notnull"`
	DeliveryFeePence     int64        `bun:"delivery_fee_pence,notnull"`
	LoyaltyDiscountPence int64        `bun:"loyalty_discount_pence,notnull"`
	TotalPence           int64        `bun:"total_pence,notnull"`
	FinalTotalPence      *int64       `bun:"final_total_pence"`
	DeliveryInstructions string       `bun:"delivery_instructions,notnull"`
	PartnerPicklistRef   *string      `bun:"partner_picklist_ref"`
	PickedAt             *time.Time   `bun:"picked_at"`
	DeliveredAt          *time.Time   `bun:"delivered_at"`
	CancelledAt          *time.Time   `bun:"cancelled_at"`
	CancelReason         *string      `bun:"cancel_reason"`
	Lines                []*OrderLine `bun:"rel:has-many,join:id=order_id"`
	CreatedAt            time.Time    `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt            time.Time    `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type OrderLine struct {
	bun.BaseModel `bun:"table:order_lines,alias:ol"`

	ID              uuid.UUID `bun:"id,pk,type:uuid"`
	OrderID         uuid.UUID `bun:"order_id,type:uuid,notnull"`
	SKU             string    `bun:"sku,notnull"`
	Name            string    `bun:"name,notnull"`
	Quantity        int       `bun:"quantity,notnull"`
	UnitPricePence  int64     `bun:"unit_price_pence,notnull"`
	AllowSubstitute bool      `bun:"allow_substitute,notnull"`
	Status          string    `bun:"status,notnull"`
	CreatedAt       time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

func (l *OrderLine) TotalPence() int64 { return int64(l.Quantity) * l.UnitPricePence }

type IdempotencyKey struct {
	bun.BaseModel `bun:"table:idempotency_keys,alias:ik"`

	Scope          string          `bun:"scope,pk"`
	Key            string          `bun:"key,pk"`
	RequestHash    string          `bun:"request_hash,notnull"`
	ResourceID     *string         `bun:"resource_id"`
	ResponseStatus *int            `bun:"response_status"`
	ResponseBody   json.RawMessage `bun:"response_body,type:jsonb"`
	CreatedAt      time.Time       `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	CompletedAt    *time.Time      `bun:"completed_at"`
}

type PaymentAuthorisation struct {
	bun.BaseModel `bun:"table:payment_authorisations,alias:pa"`

	ID              string        `bun:"id,pk"`
	OrderID         uuid.UUID     `bun:"order_id,type:uuid,notnull"`
	ProcessorRef    *string       `bun:"processor_ref"`
	Currency        string        `bun:"currency,notnull"`
	AmountPence     int64         `bun:"amount_pence,notnull"`
	AuthorisedPence int64         `bun:"authorised_pence,notnull"`
	CapturedPence   int64         `bun:"captured_pence,notnull"`
	Status          PaymentStatus `bun:"status,notnull"`
	DeclineCode     *string       `bun:"decline_code"`
	CardToken       string        `bun:"card_token,notnull"`
	CreatedAt       time.Time     `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt       time.Time     `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

// Ref returns the processor reference, or "" if the authorisation has not
// been acknowledged by the processor yet.
func (p *PaymentAuthorisation) Ref() string {
	if p.ProcessorRef == nil {
		return ""
	}
	return *p.ProcessorRef
}

type PaymentAttempt struct {
	bun.BaseModel `bun:"table:payment_attempts,alias:pat"`

	ID              string    `bun:"id,pk"`
	AuthorisationID string    `bun:"authorisation_id,notnull"`
	Operation       string    `bun:"operation,notnull"`
	IdempotencyKey  string    `bun:"idempotency_key"`
	HTTPStatus      int       `bun:"http_status"`
	Outcome         string    `bun:"outcome,notnull"`
	Detail          string    `bun:"detail"`
	CreatedAt       time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type WebhookEvent struct {
	bun.BaseModel `bun:"table:webhook_events,alias:we"`

	Provider   string    `bun:"provider,pk"`
	EventID    string    `bun:"event_id,pk"`
	EventType  string    `bun:"event_type,notnull"`
	ReceivedAt time.Time `bun:"received_at,nullzero,notnull,default:current_timestamp"`
}

type PickSession struct {
	bun.BaseModel `bun:"table:pick_sessions,alias:pks"`

	ID        uuid.UUID `bun:"id,pk,type:uuid"`
	OrderID   uuid.UUID `bun:"order_id,type:uuid,notnull"`
	PickerID  string    `bun:"picker_id,notnull"`
	StartedAt time.Time `bun:"started_at,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type PickedItem struct {
	bun.BaseModel `bun:"table:picked_items,alias:pi"`

	OrderID   uuid.UUID `bun:"order_id,pk,type:uuid"`
	LineID    uuid.UUID `bun:"line_id,pk,type:uuid"`
	PickedQty int       `bun:"picked_qty,notnull"`
	ScannedAt time.Time `bun:"scanned_at,notnull"`
	UpdatedAt time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type Substitution struct {
	bun.BaseModel `bun:"table:substitutions,alias:sub"`

	ID              uuid.UUID  `bun:"id,pk,type:uuid"`
	EventID         string     `bun:"event_id,notnull"`
	OrderID         uuid.UUID  `bun:"order_id,type:uuid,notnull"`
	LineID          uuid.UUID  `bun:"line_id,type:uuid,notnull"`
	OriginalSKU     string     `bun:"original_sku,notnull"`
	SubstituteSKU   string     `bun:"substitute_sku,notnull"`
	SubstituteName  string     `bun:"substitute_name,notnull"`
	Quantity        int        `bun:"quantity,notnull"`
	UnitPricePence  int64      `bun:"unit_price_pence,notnull"`
	PriceDeltaPence int64      `bun:"price_delta_pence,notnull"`
	AuthAdjusted    bool       `bun:"auth_adjusted,notnull"`
	Decision        *string    `bun:"decision"`
	DecidedAt       *time.Time `bun:"decided_at"`
	CreatedAt       time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type Shortage struct {
	bun.BaseModel `bun:"table:shortages,alias:sh"`

	OrderID    uuid.UUID `bun:"order_id,pk,type:uuid"`
	LineID     uuid.UUID `bun:"line_id,pk,type:uuid"`
	MissingQty int       `bun:"missing_qty,notnull"`
	ReportedAt time.Time `bun:"reported_at,notnull"`
}

type Refund struct {
	bun.BaseModel `bun:"table:refunds,alias:r"`

	ID            uuid.UUID    `bun:"id,pk,type:uuid"`
	OrderID       uuid.UUID    `bun:"order_id,type:uuid,notnull"`
	OperationKey  string       `bun:"operation_key,notnull"`
	Reason        string       `bun:"reason,notnull"`
	AmountPence   int64        `bun:"amount_pence,notnull"`
	Status        RefundStatus `bun:"status,notnull"`
	ProcessorRef  *string      `bun:"processor_ref"`
	RequestedBy   string       `bun:"requested_by,notnull"`
	FailureReason *string      `bun:"failure_reason"`
	CreatedAt     time.Time    `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt     time.Time    `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type DriverAssignment struct {
	bun.BaseModel `bun:"table:driver_assignments,alias:da"`

	OrderID    uuid.UUID `bun:"order_id,pk,type:uuid"`
	DriverID   string    `bun:"driver_id,notnull"`
	DriverName string    `bun:"driver_name,notnull"`
	VehicleReg string    `bun:"vehicle_reg,notnull"`
	EventID    string    `bun:"event_id,notnull"`
	AssignedAt time.Time `bun:"assigned_at,notnull"`
	UpdatedAt  time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type DeliveryHandoff struct {
	bun.BaseModel `bun:"table:delivery_handoffs,alias:dh"`

	ID        string    `bun:"id,pk"`
	OrderID   uuid.UUID `bun:"order_id,type:uuid,notnull"`
	DriverID  string    `bun:"driver_id,notnull"`
	StoreID   string    `bun:"store_id,notnull"`
	BagCount  int       `bun:"bag_count,notnull"`
	HandedAt  time.Time `bun:"handed_at,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type DeliveryAttempt struct {
	bun.BaseModel `bun:"table:delivery_attempts,alias:dat"`

	EventID    string    `bun:"event_id,pk"`
	OrderID    uuid.UUID `bun:"order_id,type:uuid,notnull"`
	DriverID   string    `bun:"driver_id,notnull"`
	Outcome    string    `bun:"outcome,notnull"`
	Reason     string    `bun:"reason,notnull"`
	OccurredAt time.Time `bun:"occurred_at,notnull"`
	CreatedAt  time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type ReturnedItem struct {
	bun.BaseModel `bun:"table:returned_items,alias:ri"`

	OrderID    uuid.UUID `bun:"order_id,pk,type:uuid"`
	SKU        string    `bun:"sku,pk"`
	Quantity   int       `bun:"quantity,notnull"`
	ReturnedAt time.Time `bun:"returned_at,notnull"`
}

type NotificationSent struct {
	bun.BaseModel `bun:"table:notifications_sent,alias:ns"`

	DedupeKey string    `bun:"dedupe_key,pk"`
	OrderID   uuid.UUID `bun:"order_id,type:uuid,notnull"`
	Channel   string    `bun:"channel,notnull"`
	Template  string    `bun:"template,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type LoyaltyAccount struct {
	bun.BaseModel `bun:"table:loyalty_accounts,alias:la"`

	CustomerID     uuid.UUID `bun:"customer_id,pk,type:uuid"`
	PointsBalance  int64     `bun:"points_balance,notnull"`
	LifetimePoints int64     `bun:"lifetime_points,notnull"`
	Tier           string    `bun:"tier,notnull"`
	CreatedAt      time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt      time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type LoyaltyLedgerEntry struct {
	bun.BaseModel `bun:"table:loyalty_ledger,alias:ll"`

	ID         uuid.UUID  `bun:"id,pk,type:uuid"`
	CustomerID uuid.UUID  `bun:"customer_id,type:uuid,notnull"`
	OrderID    *uuid.UUID `bun:"order_id,type:uuid"`
	EntryType  string     `bun:"entry_type,notnull"`
	Points     int64      `bun:"points,notnull"`
	Reference  *string    `bun:"reference"`
	Note       string     `bun:"note,notnull"`
	CreatedAt  time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type LoyaltyRedemption struct {
	bun.BaseModel `bun:"table:loyalty_redemptions,alias:lr"`

	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	BasketID      uuid.UUID `bun:"basket_id,type:uuid,notnull"`
	CustomerID    uuid.UUID `bun:"customer_id,type:uuid,notnull"`
	Points        int64     `bun:"points,notnull"`
	DiscountPence int64     `bun:"discount_pence,notnull"`
	Status        string    `bun:"status,notnull"`
	CreatedAt     time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type OutboxEvent struct {
	bun.BaseModel `bun:"table:outbox_events,alias:ob"`

	ID          string          `bun:"id,pk"`
	Subject     string          `bun:"subject,notnull"`
	Payload     json.RawMessage `bun:"payload,type:jsonb,notnull"`
	CreatedAt   time.Time       `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	PublishedAt *time.Time      `bun:"published_at"`
}

type ProcessedMessage struct {
	bun.BaseModel `bun:"table:processed_messages,alias:pm"`

	Consumer    string    `bun:"consumer,pk"`
	MessageID   string    `bun:"message_id,pk"`
	ProcessedAt time.Time `bun:"processed_at,nullzero,notnull,default:current_timestamp"`
}

// HandoffInput is what the store app reports when bags leave the store.
type HandoffInput struct {
	OrderID  uuid.UUID
	DriverID string
	StoreID  string
	BagCount int
	HandedAt time.Time
}
