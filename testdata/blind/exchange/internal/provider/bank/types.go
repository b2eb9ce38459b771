package bank

import "time"

// Beneficiary is the recipient of a payout.
type Beneficiary struct {
	Name string `json:"name"`
	IBAN string `json:"iban"`
	BIC  string `json:"bic,omitempty"`
}

// PayoutRequest sends money from one of our accounts to a third party.
// RequestID is sent as X-Request-Id; the bank rejects a second payout with
// the same value within its 72h window and returns the original instead.
type PayoutRequest struct {
	RequestID   string      `json:"-"`
	FromAccount string      `json:"debtor_account"`
	Beneficiary Beneficiary `json:"creditor"`
	Amount      int64       `json:"amount_minor"`
	Currency    string      `json:"currency"`
	Reference   string      `json:"remittance_information"`
	EndToEndID  string      `json:"end_to_end_id"`
}

// Payout is the bank's record of a payout.
type Payout struct {
	ID         string    `json:"id"`
	Status     string    `json:"status"`
	EndToEndID string    `json:"end_to_end_id"`
	CreatedAt  time.Time `json:"created_at"`
}

// TransferRequest moves money between two of our own accounts.
type TransferRequest struct {
	RequestID   string `json:"-"`
	FromAccount string `json:"debtor_account"`
	ToAccount   string `json:"creditor_account"`
	Amount      int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
	Reference   string `json:"remittance_information"`
}

// Transfer is the bank's record of an internal transfer.
type Transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// StatementLine is one booked movement on an account.
type StatementLine struct {
	Ref        string    `json:"transaction_ref"`
	Direction  string    `json:"direction"`
	Amount     int64     `json:"amount_minor"`
	Currency   string    `json:"currency"`
	EndToEndID string    `json:"end_to_end_id"`
	Reference  string    `json:"remittance_information"`
	BookedAt   time.Time `json:"booked_at"`
}

// Statement is one day's booked movements.
type Statement struct {
	Account        string          `json:"account"`
	Date           string          `json:"date"`
	OpeningBalance int64           `json:"opening_balance_minor"`
	ClosingBalance int64           `json:"closing_balance_minor"`
	Lines          []StatementLine `json:"lines"`
}

// Webhook payloads.

// CreditNotification reports an incoming credit on one of our accounts.
type CreditNotification struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
	Data    struct {
		TransactionRef string `json:"transaction_ref"`
		Account        string `json:"account"`
		Amount         int64  `json:"amount_minor"`
		Currency       string `json:"currency"`
		RemitterName   string `json:"remitter_name"`
		RemitterIBAN   string `json:"remitter_iban"`
		Reference      string `json:"remittance_information"`
		ValueDate      string `json:"value_date"`
	} `json:"data"`
}

// PayoutNotification reports a status change on a payout we sent.
type PayoutNotification struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
	Data    struct {
		PayoutID     string `json:"payout_id"`
		EndToEndID   string `json:"end_to_end_id"`
		Status       string `json:"status"`
		ReturnReason string `json:"return_reason"`
	} `json:"data"`
}
