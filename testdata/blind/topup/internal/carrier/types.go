package carrier

import "fmt"

type CreditRequest struct {
	MSISDN      string `json:"msisdn"`
	Operator    string `json:"operator"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"partner_reference,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header; the carrier keeps
	// keys for 72 hours.
	IdempotencyKey string `json:"-"`
}

type CreditResponse struct {
	TransactionID string `json:"transaction_id"`
	Status        string `json:"status"` // accepted, completed, rejected
	Message       string `json:"message,omitempty"`
}

type BundleActivation struct {
	MSISDN         string `json:"msisdn"`
	Operator       string `json:"operator"`
	BundleCode     string `json:"product_code"`
	Reference      string `json:"partner_reference,omitempty"`
	IdempotencyKey string `json:"-"`
}

type ActivationResponse struct {
	ActivationID string `json:"activation_id"`
	Status       string `json:"status"`
	ExpiresAt    string `json:"expires_at,omitempty"`
}

type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("carrier: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

// Rejected reports whether the carrier refused the operation permanently
// (invalid number, barred subscriber, ...).
func (e *APIError) Rejected() bool {
	return e.StatusCode == 422 || e.StatusCode == 400
}
