// Package events defines the JetStream subjects and payloads shared by the
// kiosk gateway, the API and the consumers.
package events

import "time"

const (
	// StreamName is the single JetStream stream that stores all deposit
	// scheme traffic.
	StreamName = "DEPOSIT"

	SubjectReturnRecorded     = "kiosk.return.recorded"
	SubjectVoucherPrinted     = "kiosk.voucher.printed"
	SubjectFaultReported      = "kiosk.fault.reported"
	SubjectFaultCleared       = "kiosk.fault.cleared"
	SubjectBagCollected       = "kiosk.bag.collected"
	SubjectVoucherRedeemed    = "shop.voucher.redeemed"
	SubjectBonusAwarded       = "shop.campaign.bonus"
	SubjectPayoutEwallet      = "payout.requested.ewallet"
	SubjectPayoutBank         = "payout.requested.bank"
	SubjectSettlementApproved = "settlement.approved"
	SubjectWalletCredited     = "wallet.credited"
)

// StreamSubjects are the subject filters bound to StreamName.
var StreamSubjects = []string{"kiosk.>", "shop.>", "payout.>", "settlement.>", "wallet.>"}

// ReturnLine is one material bucket inside a return session.
type ReturnLine struct {
	Material     string `json:"material"` // pet, can, glass
	Units        int    `json:"units"`
	WeightGrams  int    `json:"weight_grams"`
	DepositCents int64  `json:"deposit_cents"`
}

// ReturnRecorded is published by a kiosk when a customer finishes a return
// session. WalletID is set when the customer scanned their app code;
// otherwise the kiosk printed a voucher (see VoucherPrinted).
type ReturnRecorded struct {
	EventID      string       `json:"event_id"`
	KioskID      string       `json:"kiosk_id"`
	KioskSeq     int64        `json:"kiosk_seq"`
	WalletID     string       `json:"wallet_id,omitempty"`
	VoucherCode  string       `json:"voucher_code,omitempty"`
	Lines        []ReturnLine `json:"lines"`
	DepositCents int64        `json:"deposit_cents"`
	ReturnedAt   time.Time    `json:"returned_at"`
}

// Containers is the total number of containers accepted in the session.
func (r ReturnRecorded) Containers() int {
	n := 0
	for _, l := range r.Lines {
		n += l.Units
	}
	return n
}

type VoucherPrinted struct {
	Code        string    `json:"code"`
	KioskID     string    `json:"kiosk_id"`
	AmountCents int64     `json:"amount_cents"`
	PrintedAt   time.Time `json:"printed_at"`
}

// VoucherRedeemed is published by a shop's till integration when a paper
// voucher is paid out in cash or deducted from the shopping bill.
type VoucherRedeemed struct {
	Code        string    `json:"code"`
	ShopID      string    `json:"shop_id"`
	TillID      string    `json:"till_id"`
	AmountCents int64     `json:"amount_cents"`
	RedeemedAt  time.Time `json:"redeemed_at"`
}

type FaultReported struct {
	FaultID    string    `json:"fault_id"`
	KioskID    string    `json:"kiosk_id"`
	Code       string    `json:"code"`
	Severity   string    `json:"severity"`
	Detail     string    `json:"detail"`
	ReportedAt time.Time `json:"reported_at"`
}

type FaultCleared struct {
	FaultID   string    `json:"fault_id"`
	KioskID   string    `json:"kiosk_id"`
	ClearedBy string    `json:"cleared_by"`
	ClearedAt time.Time `json:"cleared_at"`
}

// BagCollected is published when a full material bag is sealed and handed
// to the recycler's driver.
type BagCollected struct {
	SealNo      string    `json:"seal_no"`
	KioskID     string    `json:"kiosk_id"`
	Material    string    `json:"material"`
	WeightGrams int       `json:"weight_grams"`
	CollectedAt time.Time `json:"collected_at"`
}

// BonusAwarded is published by a shop's loyalty system when a customer earns
// a campaign bonus on top of their deposits.
type BonusAwarded struct {
	CampaignID  string `json:"campaign_id"`
	ShopID      string `json:"shop_id"`
	WalletID    string `json:"wallet_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

type PayoutRequested struct {
	PayoutID string `json:"payout_id"`
	Rail     string `json:"rail"`
	Attempt  int32  `json:"attempt"`
}

type SettlementApproved struct {
	SettlementID string `json:"settlement_id"`
	ShopID       string `json:"shop_id"`
	TotalCents   int64  `json:"total_cents"`
}

type WalletCredited struct {
	WalletID      string `json:"wallet_id"`
	ReturnEventID string `json:"return_event_id"`
	AmountCents   int64  `json:"amount_cents"`
	BalanceCents  int64  `json:"balance_cents"`
	Containers    int    `json:"containers"`
}
