package domain

import "time"

type AdvertiserStatus string

const (
	AdvertiserActive AdvertiserStatus = "active"
	AdvertiserClosed AdvertiserStatus = "closed"
)

type Advertiser struct {
	ID                    string
	ExternalAccountID     string
	Name                  string
	BillingEmail          string
	Currency              string
	Status                AdvertiserStatus
	Balance               Micros
	AutoRechargeEnabled   bool
	AutoRechargeThreshold Micros
	AutoRechargeAmount    Micros
	DefaultPaymentMethod  string
	CreatedAt             time.Time
}

type TopUpMethod string

const (
	TopUpCard         TopUpMethod = "card"
	TopUpBankTransfer TopUpMethod = "bank_transfer"
	TopUpAutoRecharge TopUpMethod = "auto_recharge"
)

type TopUpStatus string

const (
	TopUpPending   TopUpStatus = "pending"
	TopUpSucceeded TopUpStatus = "succeeded"
	TopUpFailed    TopUpStatus = "failed"
)

type TopUp struct {
	ID               string
	AdvertiserID     string
	Method           TopUpMethod
	Amount           Micros
	Received         Micros
	Currency         string
	Status           TopUpStatus
	PaymentMethodID  string
	GatewayChargeID  string
	BankReference    string
	FailureReason    string
	ReceiptMessageID string
	CreatedAt        time.Time
}

type LedgerEntry struct {
	ID           string
	AdvertiserID string
	Type         string
	Amount       Micros
	Reference    string
}

type CampaignStatus string

const (
	CampaignActive        CampaignStatus = "active"
	CampaignPaused        CampaignStatus = "paused"
	CampaignPausedBudget  CampaignStatus = "paused_budget"
	CampaignPausedBalance CampaignStatus = "paused_balance"
)

type Campaign struct {
	ID           string
	AdvertiserID string
	ClientRef    string
	Name         string
	Status       CampaignStatus
	PricingModel string
	Bid          Micros
	DailyBudget  Micros
	TotalBudget  Micros
	Spent        Micros
	CreatedAt    time.Time
}

type BudgetChange struct {
	ID         string
	CampaignID string
	RequestID  string
	OldDaily   Micros
	NewDaily   Micros
	OldTotal   Micros
	NewTotal   Micros
	ChangedBy  string
}

type SpendKind string

const (
	SpendImpression SpendKind = "impression"
	SpendClick      SpendKind = "click"
)

type SpendEvent struct {
	EventID      string
	Kind         SpendKind
	CampaignID   string
	AdvertiserID string
	PublisherID  string
	Cost         Micros
	OccurredAt   time.Time
}

// DaySpend is the aggregate of one advertiser's spend events over one day.
type DaySpend struct {
	AdvertiserID string
	Day          time.Time
	Impressions  int64
	Clicks       int64
	Spend        Micros
}

type DailySpend struct {
	ID           string
	AdvertiserID string
	Day          time.Time
	Impressions  int64
	Clicks       int64
	Spend        Micros
}

type PublisherSpend struct {
	PublisherID string
	Gross       Micros
}

type CampaignTotal struct {
	CampaignID  string
	Name        string
	Impressions int64
	Clicks      int64
	Spend       Micros
}

type IVTAdjustment struct {
	ID           string
	VerdictID    string
	CampaignID   string
	AdvertiserID string
	PublisherID  string
	Amount       Micros
	EventCount   int
	Reason       string
	DetectedAt   time.Time
}

type InvoiceStatus string

const (
	InvoiceIssued InvoiceStatus = "issued"
	InvoiceSent   InvoiceStatus = "sent"
	InvoiceVoid   InvoiceStatus = "void"
)

type Invoice struct {
	ID           string
	Number       string
	AdvertiserID string
	Period       string
	Subtotal     Micros
	Credits      Micros
	Total        Micros
	Currency     string
	Status       InvoiceStatus
	IssuedAt     time.Time
	EmailedAt    *time.Time
	Lines        []InvoiceLine
}

type InvoiceLine struct {
	LineNo      int
	CampaignID  string
	Description string
	Quantity    int64
	Amount      Micros
}

type CreditNote struct {
	ID               string
	InvoiceID        string
	AdvertiserID     string
	Amount           Micros
	Currency         string
	Reason           string
	AppliesToBalance bool
	IssuedBy         string
	IssuedAt         time.Time
}

type InvoiceDispatch struct {
	DispatchID        string
	InvoiceID         string
	Recipient         string
	ProviderMessageID string
}

type PartnerNetwork struct {
	ID            string
	Name          string
	WebhookURL    string
	WebhookSecret string
}

type Publisher struct {
	ID               string
	Name             string
	PartnerNetworkID string
	RevenueShareBps  int
	Currency         string
	Available        Micros
	PayoutAccountID  string
}

type PublisherEarning struct {
	ID           string
	PublisherID  string
	AdvertiserID string
	Day          time.Time
	Gross        Micros
	Share        Micros
}

type PayoutKind string

const (
	PayoutScheduled PayoutKind = "scheduled"
	PayoutInstant   PayoutKind = "instant"
)

type PayoutStatus string

const (
	PayoutStatusScheduled  PayoutStatus = "scheduled"
	PayoutStatusSubmitting PayoutStatus = "submitting"
	PayoutStatusPaid       PayoutStatus = "paid"
	PayoutStatusFailed     PayoutStatus = "failed"
)

type Payout struct {
	ID                 string
	PublisherID        string
	Kind               PayoutKind
	Period             string
	Amount             Micros
	Currency           string
	Status             PayoutStatus
	Attempt            int
	IdempotencyKey     string
	ProviderTransferID string
	FailureReason      string
	CreatedAt          time.Time
}

type PayoutAttempt struct {
	ID             string
	PayoutID       string
	IdempotencyKey string
	Outcome        string
	HTTPStatus     int
	Detail         string
}

type WebhookDelivery struct {
	ID        string
	PartnerID string
	EventType string
	Payload   []byte
	Status    string
	Attempts  int
}
