package grpcapi

import "time"

type CreateQuoteRequest struct {
	Corridor     string `json:"corridor"`
	PayoutMethod string `json:"payout_method"`
	SendAmount   int64  `json:"send_amount"`
	SendCurrency string `json:"send_currency"`
}

type Quote struct {
	ID              string    `json:"id"`
	Corridor        string    `json:"corridor"`
	PayoutMethod    string    `json:"payout_method"`
	SendAmount      int64     `json:"send_amount"`
	SendCurrency    string    `json:"send_currency"`
	ReceiveAmount   int64     `json:"receive_amount"`
	ReceiveCurrency string    `json:"receive_currency"`
	Fee             int64     `json:"fee"`
	Rate            float64   `json:"rate"`
	ExpiresAt       time.Time `json:"expires_at"`
}

type LockRateRequest struct {
	QuoteID string `json:"quote_id"`
}

type RateLock struct {
	ID        string    `json:"id"`
	QuoteID   string    `json:"quote_id"`
	Rate      float64   `json:"rate"`
	Status    string    `json:"status"`
	ExpiresAt time.Time `json:"expires_at"`
}

type AddRecipientRequest struct {
	FullName       string `json:"full_name"`
	Phone          string `json:"phone"`
	Country        string `json:"country"`
	AccountType    string `json:"account_type"`
	BankCode       string `json:"bank_code,omitempty"`
	AccountNumber  string `json:"account_number,omitempty"`
	WalletProvider string `json:"wallet_provider,omitempty"`
}

type Recipient struct {
	ID          string `json:"id"`
	FullName    string `json:"full_name"`
	Country     string `json:"country"`
	AccountType string `json:"account_type"`
}

type CreateTransferRequest struct {
	RateLockID        string `json:"rate_lock_id"`
	RecipientID       string `json:"recipient_id"`
	OriginCallbackURL string `json:"origin_callback_url,omitempty"`
}

type TransferRef struct {
	TransferID string `json:"transfer_id"`
}

type CancelTransferRequest struct {
	TransferID string `json:"transfer_id"`
	Reason     string `json:"reason"`
}

type RefundTransferRequest struct {
	TransferID string `json:"transfer_id"`
	Reason     string `json:"reason"`
}

type Transfer struct {
	ID              string    `json:"id"`
	Status          string    `json:"status"`
	Corridor        string    `json:"corridor"`
	PayoutMethod    string    `json:"payout_method"`
	SendAmount      int64     `json:"send_amount"`
	SendCurrency    string    `json:"send_currency"`
	ReceiveAmount   int64     `json:"receive_amount"`
	ReceiveCurrency string    `json:"receive_currency"`
	Fee             int64     `json:"fee"`
	Rate            float64   `json:"rate"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
}

type FundByCardRequest struct {
	TransferID      string `json:"transfer_id"`
	PaymentMethodID string `json:"payment_method_id"`
}

type Funding struct {
	IntentID    string `json:"intent_id"`
	TransferID  string `json:"transfer_id"`
	Method      string `json:"method"`
	Status      string `json:"status"`
	ProviderRef string `json:"provider_ref,omitempty"`
}

type Refund struct {
	ID         string `json:"id"`
	TransferID string `json:"transfer_id"`
	Amount     int64  `json:"amount"`
	Currency   string `json:"currency"`
	Status     string `json:"status"`
}

type ConfirmPickupRequest struct {
	TransferID    string `json:"transfer_id"`
	PickupCode    string `json:"pickup_code"`
	LocationID    string `json:"location_id"`
	IDDocumentRef string `json:"id_document_ref"`
}

type PickupConfirmation struct {
	ConfirmationID string `json:"confirmation_id"`
	TransferID     string `json:"transfer_id"`
	Amount         int64  `json:"amount"`
	Currency       string `json:"currency"`
	RecipientName  string `json:"recipient_name"`
}
