// Package domain holds the persistent entities shared across modules.
package domain

import "time"

// OrderStatus is the lifecycle state of a delivery order.
type OrderStatus string

const (
	OrderPending   OrderStatus = "pending"
	OrderAssigned  OrderStatus = "assigned"
	OrderPickedUp  OrderStatus = "picked_up"
	OrderDelivered OrderStatus = "delivered"
	OrderFailed    OrderStatus = "failed"
	OrderReturned  OrderStatus = "returning"
	OrderHandedOff OrderStatus = "handed_off"
	OrderCancelled OrderStatus = "cancelled"
)

// Cancellable reports whether an order in status s may still be cancelled.
func (s OrderStatus) Cancellable() bool {
	switch s {
	case OrderPending, OrderAssigned:
		return true
	}
	return false
}

// Merchant is a shop that sends deliveries through Quaymile.
type Merchant struct {
	ID              string `gorm:"primaryKey"`
	Name            string
	StripeAccountID string
	WebhookURL      string
	WebhookSecret   string
	CODBalanceCents int64 `gorm:"column:cod_balance_cents"`
	Currency        string
	CreatedAt       time.Time
}

// Courier is a rider or driver using the courier app.
type Courier struct {
	ID        string `gorm:"primaryKey"`
	Name      string
	Phone     string
	PushToken string
	HubID     string
	Status    string
	CreatedAt time.Time
}

