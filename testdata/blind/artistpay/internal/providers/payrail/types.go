package payrail

import "time"

// RecipientRequest creates a payee at PayRail.
type RecipientRequest struct {
	ExternalID    string `json:"external_id"`
	Name          string `json:"name"`
	Email         string `json:"email"`
	Country       string `json:"country"`
	Currency      string `json:"currency"`
	Method        string `json:"method"`
	AccountNumber string `json:"account_number,omitempty"`
	RoutingNumber string `json:"routing_number,omitempty"`
	IBAN          string `json:"iban,omitempty"`
	CardToken     string `json:"card_token,omitempty"`
}

// Recipient is a payee at PayRail.
type Recipient struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Last4   string `json:"last4"`
	Method  string `json:"method"`
	Country string `json:"country"`
}

// TransferRequest sends money to a recipient. Reference is printed on the
// recipient's bank statement.
type TransferRequest struct {
	RecipientID string            `json:"recipient_id"`
	AmountMinor int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Reference   string            `json:"reference"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Transfer statuses reported by PayRail.
const (
	TransferProcessing = "processing"
	TransferPaid       = "paid"
	TransferFailed     = "failed"
	TransferReturned   = "returned"
)

// Transfer is a payout at PayRail.
type Transfer struct {
	ID          string     `json:"id"`
	Status      string     `json:"status"`
	AmountMinor int64      `json:"amount"`
	Currency    string     `json:"currency"`
	Reference   string     `json:"reference"`
	FailureCode string     `json:"failure_code,omitempty"`
	CreatedAt   time.Time  `json:"created_at"`
	PaidAt      *time.Time `json:"paid_at,omitempty"`
}

// CardPushRequest pushes funds to a debit card in real time.
type CardPushRequest struct {
	RecipientID     string `json:"recipient_id"`
	AmountMinor     int64  `json:"amount"`
	Currency        string `json:"currency"`
	ClientReference string `json:"client_reference"`
}

// CardPush is an instant card payout.
type CardPush struct {
	ID              string `json:"id"`
	Status          string `json:"status"`
	ClientReference string `json:"client_reference"`
}

// Event is a webhook delivery from PayRail.
type Event struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created"`
	Data    EventData `json:"data"`
}

// EventData is the object an event refers to.
type EventData struct {
	TransferID  string     `json:"transfer_id"`
	RecipientID string     `json:"recipient_id"`
	Status      string     `json:"status"`
	AmountMinor int64      `json:"amount"`
	Currency    string     `json:"currency"`
	FailureCode string     `json:"failure_code,omitempty"`
	ReturnCode  string     `json:"return_code,omitempty"`
	OccurredAt  *time.Time `json:"occurred_at,omitempty"`
}

// APIError is a non-2xx answer from PayRail.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return "payrail: " + e.Code + ": " + e.Message
}

// Temporary reports whether retrying the same request may succeed.
func (e *APIError) Temporary() bool {
	return e.Status == 429 || e.Status >= 500
}
