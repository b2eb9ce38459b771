// Package processor is a hand-written client for the card processor's
// Checkout API (Adyen-style). Mutating endpoints honour an Idempotency-Key
// header: a repeated key within the retention window returns the original
// response instead of performing the operation again.
package processor

import "fmt"

// Amount is a minor-unit amount.
type Amount struct {
	Value    int64  `json:"value"`
	Currency string `json:"currency"`
}

// PaymentMethod carries either encrypted card fields or a stored token.
type PaymentMethod struct {
	Type                  string `json:"type"`
	EncryptedCardNumber   string `json:"encryptedCardNumber,omitempty"`
	EncryptedExpiryMonth  string `json:"encryptedExpiryMonth,omitempty"`
	EncryptedExpiryYear   string `json:"encryptedExpiryYear,omitempty"`
	EncryptedSecurityCode string `json:"encryptedSecurityCode,omitempty"`
	StoredPaymentMethodID string `json:"storedPaymentMethodId,omitempty"`
	HolderName            string `json:"holderName,omitempty"`
}

// PaymentRequest is the body of POST /payments.
type PaymentRequest struct {
	Amount                   Amount            `json:"amount"`
	Reference                string            `json:"reference"`
	MerchantAccount          string            `json:"merchantAccount"`
	PaymentMethod            PaymentMethod     `json:"paymentMethod"`
	ShopperReference         string            `json:"shopperReference,omitempty"`
	ShopperEmail             string            `json:"shopperEmail,omitempty"`
	ShopperInteraction       string            `json:"shopperInteraction,omitempty"`
	RecurringProcessingModel string            `json:"recurringProcessingModel,omitempty"`
	StorePaymentMethod       bool              `json:"storePaymentMethod,omitempty"`
	ReturnURL                string            `json:"returnUrl,omitempty"`
	Metadata                 map[string]string `json:"metadata,omitempty"`
}

// PaymentResponse is the result of an authorisation.
type PaymentResponse struct {
	PSPReference   string `json:"pspReference"`
	ResultCode     string `json:"resultCode"`
	RefusalReason  string `json:"refusalReason,omitempty"`
	MerchantRef    string `json:"merchantReference"`
	AdditionalData struct {
		StoredPaymentMethodID string `json:"recurring.recurringDetailReference,omitempty"`
		ShopperReference      string `json:"recurring.shopperReference,omitempty"`
	} `json:"additionalData"`
}

// Authorised reports whether the payment was accepted.
func (r *PaymentResponse) Authorised() bool { return r.ResultCode == "Authorised" }

// RefundRequest is the body of POST /payments/{psp}/refunds.
type RefundRequest struct {
	Amount          Amount `json:"amount"`
	Reference       string `json:"reference"`
	MerchantAccount string `json:"merchantAccount"`
}

// RefundResponse is the acknowledgement of a refund request; the outcome
// arrives later as a REFUND notification.
type RefundResponse struct {
	PSPReference        string `json:"pspReference"`
	PaymentPSPReference string `json:"paymentPspReference"`
	Status              string `json:"status"`
}

// APIError is a non-2xx answer from the processor.
type APIError struct {
	StatusCode int    `json:"status"`
	ErrorCode  string `json:"errorCode"`
	Message    string `json:"message"`
	ErrorType  string `json:"errorType"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("processor: %d %s: %s", e.StatusCode, e.ErrorCode, e.Message)
}
