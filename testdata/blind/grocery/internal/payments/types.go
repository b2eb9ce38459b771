// Package payments is the client for the card processor's REST API.
//
// Every mutating endpoint honours an Idempotency-Key header: a request
// repeated with the same key within 24 hours returns the original result
// instead of moving money again. Requests are retried on network errors
// and 5xx responses with the same key.
package payments

import (
	"errors"
	"fmt"
)

type AuthoriseRequest struct {
	IdempotencyKey string            `json:"-"`
	AmountPence    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	CardToken      string            `json:"payment_method"`
	Reference      string            `json:"reference"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

type Authorisation struct {
	ID              string `json:"id"`
	Status          string `json:"status"`
	AuthorisedPence int64  `json:"authorised_amount"`
	CapturedPence   int64  `json:"captured_amount"`
	DeclineCode     string `json:"decline_code,omitempty"`
}

func (a *Authorisation) Approved() bool { return a.Status == "authorised" || a.Status == "captured" }

// IncrementRequest raises an existing authorisation by AmountPence, for
// substitutions that cost more than the item they replace.
type IncrementRequest struct {
	IdempotencyKey   string `json:"-"`
	AuthorisationRef string `json:"-"`
	AmountPence      int64  `json:"amount"`
	Reason           string `json:"reason"`
}

type CaptureRequest struct {
	IdempotencyKey   string `json:"-"`
	AuthorisationRef string `json:"-"`
	AmountPence      int64  `json:"amount"`
	Final            bool   `json:"final_capture"`
}

type Capture struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	CapturedPence int64  `json:"amount"`
}

type RefundRequest struct {
	IdempotencyKey   string            `json:"-"`
	AuthorisationRef string            `json:"-"`
	AmountPence      int64             `json:"amount"`
	Reason           string            `json:"reason"`
	Metadata         map[string]string `json:"metadata,omitempty"`
}

type RefundResult struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountPence int64  `json:"amount"`
}

type VoidRequest struct {
	IdempotencyKey   string `json:"-"`
	AuthorisationRef string `json:"-"`
	Reason           string `json:"reason,omitempty"`
}

// APIError is a non-2xx answer from the processor.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("payments: %d %s: %s", e.Status, e.Code, e.Message)
}

// Retryable reports whether the request may succeed if sent again.
func (e *APIError) Retryable() bool {
	return e.Status == 429 || e.Status >= 500
}

var ErrDeclined = errors.New("payments: card declined")

func IsDeclined(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Code == "card_declined" || apiErr.Code == "insufficient_funds"
	}
	return errors.Is(err, ErrDeclined)
}
