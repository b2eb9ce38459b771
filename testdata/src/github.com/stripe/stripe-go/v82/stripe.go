// Package stripe is a stub of github.com/stripe/stripe-go/v82 v82.5.1 for analysistest.
package stripe

import (
	"context"
	"net/http"
	"net/url"
)

var Key string

type ExtraValues struct {
	url.Values `form:"-" json:"-"`
}

type Params struct {
	Context        context.Context   `form:"-" json:"-"`
	Expand         []*string         `form:"expand" json:"-"`
	Extra          *ExtraValues      `form:"*"  json:"-"`
	Headers        http.Header       `form:"-" json:"-"`
	IdempotencyKey *string           `form:"-" json:"-"` // Passed as header
	Metadata       map[string]string `form:"metadata" json:"-"`
	StripeAccount  *string           `form:"-" json:"-"`
	StripeContext  *string           `form:"-" json:"-"`
}

func (p *Params) GetParams() *Params            { return p }
func (p *Params) SetIdempotencyKey(val string)  { p.IdempotencyKey = &val }
func (p *Params) SetStripeAccount(val string)   { p.StripeAccount = &val }
func (p *Params) AddMetadata(key, value string) {}
func (p *Params) AddExpand(f string)            {}
func (p *Params) AddExtra(key, value string)    {}
func (p *Params) SetStripeContext(val string)   { p.StripeContext = &val }

type ParamsContainer interface {
	GetParams() *Params
}

func String[T ~string](v T) *string { s := string(v); return &s }

// NewIdempotencyKey makes a key from the time and random bytes.
func NewIdempotencyKey() string { return "" }

func Int64(v int64) *int64 { return &v }
func Bool(v bool) *bool    { return &v }

type PaymentIntent struct {
	ID       string `json:"id"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
}

type PaymentIntentParams struct {
	Params        `form:"*"`
	Amount        *int64            `form:"amount"`
	Confirm       *bool             `form:"confirm"`
	Currency      *string           `form:"currency"`
	Customer      *string           `form:"customer"`
	PaymentMethod *string           `form:"payment_method"`
	Expand        []*string         `form:"expand"`
	Metadata      map[string]string `form:"metadata"`
}

type PaymentIntentCreateParams struct {
	Params        `form:"*"`
	Amount        *int64            `form:"amount"`
	Confirm       *bool             `form:"confirm"`
	Currency      *string           `form:"currency"`
	Customer      *string           `form:"customer"`
	PaymentMethod *string           `form:"payment_method"`
	Expand        []*string         `form:"expand"`
	Metadata      map[string]string `form:"metadata"`
}

type PaymentIntentConfirmParams struct {
	Params        `form:"*"`
	PaymentMethod *string   `form:"payment_method"`
	Expand        []*string `form:"expand"`
}

type Refund struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
}

type RefundParams struct {
	Params        `form:"*"`
	Amount        *int64            `form:"amount"`
	Charge        *string           `form:"charge"`
	Currency      *string           `form:"currency"`
	Customer      *string           `form:"customer"`
	PaymentIntent *string           `form:"payment_intent"`
	Expand        []*string         `form:"expand"`
	Metadata      map[string]string `form:"metadata"`
}

type RefundCreateParams struct {
	Params        `form:"*"`
	Amount        *int64            `form:"amount"`
	Charge        *string           `form:"charge"`
	Currency      *string           `form:"currency"`
	Customer      *string           `form:"customer"`
	PaymentIntent *string           `form:"payment_intent"`
	Expand        []*string         `form:"expand"`
	Metadata      map[string]string `form:"metadata"`
}

type Charge struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
}

type ChargeParams struct {
	Params      `form:"*"`
	Amount      *int64            `form:"amount"`
	Currency    *string           `form:"currency"`
	Customer    *string           `form:"customer"`
	Description *string           `form:"description"`
	Expand      []*string         `form:"expand"`
	Metadata    map[string]string `form:"metadata"`
}

type ChargeCreateParams struct {
	Params      `form:"*"`
	Amount      *int64            `form:"amount"`
	Currency    *string           `form:"currency"`
	Customer    *string           `form:"customer"`
	Description *string           `form:"description"`
	Expand      []*string         `form:"expand"`
	Metadata    map[string]string `form:"metadata"`
}

// AddExpand/AddMetadata of the resource params types (the real ones shadow
// Params.Expand/Params.Metadata with their own fields).

func (p *PaymentIntentParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *PaymentIntentParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

func (p *PaymentIntentCreateParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *PaymentIntentCreateParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

func (p *RefundParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *RefundParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

func (p *RefundCreateParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *RefundCreateParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

func (p *ChargeParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *ChargeParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

func (p *ChargeCreateParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *ChargeCreateParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

func (p *PaymentIntentConfirmParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }

// Client is the v82 "new" client (stripe.NewClient).
type Client struct {
	V1Charges        *v1ChargeService
	V1PaymentIntents *v1PaymentIntentService
	V1Payouts        *v1PayoutService
	V1Refunds        *v1RefundService
	V1Transfers      *v1TransferService
	V1Accounts       *v1AccountService
	V1AccountLinks   *v1AccountLinkService
}

type clientConfig struct{}

type ClientOption func(*clientConfig)

func NewClient(key string, opts ...ClientOption) *Client {
	return &Client{
		V1Charges:        &v1ChargeService{Key: key},
		V1PaymentIntents: &v1PaymentIntentService{Key: key},
		V1Payouts:        &v1PayoutService{Key: key},
		V1Refunds:        &v1RefundService{Key: key},
		V1Transfers:      &v1TransferService{Key: key},
	}
}

type v1PaymentIntentService struct{ Key string }

func (c v1PaymentIntentService) Create(ctx context.Context, params *PaymentIntentCreateParams) (*PaymentIntent, error) {
	return nil, nil
}
func (c v1PaymentIntentService) Confirm(ctx context.Context, id string, params *PaymentIntentConfirmParams) (*PaymentIntent, error) {
	return nil, nil
}

type v1RefundService struct{ Key string }

func (c v1RefundService) Create(ctx context.Context, params *RefundCreateParams) (*Refund, error) {
	return nil, nil
}

type v1ChargeService struct{ Key string }

func (c v1ChargeService) Create(ctx context.Context, params *ChargeCreateParams) (*Charge, error) {
	return nil, nil
}

// Event is a webhook's event.
type Event struct {
	ID   string
	Type string
}
