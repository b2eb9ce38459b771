// Package model holds the gorm row types. Table names match db/migrations.
package model

import (
	"time"

	"github.com/google/uuid"
)

// Quote statuses.
const (
	QuoteOffered  = "offered"
	QuoteAccepted = "accepted"
	QuoteExpired  = "expired"
	QuoteCanceled = "canceled"
)

// Trade-in statuses, in pipeline order.
const (
	TradeInAwaitingLabel  = "awaiting_label"
	TradeInLabelIssued    = "label_issued"
	TradeInInTransit      = "in_transit"
	TradeInDelivered      = "delivered"
	TradeInReceived       = "received"
	TradeInGraded         = "graded"
	TradeInOfferPending   = "offer_pending"
	TradeInOfferFinal     = "offer_final"
	TradeInReturning      = "returning"
	TradeInPayoutPending  = "payout_pending"
	TradeInPaid           = "paid"
	TradeInCredited       = "credited"
	TradeInAwaitingCredit = "awaiting_credit"
)

// Payout preferences chosen at quote acceptance.
const (
	PreferBankTransfer = "bank_transfer"
	PreferStoreCredit  = "store_credit"
)

// Offer decisions on a revised offer.
const (
	DecisionAccept  = "accept"
	DecisionDecline = "decline"
)

type Customer struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	Email     string
	FullName  string
	Phone     *string
	CreatedAt time.Time
	UpdatedAt time.Time
}

type PayoutMethod struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID          uuid.UUID `gorm:"type:uuid"`
	ProviderRecipientID string
	AccountHolder       string
	BankLast4           string `gorm:"column:bank_last4"`
	AccountFingerprint  string
	Status              string
	IsDefault           bool
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

func (PayoutMethod) TableName() string { return "customer_payout_methods" }

type IdempotencyKey struct {
	Scope       string `gorm:"primaryKey"`
	Key         string `gorm:"primaryKey"`
	RequestHash string
	ResourceID  *string
	StatusCode  *int
	CreatedAt   time.Time
}

type Quote struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID       uuid.UUID `gorm:"type:uuid"`
	DeviceCategory   string
	Manufacturer     string
	Model            string
	StorageGB        int `gorm:"column:storage_gb"`
	ClaimedCondition string
	OfferCents       int64
	Currency         string
	Status           string
	ExpiresAt        time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

type TradeIn struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	QuoteID          uuid.UUID `gorm:"type:uuid"`
	CustomerID       uuid.UUID `gorm:"type:uuid"`
	Status           string
	QuotedCents      int64
	FinalOfferCents  *int64
	Currency         string
	PayoutPreference string
	ReturnAddress    JSON
	OfferDecision    *string
	DecidedAt        *time.Time
	WorkflowID       *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Shipment directions.
const (
	DirectionInbound  = "inbound"
	DirectionReturn   = "return"
	DirectionOutbound = "outbound"
)

type Shipment struct {
	ID             uuid.UUID  `gorm:"type:uuid;primaryKey"`
	TradeInID      *uuid.UUID `gorm:"type:uuid"`
	SalesOrderID   *uuid.UUID `gorm:"type:uuid"`
	Direction      string
	Carrier        string
	CarrierLabelID string
	TrackingNumber string
	LabelURL       string
	PostageCents   int64
	Status         string
	DeliveredAt    *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

type WebhookEvent struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	Provider    string
	EventID     string
	EventType   string
	Payload     JSON
	ReceivedAt  time.Time
	ProcessedAt *time.Time
}

type OutboxMessage struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	Topic       string
	MessageType string
	GroupID     string
	Payload     JSON
	CreatedAt   time.Time
	PublishedAt *time.Time
	Attempts    int
	LastError   *string
}

type ProcessedMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}