// Order is a merchant's delivery order.
type Order struct {
	ID             string `gorm:"primaryKey"`
	MerchantID     string
	ExternalRef    string
	RecipientName  string
	RecipientPhone string
	PickupAddress  string
	DropoffAddress string
	CODAmountCents int64 `gorm:"column:cod_amount_cents"`
	Currency       string
	Status         OrderStatus
	CourierID      *string
	ReassignCount  int
	FailedAttempts int
	DeliveredAt    *time.Time
	CancelledAt    *time.Time
	CancelReason   string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// OrderEvent is an append-only audit record for an order.
type OrderEvent struct {
	ID        int64 `gorm:"primaryKey;autoIncrement"`
	OrderID   string
	Type      string
	Payload   []byte `gorm:"type:jsonb"`
	CreatedAt time.Time
}

// CourierAssignment links an order to a courier for a period of time.
type CourierAssignment struct {
	ID         string `gorm:"primaryKey"`
	OrderID    string
	CourierID  string
	Status     string
	Reason     string
	AssignedBy string
	AssignedAt time.Time
	ReleasedAt *time.Time
}

// PODEvent is a proof-of-delivery event reported by the courier app.
type PODEvent struct {
	EventID       string `gorm:"primaryKey"`
	OrderID       string
	CourierID     string
	Kind          string
	PhotoURL      string
	SignatureURL  string
	RecipientName string
	FailureReason string
	Lat           float64
	Lng           float64
	OccurredAt    time.Time
	ReceivedAt    time.Time
}

// TableName pins the table name.
func (PODEvent) TableName() string { return "pod_events" }

// DeliveryAttempt records one failed attempt to hand a parcel over.
type DeliveryAttempt struct {
	ID          string `gorm:"primaryKey"`
	OrderID     string
	CourierID   string
	Reason      string
	AttemptedAt time.Time
}

// OutboxMessage is a row in the transactional outbox.
type OutboxMessage struct {
	ID          string `gorm:"primaryKey"`
	Topic       string
	Key         string
	Payload     []byte `gorm:"type:jsonb"`
	CreatedAt   time.Time
	PublishedAt *time.Time
}

// TableName pins the table name.
func (OutboxMessage) TableName() string { return "outbox" }

// CODObligation is the cash a courier must collect for a delivered order.
type CODObligation struct {
	OrderID     string `gorm:"primaryKey"`
	CourierID   string
	MerchantID  string
	AmountCents int64
	Currency    string
	Status      string
	CreatedAt   time.Time
}

// TableName pins the table name.
func (CODObligation) TableName() string { return "cod_obligations" }

// CODCollection is cash actually taken from a recipient. A recipient may pay
// in more than one part, so several collections can exist per order.
type CODCollection struct {
	ID           string `gorm:"primaryKey"`
	OrderID      string
	CourierID    string
	MerchantID   string
	AmountCents  int64
	Currency     string
	Method       string
	Status       string
	SettlementID *string
	CollectedAt  time.Time
}

// TableName pins the table name.
func (CODCollection) TableName() string { return "cod_collections" }

// CourierCashBalance is the cash a courier is currently holding.
type CourierCashBalance struct {
	CourierID    string `gorm:"primaryKey"`
	BalanceCents int64
	UpdatedAt    time.Time
}

// CODRemittance is cash handed in by a courier at a hub.
type CODRemittance struct {
	ID          string `gorm:"primaryKey"`
	CourierID   string
	HubID       string
	AmountCents int64
	Currency    string
	ReceivedBy  string
	CreatedAt   time.Time
}

// TableName pins the table name.
func (CODRemittance) TableName() string { return "cod_remittances" }

// CODLedgerEntry is an adjustment to a merchant's COD balance.
type CODLedgerEntry struct {
	ID          int64 `gorm:"primaryKey;autoIncrement"`
	MerchantID  string
	AmountCents int64
	Reason      string
	SourceRef   string
	CreatedAt   time.Time
}

// TableName pins the table name.
func (CODLedgerEntry) TableName() string { return "cod_ledger_entries" }

// Payout is money sent to a merchant's connected Stripe account.
type Payout struct {
	ID               string `gorm:"primaryKey"`
	MerchantID       string
	Kind             string
	Reference        *string
	SettlementID     *string
	AmountCents      int64
	Currency         string
	Status           string
	StripeTransferID string
	FailureMessage   string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// InstantPayoutRequest is a merchant's request to be paid out immediately
// from their connected account balance.
type InstantPayoutRequest struct {
	ID             string `gorm:"primaryKey"`
	MerchantID     string
	AmountCents    int64
	Currency       string
	Status         string
	StripePayoutID string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// CarrierHandoff is a decision to hand an order to a third-party carrier.
type CarrierHandoff struct {
	ID           string `gorm:"primaryKey"`
	OrderID      string
	Carrier      string
	ServiceLevel string
	Status       string
	CreatedAt    time.Time
}

// CarrierBooking tracks the booking made with the carrier for a handoff.
type CarrierBooking struct {
	HandoffID   string `gorm:"primaryKey"`
	BookingRef  string
	LabelURL    string
	Status      string
	RequestedAt time.Time
	BookedAt    *time.Time
}

// CarrierPickup is a pickup scheduled with the carrier.
type CarrierPickup struct {
	ID          string `gorm:"primaryKey"`
	HandoffID   string
	WindowStart time.Time
	WindowEnd   time.Time
	Status      string
	CreatedAt   time.Time
}

// Notification is a message sent (or to be sent) to a person.
type Notification struct {
	ID          string `gorm:"primaryKey"`
	DedupKey    string
	Channel     string
	Recipient   string
	Template    string
	Status      string
	ProviderRef string
	CreatedAt   time.Time
	SentAt      *time.Time
}

// CourierLocation is the last known location of a courier.
type CourierLocation struct {
	CourierID  string `gorm:"primaryKey"`
	Lat        float64
	Lng        float64
	Heading    float64
	RecordedAt time.Time
}

// WebhookEvent is an event queued for delivery to a merchant endpoint.
type WebhookEvent struct {
	ID          string `gorm:"primaryKey"`
	MerchantID  string
	Type        string
	Payload     []byte `gorm:"type:jsonb"`
	Status      string
	Attempts    int
	CreatedAt   time.Time
	DeliveredAt *time.Time
}

// WebhookAttempt is an append-only log of delivery attempts.
type WebhookAttempt struct {
	ID          string `gorm:"primaryKey"`
	EventID     string
	StatusCode  int
	Error       string
	DurationMs  int64
	AttemptedAt time.Time
}

// SettlementStatement summarises one merchant settlement.
type SettlementStatement struct {
	SettlementID    string `gorm:"primaryKey"`
	MerchantID      string
	PeriodDate      string
	CollectionCount int
	GrossCents      int64
	FeeCents        int64
	NetCents        int64
	Currency        string
	CreatedAt       time.Time
}
