// Package events defines the domain events exchanged through the outbox and
// the watermill router.
package events

import "time"

const (
	TopicTopUpSucceeded          = "billing.topup.succeeded"
	TopicInvoiceIssued           = "billing.invoice.issued"
	TopicCreditNoteIssued        = "billing.credit_note.issued"
	TopicPayoutCompleted         = "billing.payout.completed"
	TopicCampaignBudgetExhausted = "billing.campaign.budget_exhausted"
	TopicAdvertiserClosed        = "billing.advertiser.closed"
	TopicDailySpendCharged       = "billing.spend.daily_charged"
)

type TopUpSucceeded struct {
	TopUpID      string    `json:"topup_id"`
	AdvertiserID string    `json:"advertiser_id"`
	Method       string    `json:"method"`
	AmountMicros int64     `json:"amount_micros"`
	Currency     string    `json:"currency"`
	SucceededAt  time.Time `json:"succeeded_at"`
}

type InvoiceIssued struct {
	InvoiceID    string `json:"invoice_id"`
	Number       string `json:"number"`
	AdvertiserID string `json:"advertiser_id"`
	Period       string `json:"period"`
	TotalMicros  int64  `json:"total_micros"`
	Currency     string `json:"currency"`
}

type CreditNoteIssued struct {
	CreditNoteID string `json:"credit_note_id"`
	InvoiceID    string `json:"invoice_id"`
	AdvertiserID string `json:"advertiser_id"`
	AmountMicros int64  `json:"amount_micros"`
	Currency     string `json:"currency"`
	Reason       string `json:"reason"`
}

type PayoutCompleted struct {
	PayoutID           string    `json:"payout_id"`
	PublisherID        string    `json:"publisher_id"`
	PartnerNetworkID   string    `json:"partner_network_id,omitempty"`
	Period             string    `json:"period,omitempty"`
	AmountMicros       int64     `json:"amount_micros"`
	Currency           string    `json:"currency"`
	ProviderTransferID string    `json:"provider_transfer_id"`
	PaidAt             time.Time `json:"paid_at"`
}

type CampaignBudgetExhausted struct {
	CampaignID   string `json:"campaign_id"`
	AdvertiserID string `json:"advertiser_id"`
	SpentMicros  int64  `json:"spent_micros"`
	BudgetMicros int64  `json:"budget_micros"`
}

type AdvertiserClosed struct {
	AdvertiserID string    `json:"advertiser_id"`
	ClosedAt     time.Time `json:"closed_at"`
}

type DailySpendCharged struct {
	AdvertiserID string `json:"advertiser_id"`
	Day          string `json:"day"` // YYYY-MM-DD
	SpendMicros  int64  `json:"spend_micros"`
	BalanceAfter int64  `json:"balance_after_micros"`
}
