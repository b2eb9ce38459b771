// Package domain holds the persistent model of the cooperative: growers,
// contracts, scale tickets, storage, advances and settlements.
package domain

import (
	"time"

	"github.com/google/uuid"
)

type GrowerStatus string

const (
	GrowerActive    GrowerStatus = "active"
	GrowerSuspended GrowerStatus = "suspended"
)

type Grower struct {
	ID               int64        `gorm:"primaryKey" json:"id"`
	MemberNo         string       `json:"member_no"`
	LegalName        string       `json:"legal_name"`
	TaxIDLast4       string       `gorm:"column:tax_id_last4" json:"tax_id_last4"`
	Email            string       `json:"email"`
	Phone            string       `json:"phone"`
	SMSOptIn         bool         `gorm:"column:sms_opt_in" json:"sms_opt_in"`
	PortalWebhookURL string       `json:"portal_webhook_url,omitempty"`
	PortalSecret     string       `json:"-"`
	Status           GrowerStatus `json:"status"`
	CreatedAt        time.Time    `json:"created_at"`
	UpdatedAt        time.Time    `json:"updated_at"`
}

func (g *Grower) HasPortal() bool { return g.PortalWebhookURL != "" }

func (g *Grower) CanText() bool { return g.SMSOptIn && g.Phone != "" }

type BankAccount struct {
	ID                     uuid.UUID `gorm:"type:uuid;primaryKey" json:"id"`
	GrowerID               int64     `json:"grower_id"`
	ProviderCounterpartyID string    `json:"provider_counterparty_id"`
	HolderName             string    `json:"holder_name"`
	RoutingLast4           string    `gorm:"column:routing_last4" json:"routing_last4"`
	AccountLast4           string    `gorm:"column:account_last4" json:"account_last4"`
	AccountType            string    `json:"account_type"`
	IsDefault              bool      `json:"is_default"`
	Status                 string    `json:"status"`
	CreatedAt              time.Time `json:"created_at"`
}

func (BankAccount) TableName() string { return "grower_bank_accounts" }

type Elevator struct {
	ID         string `gorm:"primaryKey" json:"id"`
	Name       string `json:"name"`
	County     string `json:"county"`
	State      string `json:"state"`
	ScaleQueue string `json:"-"`
}
