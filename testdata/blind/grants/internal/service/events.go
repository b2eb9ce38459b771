package service

import "time"

// SQS event_type values on the events FIFO queue.
const (
	EventDonationRecorded = "donation.recorded"
	EventInstallmentDue   = "pledge.installment_due"
	EventReceiptRequested = "receipt.requested"
	EventPayoutSettled    = "payout.settled"
	EventMatchRequested   = "matching.apply"
	EventDonorMerge       = "donor.merge"
)

// PaymentEvent is the provider-neutral view of a Stripe webhook event.
type PaymentEvent struct {
	ID          string
	Type        string
	IntentID    string
	AmountCents int64
	Currency    string
}

// DonationRecorded is emitted once a donation has succeeded.
type DonationRecorded struct {
	DonationID  string `json:"donation_id"`
	DonorID     string `json:"donor_id"`
	CampaignID  string `json:"campaign_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

// InstallmentDue is emitted by the pledge scheduler.
type InstallmentDue struct {
	PledgeID string `json:"pledge_id"`
	Period   string `json:"period"` // e.g. 2025-03
}

// ReceiptRequested asks for an annual tax receipt e-mail.
type ReceiptRequested struct {
	DonorID     string    `json:"donor_id"`
	TaxYear     int       `json:"tax_year"`
	RequestedAt time.Time `json:"requested_at"`
}

// PayoutSettled is emitted by the bank statement reconciliation job.
type PayoutSettled struct {
	PayoutID  string    `json:"payout_id"`
	SettledAt time.Time `json:"settled_at"`
}

// MatchRequested asks the matching engine to match a donation.
type MatchRequested struct {
	DonationID  string `json:"donation_id"`
	CampaignID  string `json:"campaign_id"`
	AmountCents int64  `json:"amount_cents"`
}

// DonorMergeRequested is emitted by the CRM when duplicates are resolved.
type DonorMergeRequested struct {
	SourceDonorID string `json:"source_donor_id"`
	TargetDonorID string `json:"target_donor_id"`
}

// DonationSucceeded arrives on Pub/Sub from the CRM after enrichment.
type DonationSucceeded struct {
	DonationID  string `json:"donation_id"`
	DonorEmail  string `json:"donor_email"`
	DonorName   string `json:"donor_name"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

// GrantStatusChanged arrives on Pub/Sub from the grants admin app.
type GrantStatusChanged struct {
	GrantID    string    `json:"grant_id"`
	OrgID      string    `json:"org_id"`
	Status     string    `json:"status"`
	OccurredAt time.Time `json:"occurred_at"`
}

// OfflineGift arrives on Pub/Sub from the finance system (cheques, cash).
type OfflineGift struct {
	CampaignID  string `json:"campaign_id"`
	AmountCents int64  `json:"amount_cents"`
	BatchRef    string `json:"batch_ref"`
}

// BankEvent is a bank partner webhook.
type BankEvent struct {
	ID         string `json:"id"`
	Type       string `json:"type"`
	TransferID string `json:"transfer_id"`
	Reason     string `json:"reason,omitempty"`
}

// EmailBounce is one entry of the e-mail provider's event webhook.
type EmailBounce struct {
	Email  string
	Reason string
	Raw    []byte
}
