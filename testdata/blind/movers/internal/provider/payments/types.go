package payments

import (
	"fmt"
	"time"
)

type ChargeRequest struct {
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	CardToken   string            `json:"source"`
	Description string            `json:"description,omitempty"`
	Capture     bool              `json:"capture"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Charge struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	AmountCents int64     `json:"amount"`
	Currency    string    `json:"currency"`
	FailureCode string    `json:"failure_code,omitempty"`
	Created     time.Time `json:"created"`
}

func (c *Charge) Succeeded() bool { return c != nil && c.Status == "succeeded" }

type RefundRequest struct {
	ChargeID    string `json:"charge"`
	AmountCents int64  `json:"amount,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

type Refund struct {
	ID          string `json:"id"`
	ChargeID    string `json:"charge"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

type PayoutRequest struct {
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Destination string            `json:"destination"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Payout struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
}

// APIError is returned for non-2xx responses.
type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("payments: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

// Temporary reports whether the request may succeed if sent again.
func (e *APIError) Temporary() bool {
	return e.StatusCode == 429 || e.StatusCode >= 500
}

// Event is the payload delivered to our webhook endpoint.
type Event struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		ChargeID    string `json:"charge_id"`
		Status      string `json:"status"`
		AmountCents int64  `json:"amount"`
		FailureCode string `json:"failure_code"`
	} `json:"data"`
}
