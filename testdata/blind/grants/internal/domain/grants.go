package domain

import "time"

// Grant statuses.
const (
	GrantPendingReview = "pending_review"
	GrantApproved      = "approved"
	GrantDisbursing    = "disbursing"
	GrantClosed        = "closed"
	GrantRejected      = "rejected"
)

// Payout statuses.
const (
	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutSettled   = "settled"
	PayoutReturned  = "returned"
	PayoutFailed    = "failed"
)

// Organization is a grantee.
type Organization struct {
	ID             string `db:"id"`
	Name           string `db:"name"`
	CallbackURL    string `db:"callback_url"`
	ContactPhone   string `db:"contact_phone"`
	ContactEmail   string `db:"contact_email"`
	BankAccountRef string `db:"bank_account_ref"`
}

// GrantCycle is an application window.
type GrantCycle struct {
	ID       string    `db:"id"`
	Name     string    `db:"name"`
	OpensAt  time.Time `db:"opens_at"`
	ClosesAt time.Time `db:"closes_at"`
}

// Application is an organisation's request for funding in a cycle.
type Application struct {
	OrgID          string    `db:"org_id"`
	CycleID        string    `db:"cycle_id"`
	RequestedCents int64     `db:"requested_cents"`
	Summary        string    `db:"summary"`
	Status         string    `db:"status"`
	SubmittedAt    time.Time `db:"submitted_at"`
}

// Grant is an approved award.
type Grant struct {
	ID             string     `db:"id"`
	OrgID          string     `db:"org_id"`
	CycleID        string     `db:"cycle_id"`
	FundID         string     `db:"fund_id"`
	AmountCents    int64      `db:"amount_cents"`
	Tranches       int        `db:"tranches"`
	DisbursedCents int64      `db:"disbursed_cents"`
	SettledCents   int64      `db:"settled_cents"`
	ReturnedCents  int64      `db:"returned_cents"`
	Status         string     `db:"status"`
	ApprovedBy     *string    `db:"approved_by"`
	ApprovedAt     *time.Time `db:"approved_at"`
}

// FundBalance tracks money available for grants in one restricted fund.
type FundBalance struct {
	FundID         string `db:"fund_id"`
	AvailableCents int64  `db:"available_cents"`
	ReservedCents  int64  `db:"reserved_cents"`
}

// Reservation earmarks fund money for one grant tranche.
type Reservation struct {
	ID          string `db:"id"`
	GrantID     string `db:"grant_id"`
	Tranche     int    `db:"tranche"`
	FundID      string `db:"fund_id"`
	AmountCents int64  `db:"amount_cents"`
	Consumed    bool   `db:"consumed"`
}

// Payout is a bank transfer to a grantee.
type Payout struct {
	ID             string    `db:"id"`
	GrantID        string    `db:"grant_id"`
	Tranche        int       `db:"tranche"`
	AmountCents    int64     `db:"amount_cents"`
	Status         string    `db:"status"`
	BankTransferID *string   `db:"bank_transfer_id"`
	CreatedAt      time.Time `db:"created_at"`
	UpdatedAt      time.Time `db:"updated_at"`
}

// Disbursement is the accounting record that a tranche has been paid out.
type Disbursement struct {
	GrantID     string    `db:"grant_id"`
	Tranche     int       `db:"tranche"`
	PayoutID    string    `db:"payout_id"`
	AmountCents int64     `db:"amount_cents"`
	RecordedAt  time.Time `db:"recorded_at"`
}

// EmergencyPayout is a one-shot payout outside the normal grant cycle.
type EmergencyPayout struct {
	RequestID      string  `db:"request_id"`
	OrgID          string  `db:"org_id"`
	AmountCents    int64   `db:"amount_cents"`
	Status         string  `db:"status"`
	BankTransferID *string `db:"bank_transfer_id"`
}

// MatchingOffer is a sponsor's promise to match gifts to a campaign.
type MatchingOffer struct {
	ID             string    `db:"id"`
	CampaignID     string    `db:"campaign_id"`
	SponsorRef     string    `db:"sponsor_ref"`
	CapCents       int64     `db:"cap_cents"`
	RemainingCents int64     `db:"remaining_cents"`
	RatioPct       int       `db:"ratio_pct"`
	CreatedAt      time.Time `db:"created_at"`
}

// MatchAllocation is the portion of an offer applied to one donation.
type MatchAllocation struct {
	ID          string `db:"id"`
	OfferID     string `db:"offer_id"`
	DonationID  string `db:"donation_id"`
	AmountCents int64  `db:"amount_cents"`
}
