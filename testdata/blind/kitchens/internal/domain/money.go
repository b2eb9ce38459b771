package domain

import "time"

// DepositStatus tracks the authorization hold placed on a renter's card.
type DepositStatus string

const (
	DepositPending  DepositStatus = "pending"
	DepositHeld     DepositStatus = "held"
	DepositCaptured DepositStatus = "captured"
	DepositReleased DepositStatus = "released"
	DepositExpired  DepositStatus = "expired"
	DepositFailed   DepositStatus = "failed"
)

// Deposit is the security deposit hold for a booking. One per booking.
type Deposit struct {
	ID                 string        `db:"id" json:"id"`
	BookingID          string        `db:"booking_id" json:"booking_id"`
	AmountCents        int64         `db:"amount_cents" json:"amount_cents"`
	CapturedCents      int64         `db:"captured_cents" json:"captured_cents"`
	Currency           string        `db:"currency" json:"currency"`
	Status             DepositStatus `db:"status" json:"status"`
	ProviderAuthID     *string       `db:"provider_auth_id" json:"-"`
	ReleaseRequestedAt *time.Time    `db:"release_requested_at" json:"release_requested_at,omitempty"`
	ReleasedAt         *time.Time    `db:"released_at" json:"released_at,omitempty"`
	CreatedAt          time.Time     `db:"created_at" json:"created_at"`
	UpdatedAt          time.Time     `db:"updated_at" json:"updated_at"`
}

// DepositRelease is a request to drop the hold on a deposit.
type DepositRelease struct {
	ID          string    `db:"id" json:"id"`
	DepositID   string    `db:"deposit_id" json:"deposit_id"`
	Reason      string    `db:"reason" json:"reason"`
	RequestedAt time.Time `db:"requested_at" json:"requested_at"`
}

// DamageClaim is a host's claim against a renter's deposit after checkout.
type DamageClaim struct {
	ID                string    `db:"id" json:"id"`
	BookingID         string    `db:"booking_id" json:"booking_id"`
	DepositID         string    `db:"deposit_id" json:"deposit_id"`
	RequestKey        string    `db:"request_key" json:"-"`
	AmountCents       int64     `db:"amount_cents" json:"amount_cents"`
	Description       string    `db:"description" json:"description"`
	Status            string    `db:"status" json:"status"`
	ProviderCaptureID *string   `db:"provider_capture_id" json:"-"`
	CreatedAt         time.Time `db:"created_at" json:"created_at"`
	UpdatedAt         time.Time `db:"updated_at" json:"updated_at"`
}

const (
	ClaimFiled    = "filed"
	ClaimCaptured = "captured"
	ClaimRejected = "rejected"
)

// LedgerEntry is a money movement recorded against a booking.
type LedgerEntry struct {
	ID          string    `db:"id"`
	BookingID   string    `db:"booking_id"`
	Kind        string    `db:"kind"`
	AmountCents int64     `db:"amount_cents"`
	Currency    string    `db:"currency"`
	ProviderRef string    `db:"provider_ref"`
	CreatedAt   time.Time `db:"created_at"`
}

// HostEarning is the host's share of a completed booking.
type HostEarning struct {
	ID          string    `db:"id"`
	BookingID   string    `db:"booking_id"`
	HostID      string    `db:"host_id"`
	GrossCents  int64     `db:"gross_cents"`
	FeeCents    int64     `db:"fee_cents"`
	AmountCents int64     `db:"amount_cents"`
	Currency    string    `db:"currency"`
	PayoutID    *string   `db:"payout_id"`
	CreatedAt   time.Time `db:"created_at"`
}

// EarningsSummary aggregates unpaid earnings for one host.
type EarningsSummary struct {
	HostID      string
	Currency    string
	AmountCents int64
	EarningIDs  []string
}

// Payout is a transfer of accumulated earnings to a host's bank account.
type Payout struct {
	ID               string     `db:"id" json:"id"`
	HostID           string     `db:"host_id" json:"host_id"`
	PeriodStart      time.Time  `db:"period_start" json:"period_start"`
	PeriodEnd        time.Time  `db:"period_end" json:"period_end"`
	AmountCents      int64      `db:"amount_cents" json:"amount_cents"`
	Currency         string     `db:"currency" json:"currency"`
	Status           string     `db:"status" json:"status"`
	ProviderPayoutID *string    `db:"provider_payout_id" json:"-"`
	PaidAt           *time.Time `db:"paid_at" json:"paid_at,omitempty"`
	CreatedAt        time.Time  `db:"created_at" json:"created_at"`
}

const (
	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutPaid      = "paid"
	PayoutFailed    = "failed"
)

// PayoutAccount is the tokenised bank destination for a host.
type PayoutAccount struct {
	ID        string    `db:"id" json:"id"`
	HostID    string    `db:"host_id" json:"host_id"`
	BankToken string    `db:"bank_token" json:"-"`
	Last4     string    `db:"last4" json:"last4"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
	UpdatedAt time.Time `db:"updated_at" json:"updated_at"`
}

// PaymentEvent is a webhook notification from the payments provider.
type PaymentEvent struct {
	ID        string           `json:"id"`
	Type      string           `json:"type"`
	CreatedAt time.Time        `json:"created"`
	Data      PaymentEventData `json:"data"`
}

// PaymentEventData carries the object the event refers to.
type PaymentEventData struct {
	ObjectID    string            `json:"object_id"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Status      string            `json:"status"`
	Metadata    map[string]string `json:"metadata"`
}
