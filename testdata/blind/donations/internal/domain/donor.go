// Package domain holds the persistent models shared by services and repositories.
package domain

import (
	"time"

	"github.com/uptrace/bun"
)

// Donor is a person who gives through the platform.
type Donor struct {
	bun.BaseModel `bun:"table:donors,alias:dn"`

	ID             string    `bun:"id,pk,type:uuid" json:"id"`
	Email          string    `bun:"email,notnull" json:"email"`
	FirstName      string    `bun:"first_name,notnull" json:"first_name"`
	LastName       string    `bun:"last_name,notnull" json:"last_name"`
	AddressLine1   string    `bun:"address_line1" json:"address_line1,omitempty"`
	Postcode       string    `bun:"postcode" json:"postcode,omitempty"`
	CRMContactID   *string   `bun:"crm_contact_id" json:"crm_contact_id,omitempty"`
	EmailStatus    string    `bun:"email_status,notnull,default:'ok'" json:"email_status"`
	MarketingOptIn bool      `bun:"marketing_opt_in,notnull" json:"marketing_opt_in"`
	ContactByPost  bool      `bun:"contact_by_post,notnull" json:"contact_by_post"`
	CreatedAt      time.Time `bun:"created_at,notnull,default:current_timestamp" json:"created_at"`
	UpdatedAt      time.Time `bun:"updated_at,notnull,default:current_timestamp" json:"updated_at"`
}

// FullName is the donor's display name.
func (d *Donor) FullName() string { return d.FirstName + " " + d.LastName }

// Charity is a registered charity that receives funds.
type Charity struct {
	bun.BaseModel `bun:"table:charities,alias:ch"`

	ID                 string    `bun:"id,pk,type:uuid" json:"id"`
	Name               string    `bun:"name,notnull" json:"name"`
	RegistrationNumber string    `bun:"registration_number,notnull" json:"registration_number"`
	WebhookURL         *string   `bun:"webhook_url" json:"-"`
	WebhookSecret      *string   `bun:"webhook_secret" json:"-"`
	BankAccountName    string    `bun:"bank_account_name" json:"-"`
	SortCode           string    `bun:"sort_code" json:"-"`
	AccountNumber      string    `bun:"account_number" json:"-"`
	CreatedAt          time.Time `bun:"created_at,notnull,default:current_timestamp" json:"created_at"`
}

// CharityBalance tracks funds held on behalf of a charity.
type CharityBalance struct {
	bun.BaseModel `bun:"table:charity_balances,alias:cb"`

	CharityID         string    `bun:"charity_id,pk,type:uuid"`
	AvailablePence    int64     `bun:"available_pence,notnull"`
	ReservedPence     int64     `bun:"reserved_pence,notnull"`
	PaidOutPence      int64     `bun:"paid_out_pence,notnull"`
	PendingMatchPence int64     `bun:"pending_match_pence,notnull"`
	UpdatedAt         time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}
