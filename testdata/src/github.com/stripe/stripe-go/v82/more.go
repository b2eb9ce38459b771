package stripe

import "context"

type PaymentIntentCaptureParams struct {
	Params                    `form:"*"`
	AmountToCapture           *int64            `form:"amount_to_capture"`
	ApplicationFeeAmount      *int64            `form:"application_fee_amount"`
	Expand                    []*string         `form:"expand"`
	FinalCapture              *bool             `form:"final_capture"`
	Metadata                  map[string]string `form:"metadata"`
	StatementDescriptor       *string           `form:"statement_descriptor"`
	StatementDescriptorSuffix *string           `form:"statement_descriptor_suffix"`
}

func (p *PaymentIntentCaptureParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *PaymentIntentCaptureParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

type PaymentIntentCancelParams struct {
	Params             `form:"*"`
	CancellationReason *string   `form:"cancellation_reason"`
	Expand             []*string `form:"expand"`
}

func (p *PaymentIntentCancelParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }

type ChargeCaptureParams struct {
	Params                    `form:"*"`
	Amount                    *int64    `form:"amount"`
	ApplicationFeeAmount      *int64    `form:"application_fee_amount"`
	Expand                    []*string `form:"expand"`
	ReceiptEmail              *string   `form:"receipt_email"`
	StatementDescriptor       *string   `form:"statement_descriptor"`
	StatementDescriptorSuffix *string   `form:"statement_descriptor_suffix"`
	TransferGroup             *string   `form:"transfer_group"`
}

func (p *ChargeCaptureParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }

// Payout is trimmed.
type Payout struct {
	ID          string            `json:"id"`
	Amount      int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata"`
	Method      string            `json:"method"`
	Status      string            `json:"status"`
}

type PayoutParams struct {
	Params              `form:"*"`
	Amount              *int64            `form:"amount"`
	Currency            *string           `form:"currency"`
	Description         *string           `form:"description"`
	Destination         *string           `form:"destination"`
	Expand              []*string         `form:"expand"`
	Metadata            map[string]string `form:"metadata"`
	Method              *string           `form:"method"`
	PayoutMethod        *string           `form:"payout_method"`
	SourceType          *string           `form:"source_type"`
	StatementDescriptor *string           `form:"statement_descriptor"`
}

func (p *PayoutParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *PayoutParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

type PayoutCreateParams struct {
	Params              `form:"*"`
	Amount              *int64            `form:"amount"`
	Currency            *string           `form:"currency"`
	Description         *string           `form:"description"`
	Destination         *string           `form:"destination"`
	Expand              []*string         `form:"expand"`
	Metadata            map[string]string `form:"metadata"`
	Method              *string           `form:"method"`
	PayoutMethod        *string           `form:"payout_method"`
	SourceType          *string           `form:"source_type"`
	StatementDescriptor *string           `form:"statement_descriptor"`
}

func (p *PayoutCreateParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *PayoutCreateParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

// Transfer is trimmed.
type Transfer struct {
	ID            string            `json:"id"`
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Description   string            `json:"description"`
	Metadata      map[string]string `json:"metadata"`
	TransferGroup string            `json:"transfer_group"`
}

type TransferParams struct {
	Params            `form:"*"`
	Amount            *int64            `form:"amount"`
	Currency          *string           `form:"currency"`
	Description       *string           `form:"description"`
	Destination       *string           `form:"destination"`
	Expand            []*string         `form:"expand"`
	Metadata          map[string]string `form:"metadata"`
	SourceTransaction *string           `form:"source_transaction"`
	SourceType        *string           `form:"source_type"`
	TransferGroup     *string           `form:"transfer_group"`
}

func (p *TransferParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *TransferParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

type TransferCreateParams struct {
	Params            `form:"*"`
	Amount            *int64            `form:"amount"`
	Currency          *string           `form:"currency"`
	Description       *string           `form:"description"`
	Destination       *string           `form:"destination"`
	Expand            []*string         `form:"expand"`
	Metadata          map[string]string `form:"metadata"`
	SourceTransaction *string           `form:"source_transaction"`
	SourceType        *string           `form:"source_type"`
	TransferGroup     *string           `form:"transfer_group"`
}

func (p *TransferCreateParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }
func (p *TransferCreateParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

// More v1 service methods (value receivers, as in the real stripe_client services).

func (c v1PaymentIntentService) Capture(ctx context.Context, id string, params *PaymentIntentCaptureParams) (*PaymentIntent, error) {
	return nil, nil
}
func (c v1PaymentIntentService) Cancel(ctx context.Context, id string, params *PaymentIntentCancelParams) (*PaymentIntent, error) {
	return nil, nil
}

func (c v1ChargeService) Capture(ctx context.Context, id string, params *ChargeCaptureParams) (*Charge, error) {
	return nil, nil
}

type v1PayoutService struct{ Key string }

func (c v1PayoutService) Create(ctx context.Context, params *PayoutCreateParams) (*Payout, error) {
	return nil, nil
}

type v1TransferService struct{ Key string }

func (c v1TransferService) Create(ctx context.Context, params *TransferCreateParams) (*Transfer, error) {
	return nil, nil
}

// AccountCreateParams are the params of a connected account.
type AccountCreateParams struct {
	Params `form:"*"`
	Type   *string
}

// Account is a connected account.
type Account struct{ ID string }

type v1AccountService struct{ Key string }

func (c v1AccountService) Create(ctx context.Context, params *AccountCreateParams) (*Account, error) {
	return nil, nil
}

// AccountLinkCreateParams are the params of an onboarding link.
type AccountLinkCreateParams struct {
	Params  `form:"*"`
	Account *string
}

// AccountLink is a short-lived onboarding URL.
type AccountLink struct{ URL string }

type v1AccountLinkService struct{ Key string }

func (c v1AccountLinkService) Create(ctx context.Context, params *AccountLinkCreateParams) (*AccountLink, error) {
	return nil, nil
}
