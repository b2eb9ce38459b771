// Package domain holds the marketplace's persistent entities and the
// vocabulary shared by services, repositories and transports.
package domain

import "time"

type ListingStatus string

const (
	ListingActive    ListingStatus = "active"
	ListingReserved  ListingStatus = "reserved"
	ListingSold      ListingStatus = "sold"
	ListingCancelled ListingStatus = "cancelled"
)

type OrderStatus string

const (
	OrderPendingPayment OrderStatus = "pending_payment"
	OrderPaid           OrderStatus = "paid"
	OrderDelivered      OrderStatus = "delivered"
	OrderRefundPending  OrderStatus = "refund_pending"
	OrderRefunded       OrderStatus = "refunded"
	OrderDisputed       OrderStatus = "disputed"
)

type User struct {
	ID               string `gorm:"primaryKey"`
	Email            string
	Phone            string
	DisplayName      string
	PaystreamAccount string
	DebitCardToken   string
	CreatedAt        time.Time
}

type Event struct {
	ID              string `gorm:"primaryKey"`
	PromoterEventID string
	Name            string
	Venue           string
	StartsAt        time.Time
	Status          string
	CompletedAt     *time.Time
	SettledAt       *time.Time
}

type Listing struct {
	ID         string        `gorm:"primaryKey" json:"id"`
	SellerID   string        `json:"seller_id"`
	EventID    string        `json:"event_id"`
	Section    string        `json:"section"`
	Row        string        `json:"row"`
	Seats      []string      `gorm:"serializer:json" json:"seats"`
	Barcodes   []string      `gorm:"serializer:json" json:"-"`
	PriceCents int64         `json:"price_cents"`
	Currency   string        `json:"currency"`
	Status     ListingStatus `json:"status"`
	CreatedAt  time.Time     `json:"created_at"`
	UpdatedAt  time.Time     `json:"-"`
}

type Order struct {
	ID                string      `gorm:"primaryKey" json:"id"`
	ListingID         string      `json:"listing_id"`
	BuyerID           string      `json:"-"`
	EventID           string      `json:"event_id"`
	ClientKey         string      `json:"-"`
	AmountCents       int64       `json:"amount_cents"`
	FeeCents          int64       `json:"fee_cents"`
	Currency          string      `json:"currency"`
	Status            OrderStatus `json:"status"`
	ChargeID          *string     `json:"-"`
	SettlementBatchID *string     `json:"-"`
	ReceiptSentAt     *time.Time  `json:"-"`
	CreatedAt         time.Time   `json:"created_at"`
	UpdatedAt         time.Time   `json:"-"`
}

// SellerProceeds is what the seller is owed once the platform fee is taken.
func (o Order) SellerProceeds() int64 { return o.AmountCents - o.FeeCents }

type EscrowHold struct {
	ID          string `gorm:"primaryKey"`
	OrderID     string
	SellerID    string
	AmountCents int64
	Status      string
	CreatedAt   time.Time
	ReleasedAt  *time.Time
}

type SellerBalance struct {
	SellerID       string `gorm:"primaryKey"`
	PendingCents   int64
	AvailableCents int64
	UpdatedAt      time.Time
}

type LedgerEntry struct {
	ID          string `gorm:"primaryKey"`
	SellerID    string
	OrderID     *string
	Kind        string
	AmountCents int64
	CreatedAt   time.Time
}

type TicketTransfer struct {
	ID                 string `gorm:"primaryKey"`
	OrderID            string
	PromoterTransferID *string
	Status             string
	FailureCount       int
	TransferredAt      *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

type TransferAttempt struct {
	ID          string `gorm:"primaryKey"`
	TransferID  string
	AttemptedAt time.Time
	Outcome     string
	Detail      string
}

type Payout struct {
	ID          string `gorm:"primaryKey"`
	OrderID     string
	SellerID    string
	AmountCents int64
	Currency    string
	Status      string
	ProviderRef *string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

type Cashout struct {
	ID          string    `gorm:"primaryKey" json:"id"`
	SellerID    string    `json:"-"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	ProviderRef string    `json:"-"`
	CreatedAt   time.Time `json:"created_at"`
}

type Refund struct {
	ID               string `gorm:"primaryKey"`
	OrderID          string
	AmountCents      int64
	ProviderRefundID *string
	Status           string
	CreatedAt        time.Time
}

type Dispute struct {
	ID        string    `gorm:"primaryKey" json:"id"`
	OrderID   string    `json:"order_id"`
	OpenedBy  string    `json:"-"`
	Reason    string    `json:"reason"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

type SettlementBatch struct {
	ID         string `gorm:"primaryKey"`
	EventID    string
	OrderCount int
	GrossCents int64
	FeeCents   int64
	CreatedAt  time.Time
}

type OutboxTask struct {
	ID           string `gorm:"primaryKey"`
	TaskType     string
	Payload      []byte
	CreatedAt    time.Time
	DispatchedAt *time.Time
}
