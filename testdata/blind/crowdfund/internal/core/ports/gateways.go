package ports

import (
	"context"
	"time"
)

// CallOptions are per-request settings understood by provider adapters.
type CallOptions struct {
	IdempotencyKey string
	Metadata       map[string]string
}

type CallOption func(*CallOptions)

// WithIdempotency passes key through the provider's own idempotency
// mechanism (header or body field, depending on the provider).
func WithIdempotency(key string) CallOption {
	return func(o *CallOptions) { o.IdempotencyKey = key }
}

func WithMetadata(kv map[string]string) CallOption {
	return func(o *CallOptions) {
		if o.Metadata == nil {
			o.Metadata = map[string]string{}
		}
		for k, v := range kv {
			o.Metadata[k] = v
		}
	}
}

func ApplyCallOptions(opts []CallOption) CallOptions {
	var o CallOptions
	for _, fn := range opts {
		if fn != nil {
			fn(&o)
		}
	}
	return o
}

// ---- payments ----

type AuthorizeRequest struct {
	AmountCents   int64
	Currency      string
	CustomerRef   string
	PaymentMethod string
	Description   string
}

type Authorization struct {
	PaymentIntentID string
	Status          string
	AmountCents     int64
	RequiresAction  bool
}

type PaymentGateway interface {
	Authorize(ctx context.Context, req AuthorizeRequest, opts ...CallOption) (Authorization, error)
	IncrementAuthorization(ctx context.Context, paymentIntentID string, newAmount int64, opts ...CallOption) (Authorization, error)
	Capture(ctx context.Context, paymentIntentID string, amount int64, opts ...CallOption) error
	Cancel(ctx context.Context, paymentIntentID string, opts ...CallOption) error
	Refund(ctx context.Context, paymentIntentID string, amount int64, opts ...CallOption) (string, error)
}

// ---- carrier ----

type Parcel struct {
	WeightGrams int
	LengthMM    int
	WidthMM     int
	HeightMM    int
}

type Address struct {
	Name       string
	Line1      string
	Line2      string
	City       string
	Region     string
	PostalCode string
	Country    string
	Phone      string
}

type ShipmentRequest struct {
	Reference string
	From      Address
	To        Address
	Parcel    Parcel
	Service   string
}

type Booking struct {
	ShipmentID     string
	TrackingNumber string
	LabelURL       string
}

type ReturnRequest struct {
	ShipmentID string
	From       Address
	Reason     string
}

type ReturnLabel struct {
	ID  string
	URL string
}

type PickupRequest struct {
	Date     time.Time
	Address  Address
	Parcels  int
	Contact  string
	Comments string
}

type PickupConfirmation struct {
	ID string
}

type CarrierGateway interface {
	BookShipment(ctx context.Context, req ShipmentRequest, opts ...CallOption) (Booking, error)
	CreateReturnLabel(ctx context.Context, req ReturnRequest, opts ...CallOption) (ReturnLabel, error)
	SchedulePickup(ctx context.Context, req PickupRequest) (PickupConfirmation, error)
}

// ---- bank partner ----

type BeneficiaryRequest struct {
	HolderName    string
	IBAN          string
	AccountNumber string
	SortCode      string
	Country       string
	Currency      string
	ExternalRef   string
}

type Beneficiary struct {
	ID    string
	Last4 string
}

type TransferRequest struct {
	BeneficiaryID string
	AmountCents   int64
	Currency      string
	EndToEndID    string
	Reference     string
}

type Transfer struct {
	ID     string
	Status string
}

type BankGateway interface {
	RegisterBeneficiary(ctx context.Context, req BeneficiaryRequest, opts ...CallOption) (Beneficiary, error)
	SendTransfer(ctx context.Context, req TransferRequest) (Transfer, error)
}

// ---- mail ----

type Email struct {
	To       string
	Subject  string
	Template string
	Data     map[string]string
	Tags     []string
}

type Mailer interface {
	Send(ctx context.Context, msg Email, opts ...CallOption) (string, error)
}

// Clock is injected so that deadlines can be tested.
type Clock interface {
	Now() time.Time
}
