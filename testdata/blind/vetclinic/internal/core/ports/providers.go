package ports

import (
	"context"
	"errors"
	"time"
)

// ---- payments ------------------------------------------------------------

type IntentRequest struct {
	AmountCents     int64
	Currency        string
	PaymentMethodID string
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is forwarded to the provider when set.
	IdempotencyKey string
	CaptureManual  bool
}

type IntentResult struct {
	ID     string
	Status string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

type RefundResult struct {
	ID     string
	Status string
}

type PaymentGateway interface {
	CreateIntent(ctx context.Context, req IntentRequest) (IntentResult, error)
	Refund(ctx context.Context, req RefundRequest) (RefundResult, error)
}

// ---- reference laboratory ------------------------------------------------

type Requisition struct {
	ClientOrderID string
	AccountNumber string
	PatientName   string
	Species       string
	Tests         []string
	Priority      string
	OrderedBy     string
}

type RequisitionReceipt struct {
	RequisitionID string
	Status        string
}

type LabGateway interface {
	SubmitRequisition(ctx context.Context, r Requisition) (RequisitionReceipt, error)
	AddTests(ctx context.Context, requisitionID string, codes []string) error
	Status(ctx context.Context, requisitionID string) (string, error)
}

// ---- pharmacies ----------------------------------------------------------

type RefillSubmission struct {
	Partner     string
	ExternalRef string
	Prescriber  string
	DrugName    string
	NDC         string
	Sig         string
	Quantity    int
	PatientName string
	OwnerName   string
	OwnerPhone  string
	Delivery    string
}

type RefillReceipt struct {
	PartnerOrderID string
	Status         string
}

// ErrOutOfStock is returned by a partner that cannot fill the drug.
var ErrOutOfStock = errors.New("pharmacy: out of stock")

// CallOptions configures a single provider call.
type CallOptions struct {
	IdempotencyKey string
	Timeout        time.Duration
}

type CallOption func(*CallOptions)

func WithIdempotencyKey(k string) CallOption {
	return func(o *CallOptions) { o.IdempotencyKey = k }
}

func WithTimeout(d time.Duration) CallOption {
	return func(o *CallOptions) { o.Timeout = d }
}

// ApplyCallOptions folds opts into a CallOptions value.
func ApplyCallOptions(opts []CallOption) CallOptions {
	var o CallOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

type PharmacyGateway interface {
	SubmitRefill(ctx context.Context, s RefillSubmission, opts ...CallOption) (RefillReceipt, error)
}

// ---- messaging -----------------------------------------------------------

type SMS struct {
	To   string
	Body string
	// ClientRef identifies the message to the provider.
	ClientRef string
	Tags      []string
}

type SMSReceipt struct {
	MessageID string
	Status    string
}

type SMSSender interface {
	Send(ctx context.Context, m SMS) (SMSReceipt, error)
}

type Email struct {
	To      string
	Subject string
	HTML    string
	Text    string
	Tags    []string
	ReplyTo string
}

type Mailer interface {
	Send(ctx context.Context, e Email) (messageID string, err error)
}

// ---- bank ----------------------------------------------------------------

type BankTransfer struct {
	EndToEndID  string
	AccountRef  string
	AmountCents int64
	Currency    string
	Memo        string
}

type BankTransferResult struct {
	TransferID string
	Status     string
}

type BankGateway interface {
	SendCredit(ctx context.Context, t BankTransfer) (BankTransferResult, error)
}
