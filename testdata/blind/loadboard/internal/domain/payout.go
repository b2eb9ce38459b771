package domain

import "time"

type PayoutStatus string

const (
	PayoutPending   PayoutStatus = "pending"
	PayoutSubmitted PayoutStatus = "submitted"
	PayoutPaid      PayoutStatus = "paid"
	PayoutFailed    PayoutStatus = "failed"
)

// Payout is a quick-pay disbursement to a carrier for a delivered load.
type Payout struct {
	ID                 string
	LoadID             string
	CarrierID          string
	GrossCents         int64
	FeeCents           int64
	NetCents           int64
	Status             PayoutStatus
	ProviderTransferID string
	Attempts           int
	LastError          string
	RequestedBy        string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// QuickPayFeeBasisPoints is the fee charged for paying the carrier early.
const QuickPayFeeBasisPoints = 250

// QuickPayAmounts returns the fee and net amounts for a gross amount.
func QuickPayAmounts(gross int64) (fee, net int64) {
	fee = (gross*QuickPayFeeBasisPoints + 5000) / 10000
	return fee, gross - fee
}

type LedgerEntryType string

const (
	LedgerLinehaul    LedgerEntryType = "linehaul"
	LedgerAccessorial LedgerEntryType = "accessorial"
	LedgerQuickPayFee LedgerEntryType = "quickpay_fee"
	LedgerPayout      LedgerEntryType = "payout"
)

// LedgerEntry is one line of the carrier's statement.
type LedgerEntry struct {
	ID          string
	CarrierID   string
	LoadID      string
	PayoutID    string
	Type        LedgerEntryType
	AmountCents int64
	Memo        string
	CreatedAt   time.Time
}
