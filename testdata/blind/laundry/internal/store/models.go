package store

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

type Customer struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	Phone               string
	Email               *string
	Name                string
	PushToken           *string
	ProcessorCustomerID *string
	DefaultCardToken    *string
	ReferredBy          *uuid.UUID `gorm:"type:uuid"`
	LifetimeSpendCents  int64
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

type Address struct {
	CustomerID uuid.UUID `gorm:"type:uuid;primaryKey"`
	Label      string    `gorm:"primaryKey"`
	Line1      string
	Line2      *string
	City       string
	Postcode   string
	Lat        *float64
	Lng        *float64
	AccessNote *string
	UpdatedAt  time.Time
}

type OrderStatus string

const (
	OrderPlaced       OrderStatus = "placed"
	OrderAuthorized   OrderStatus = "authorized"
	OrderPickupBooked OrderStatus = "pickup_booked"
	OrderPickedUp     OrderStatus = "picked_up"
	OrderAtPlant      OrderStatus = "at_plant"
	OrderReady        OrderStatus = "ready"
	OrderOutForDeliv  OrderStatus = "out_for_delivery"
	OrderDelivered    OrderStatus = "delivered"
	OrderPaid         OrderStatus = "paid"
	OrderCancelled    OrderStatus = "cancelled"
)

type Order struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID          uuid.UUID `gorm:"type:uuid"`
	Status              OrderStatus
	ServiceType         string
	Express             bool
	AddressLabel        string
	PickupFrom          time.Time
	PickupTo            time.Time
	DeliveryFrom        *time.Time
	DeliveryTo          *time.Time
	EstimatedCents      int64
	TotalCents          int64
	CreditsAppliedCents int64
	BagsCount           int
	Notes               *string
	ReminderSentAt      *time.Time
	CancelledAt         *time.Time
	DeliveredAt         *time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time

	Items []OrderItem `gorm:"foreignKey:OrderID"`
}

type OrderItem struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	OrderID        uuid.UUID `gorm:"type:uuid"`
	GarmentType    string
	Quantity       int
	UnitPriceCents int64
	Instructions   *string
	CreatedAt      time.Time
}

type IdempotencyKey struct {
	CustomerID   uuid.UUID `gorm:"type:uuid;primaryKey"`
	Scope        string    `gorm:"primaryKey"`
	Key          string    `gorm:"primaryKey"`
	RequestHash  string
	ResourceID   *string
	StatusCode   *int
	ResponseBody []byte
	CreatedAt    time.Time
}

type Referral struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	ReferrerID  uuid.UUID `gorm:"type:uuid"`
	RefereeID   uuid.UUID `gorm:"type:uuid"`
	BonusCents  int64
	QualifiedAt *time.Time
	CreatedAt   time.Time
}

type PaymentKind string

const (
	PaymentPreauth         PaymentKind = "preauth"
	PaymentTip             PaymentKind = "tip"
	PaymentCancellationFee PaymentKind = "cancellation_fee"
	PaymentExpressFee      PaymentKind = "express_fee"
)

type PaymentStatus string

const (
	PaymentPending    PaymentStatus = "pending"
	PaymentAuthorized PaymentStatus = "authorized"
	PaymentCaptured   PaymentStatus = "captured"
	PaymentFailed     PaymentStatus = "failed"
	PaymentVoided     PaymentStatus = "voided"
	PaymentRefunded   PaymentStatus = "refunded"
)

type Payment struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	OrderID            uuid.UUID `gorm:"type:uuid"`
	Kind               PaymentKind
	OpID               string
	ProcessorPaymentID *string
	AmountCents        int64
	CapturedCents      int64
	RefundedCents      int64
	Currency           string
	Status             PaymentStatus
	CaptureOpID        *string
	CaptureAttempts    int
	LastError          *string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

type Refund struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	ProcessorRefundID string
	PaymentID         uuid.UUID `gorm:"type:uuid"`
	AmountCents       int64
	Reason            *string
	CreatedAt         time.Time
}

type OutboxEvent struct {
	EventID     string `gorm:"primaryKey"`
	Topic       string
	EventKey    string
	EventType   string
	Payload     json.RawMessage `gorm:"type:jsonb"`
	CreatedAt   time.Time
	PublishedAt *time.Time
}

func (OutboxEvent) TableName() string { return "outbox" }

type CourierBooking struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	OrderID          uuid.UUID `gorm:"type:uuid"`
	Leg              string
	Reference        string
	PartnerBookingID *string
	Status           string
	WindowFrom       time.Time
	WindowTo         time.Time
	DriverName       *string
	DriverID         *string
	TrackingURL      *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

type DriverTip struct {
	OrderID     uuid.UUID `gorm:"type:uuid;primaryKey"`
	DriverID    string
	AmountCents int64
	PaidOutAt   *time.Time
	PayoutRef   *string
	CreatedAt   time.Time
}

type PlantIntake struct {
	OrderID      uuid.UUID `gorm:"type:uuid;primaryKey"`
	PlantCode    string
	ExpectedBags int
	ReceivedAt   *time.Time
	CreatedAt    time.Time
}

type Garment struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	TagCode     string
	OrderID     uuid.UUID `gorm:"type:uuid"`
	GarmentType string
	Color       *string
	Brand       *string
	Stage       string
	LastScanAt  *time.Time
	CreatedAt   time.Time
}

type GarmentScan struct {
	ScanID    string    `gorm:"primaryKey"`
	GarmentID uuid.UUID `gorm:"type:uuid"`
	Station   string
	Stage     string
	Operator  *string
	ScannedAt time.Time
}

type DamageReport struct {
	ID          string    `gorm:"primaryKey"`
	GarmentID   uuid.UUID `gorm:"type:uuid"`
	OrderID     uuid.UUID `gorm:"type:uuid"`
	Kind        string
	Severity    string
	Notes       *string
	PhotoURL    *string
	Station     string
	ReportedAt  time.Time
	CreditCents int64
	CreatedAt   time.Time
}

type Notification struct {
	OrderID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	Kind              string    `gorm:"primaryKey"`
	Channel           string
	ProviderMessageID *string
	SentAt            time.Time
}

type ProcessedEvent struct {
	Consumer    string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	ProcessedAt time.Time
}
