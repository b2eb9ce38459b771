package domain

// Routing keys published on the donations exchange.
const (
	RKDonationSucceeded  = "donation.succeeded"
	RKDonationRefunded   = "donation.refunded"
	RKRecurringChargeDue = "recurring.charge_due"
	RKMatchingRequested  = "matching.claim_requested"
	RKPayoutRequested    = "payout.requested"
	RKAnnualStatement    = "receipt.annual_statement"
	RKDonorChanged       = "crm.donor_changed"
)

// DonationEvent is the payload of donation.* events.
type DonationEvent struct {
	DonationID       string  `json:"donation_id"`
	DonorID          string  `json:"donor_id"`
	CharityID        string  `json:"charity_id"`
	CampaignID       *string `json:"campaign_id,omitempty"`
	FundraiserPageID *string `json:"fundraiser_page_id,omitempty"`
	AmountPence      int64   `json:"amount_pence"`
	Currency         string  `json:"currency"`
	PSPReference     string  `json:"psp_reference"`
	GiftAid          bool    `json:"gift_aid"`
}

// RefundEvent is the payload of donation.refunded.
type RefundEvent struct {
	DonationID   string `json:"donation_id"`
	CharityID    string `json:"charity_id"`
	AmountPence  int64  `json:"amount_pence"`
	PSPReference string `json:"psp_reference"`
}

// ChargeDueEvent is the payload of recurring.charge_due.
type ChargeDueEvent struct {
	PlanID string `json:"plan_id"`
	Period string `json:"period"`
}

// MatchingRequestedEvent is the payload of matching.claim_requested.
type MatchingRequestedEvent struct {
	ClaimID string `json:"claim_id"`
}

// PayoutRequestedEvent is the payload of payout.requested.
type PayoutRequestedEvent struct {
	PayoutID string `json:"payout_id"`
}

// AnnualStatementEvent asks for a donor's tax-year giving statement.
type AnnualStatementEvent struct {
	DonorID string `json:"donor_id"`
	TaxYear string `json:"tax_year"`
}

// DonorChangedEvent is emitted when donor details change.
type DonorChangedEvent struct {
	DonorID string `json:"donor_id"`
}
