// Package gocardless is a small client for the payments provider's REST API
// (GoCardless-compatible). Only the endpoints the settlement service uses
// are implemented.
package gocardless

import (
	"errors"
	"fmt"
	"strings"
)

// Customer is a payer record at the provider.
type Customer struct {
	ID          string            `json:"id"`
	Email       string            `json:"email"`
	GivenName   string            `json:"given_name,omitempty"`
	FamilyName  string            `json:"family_name,omitempty"`
	CompanyName string            `json:"company_name,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// CustomerParams creates a Customer.
type CustomerParams struct {
	Email        string            `json:"email"`
	GivenName    string            `json:"given_name,omitempty"`
	FamilyName   string            `json:"family_name,omitempty"`
	AddressLine1 string            `json:"address_line1,omitempty"`
	City         string            `json:"city,omitempty"`
	PostalCode   string            `json:"postal_code,omitempty"`
	CountryCode  string            `json:"country_code,omitempty"`
	Metadata     map[string]string `json:"metadata,omitempty"`
}

// CustomerBankAccount is a payer's bank account at the provider.
type CustomerBankAccount struct {
	ID                  string `json:"id"`
	AccountHolderName   string `json:"account_holder_name"`
	AccountNumberEnding string `json:"account_number_ending"`
	BankName            string `json:"bank_name"`
	Enabled             bool   `json:"enabled"`
}

// CustomerBankAccountParams creates a CustomerBankAccount.
type CustomerBankAccountParams struct {
	AccountHolderName string `json:"account_holder_name"`
	AccountNumber     string `json:"account_number"`
	BranchCode        string `json:"branch_code"`
	CountryCode       string `json:"country_code"`
	Links             struct {
		Customer string `json:"customer"`
	} `json:"links"`
}

// Mandate is a Direct Debit mandate.
type Mandate struct {
	ID                     string            `json:"id"`
	Reference              string            `json:"reference"`
	Scheme                 string            `json:"scheme"`
	Status                 string            `json:"status"`
	NextPossibleChargeDate string            `json:"next_possible_charge_date"`
	Metadata               map[string]string `json:"metadata,omitempty"`
	Links                  struct {
		Customer            string `json:"customer"`
		CustomerBankAccount string `json:"customer_bank_account"`
	} `json:"links"`
}

// MandateParams creates a Mandate.
type MandateParams struct {
	Scheme    string            `json:"scheme,omitempty"`
	Reference string            `json:"reference,omitempty"`
	Metadata  map[string]string `json:"metadata,omitempty"`
	Links     struct {
		CustomerBankAccount string `json:"customer_bank_account"`
	} `json:"links"`
}

// Payment is a single Direct Debit collection.
type Payment struct {
	ID          string            `json:"id"`
	Amount      int64             `json:"amount"`
	Currency    string            `json:"currency"`
	ChargeDate  string            `json:"charge_date"`
	Description string            `json:"description"`
	Reference   string            `json:"reference"`
	Status      string            `json:"status"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	Links       struct {
		Mandate string `json:"mandate"`
		Payout  string `json:"payout,omitempty"`
	} `json:"links"`
}

// PaymentParams creates a Payment. Amount is in pence.
type PaymentParams struct {
	Amount          int64             `json:"amount"`
	Currency        string            `json:"currency"`
	ChargeDate      string            `json:"charge_date,omitempty"`
	Description     string            `json:"description,omitempty"`
	Reference       string            `json:"reference,omitempty"`
	RetryIfPossible bool              `json:"retry_if_possible,omitempty"`
	Metadata        map[string]string `json:"metadata,omitempty"`
	Links           struct {
		Mandate string `json:"mandate"`
	} `json:"links"`
}

// Refund returns money from a collected payment to the payer.
type Refund struct {
	ID        string            `json:"id"`
	Amount    int64             `json:"amount"`
	Currency  string            `json:"currency"`
	Reference string            `json:"reference"`
	Status    string            `json:"status"`
	Metadata  map[string]string `json:"metadata,omitempty"`
	Links     struct {
		Payment string `json:"payment"`
	} `json:"links"`
}

// RefundParams creates a Refund. TotalAmountConfirmation guards against
// double refunds: it must equal the total refunded on the payment after
// this refund.
type RefundParams struct {
	Amount                  int64             `json:"amount"`
	TotalAmountConfirmation int64             `json:"total_amount_confirmation,omitempty"`
	Reference               string            `json:"reference,omitempty"`
	Metadata                map[string]string `json:"metadata,omitempty"`
	Links                   struct {
		Payment string `json:"payment"`
	} `json:"links"`
}

// FieldError is one entry of an API error's errors array.
type FieldError struct {
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	Reason  string `json:"reason"`
	Links   struct {
		ConflictingResourceID string `json:"conflicting_resource_id,omitempty"`
	} `json:"links"`
}

// APIError is the provider's error envelope.
type APIError struct {
	StatusCode int          `json:"code"`
	Type       string       `json:"type"`
	Message    string       `json:"message"`
	RequestID  string       `json:"request_id"`
	Errors     []FieldError `json:"errors"`
}

func (e *APIError) Error() string {
	var reasons []string
	for _, fe := range e.Errors {
		reasons = append(reasons, fe.Reason)
	}
	return fmt.Sprintf("gocardless: %d %s: %s [%s] (request %s)", e.StatusCode, e.Type, e.Message, strings.Join(reasons, ","), e.RequestID)
}

// Retryable reports whether the failure is transient.
func (e *APIError) Retryable() bool {
	return e.StatusCode == 429 || e.StatusCode >= 500
}

// ConflictingResource returns the ID of the resource created earlier with
// the same idempotency key, if this error is an idempotent creation
// conflict.
func (e *APIError) ConflictingResource() (string, bool) {
	if e.StatusCode != 409 {
		return "", false
	}
	for _, fe := range e.Errors {
		if fe.Reason == "idempotent_creation_conflict" && fe.Links.ConflictingResourceID != "" {
			return fe.Links.ConflictingResourceID, true
		}
	}
	return "", false
}

// HasReason reports whether any field error carries reason.
func (e *APIError) HasReason(reason string) bool {
	for _, fe := range e.Errors {
		if fe.Reason == reason {
			return true
		}
	}
	return false
}

// AsAPIError unwraps err into an *APIError.
func AsAPIError(err error) (*APIError, bool) {
	var apiErr *APIError
	ok := errors.As(err, &apiErr)
	return apiErr, ok
}

// ErrCancellationFailed is returned by CancelPayment when the payment is
// past the point where it can be cancelled.
var ErrCancellationFailed = errors.New("gocardless: payment can no longer be cancelled")
