package domain

import (
	"time"

	"github.com/uptrace/bun"
)

// Donation statuses.
const (
	DonationPending    = "pending"
	DonationAuthorised = "authorised"
	DonationSucceeded  = "succeeded"
	DonationFailed     = "failed"
	DonationRefunded   = "refunded"
)

// Donation is a single gift, one-off or an installment of a recurring plan.
type Donation struct {
	bun.BaseModel `bun:"table:donations,alias:d"`

	ID               string    `bun:"id,pk,type:uuid" json:"id"`
	DonorID          string    `bun:"donor_id,type:uuid,notnull" json:"donor_id"`
	CharityID        string    `bun:"charity_id,type:uuid,notnull" json:"charity_id"`
	CampaignID       *string   `bun:"campaign_id,type:uuid" json:"campaign_id,omitempty"`
	FundraiserPageID *string   `bun:"fundraiser_page_id,type:uuid" json:"fundraiser_page_id,omitempty"`
	RecurringPlanID  *string   `bun:"recurring_plan_id" json:"recurring_plan_id,omitempty"`
	AmountPence      int64     `bun:"amount_pence,notnull" json:"amount_pence"`
	Currency         string    `bun:"currency,notnull" json:"currency"`
	Status           string    `bun:"status,notnull" json:"status"`
	PSPReference     *string   `bun:"psp_reference" json:"psp_reference,omitempty"`
	IdempotencyKey   *string   `bun:"idempotency_key" json:"-"`
	GiftAidEligible  bool      `bun:"gift_aid_eligible,notnull" json:"gift_aid_eligible"`
	Anonymous        bool      `bun:"anonymous,notnull" json:"anonymous"`
	Message          string    `bun:"message" json:"message,omitempty"`
	FailureReason    *string   `bun:"failure_reason" json:"failure_reason,omitempty"`
	CreatedAt        time.Time `bun:"created_at,notnull,default:current_timestamp" json:"created_at"`
	UpdatedAt        time.Time `bun:"updated_at,notnull,default:current_timestamp" json:"updated_at"`
}

// IdempotencyRecord is a caller-supplied key claimed for one request.
type IdempotencyRecord struct {
	bun.BaseModel `bun:"table:idempotency_keys,alias:ik"`

	Scope       string    `bun:"scope,pk"`
	Key         string    `bun:"key,pk"`
	RequestHash string    `bun:"request_hash,notnull"`
	ResourceID  string    `bun:"resource_id,notnull"`
	CreatedAt   time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// Refund is a request to return money for a donation.
type Refund struct {
	bun.BaseModel `bun:"table:refunds,alias:rf"`

	ID           string    `bun:"id,pk" json:"id"`
	DonationID   string    `bun:"donation_id,type:uuid,notnull" json:"donation_id"`
	AmountPence  int64     `bun:"amount_pence,notnull" json:"amount_pence"`
	Reason       string    `bun:"reason,notnull" json:"reason"`
	Status       string    `bun:"status,notnull" json:"status"`
	PSPReference *string   `bun:"psp_reference" json:"psp_reference,omitempty"`
	RequestedBy  string    `bun:"requested_by,notnull" json:"requested_by"`
	CreatedAt    time.Time `bun:"created_at,notnull,default:current_timestamp" json:"created_at"`
}

// ProcessorEvent is a webhook notification received from the card processor.
type ProcessorEvent struct {
	bun.BaseModel `bun:"table:processor_events,alias:pe"`

	PSPReference      string    `bun:"psp_reference,pk"`
	EventCode         string    `bun:"event_code,pk"`
	Success           bool      `bun:"success,pk"`
	OriginalReference *string   `bun:"original_reference"`
	MerchantReference string    `bun:"merchant_reference,notnull"`
	AmountMinor       int64     `bun:"amount_minor,notnull"`
	Currency          string    `bun:"currency,notnull"`
	Reason            string    `bun:"reason"`
	ReceivedAt        time.Time `bun:"received_at,notnull,default:current_timestamp"`
}
