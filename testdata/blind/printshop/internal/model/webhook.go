package model

import (
	"encoding/json"
	"strings"
	"time"
)

const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

const (
	EventOrderReceived   = "order.received"
	EventOrderShipped    = "order.shipped"
	EventOrderDelivered  = "order.delivered"
	EventOrderCancelled  = "order.cancelled"
	EventJobRejected     = "print_job.rejected"
	EventWalletLow       = "wallet.balance_low"
	EventWalletToppedUp  = "wallet.topped_up"
	EventStatementReady  = "statement.ready"
	EventLabelReissued   = "shipment.label_reissued"
	EventReturnLabelMade = "shipment.return_label_created"
)

type WebhookEndpoint struct {
	ID         string `gorm:"primaryKey"`
	MerchantID string
	URL        string `gorm:"column:url"`
	Secret     string
	EventTypes string
	Disabled   bool
	CreatedAt  time.Time
}

func (WebhookEndpoint) TableName() string { return "webhook_endpoints" }

// Accepts reports whether the endpoint subscribed to eventType.
func (e WebhookEndpoint) Accepts(eventType string) bool {
	if e.Disabled {
		return false
	}
	if e.EventTypes == "" || e.EventTypes == "*" {
		return true
	}
	for _, t := range strings.Split(e.EventTypes, ",") {
		if strings.TrimSpace(t) == eventType {
			return true
		}
	}
	return false
}

type WebhookDelivery struct {
	ID         string `gorm:"primaryKey"`
	MerchantID string
	EndpointID string
	EventType  string
	Payload    json.RawMessage `gorm:"type:jsonb"`
	Status     string
	Attempts   int
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (WebhookDelivery) TableName() string { return "webhook_deliveries" }

type WebhookAttempt struct {
	ID          string `gorm:"primaryKey"`
	DeliveryID  string
	StatusCode  int
	Error       string
	DurationMS  int64 `gorm:"column:duration_ms"`
	AttemptedAt time.Time
}

func (WebhookAttempt) TableName() string { return "webhook_attempts" }

type Statement struct {
	ID           string `gorm:"primaryKey"`
	MerchantID   string
	Period       string
	ChargesCents int64
	CreditsCents int64
	OrderCount   int
	CreatedAt    time.Time
}

func (Statement) TableName() string { return "statements" }
