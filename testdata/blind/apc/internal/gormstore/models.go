package gormstore

import (
	"time"
)

type invoiceModel struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	Number         string
	Kind           string
	ManuscriptID   *string
	ArticleID      *string
	DOI            *string `gorm:"column:doi"`
	ArticleTitle   *string
	ArticleType    *string
	JournalCode    string
	PayerType      string
	PayerName      string
	PayerEmail     string
	InstitutionID  *string
	AgreementID    *string `gorm:"type:uuid"`
	Currency       string
	ListPriceCents int64
	DiscountCents  int64
	AmountDueCents int64
	Status         string
	IssuedAt       time.Time
	DueAt          time.Time
	PaidAt         *time.Time
	EmailedAt      *time.Time
	LastRemindedAt *time.Time
	ReminderCount  int
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (invoiceModel) TableName() string { return "invoices" }

type adjustmentModel struct {
	ID         string `gorm:"primaryKey;type:uuid"`
	InvoiceID  string `gorm:"type:uuid"`
	DeltaCents int64
	Reason     string
	CreatedAt  time.Time
}

func (adjustmentModel) TableName() string { return "invoice_adjustments" }

type paymentModel struct {
	ID                string `gorm:"primaryKey;type:uuid"`
	InvoiceID         string `gorm:"type:uuid"`
	Method            string
	IdempotencyKey    *string
	ProviderPaymentID *string
	AmountCents       int64
	Currency          string
	Status            string
	FailureReason     *string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (paymentModel) TableName() string { return "payments" }

type paymentAttemptModel struct {
	ID        string  `gorm:"primaryKey;type:uuid"`
	InvoiceID string  `gorm:"type:uuid"`
	PaymentID *string `gorm:"type:uuid"`
	AttemptNo int
	Outcome   string
	Error     *string
	CreatedAt time.Time
}

func (paymentAttemptModel) TableName() string { return "payment_attempt_log" }

type paymentEventModel struct {
	ProviderEventID   string `gorm:"primaryKey"`
	Type              string
	ProviderPaymentID string
	Payload           string `gorm:"type:jsonb"`
	ReceivedAt        time.Time
}

func (paymentEventModel) TableName() string { return "payment_events" }

type refundModel struct {
	ID               string `gorm:"primaryKey;type:uuid"`
	InvoiceID        string `gorm:"type:uuid"`
	PaymentID        string `gorm:"type:uuid"`
	AmountCents      int64
	Reason           string
	ProviderRefundID *string
	Status           string
	CreatedAt        time.Time
}

func (refundModel) TableName() string { return "refunds" }

type waiverModel struct {
	ID          string `gorm:"primaryKey;type:uuid"`
	InvoiceID   string `gorm:"type:uuid"`
	Policy      string
	Percent     int
	AmountCents int64
	GrantedBy   string
	Reason      string
	CreatedAt   time.Time
}

func (waiverModel) TableName() string { return "waivers" }

type agreementModel struct {
	ID            string `gorm:"primaryKey;type:uuid"`
	ExternalRef   string
	InstitutionID string
	Name          string
	Currency      string
	BalanceCents  int64
	Status        string
	ValidFrom     time.Time `gorm:"type:date"`
	ValidTo       time.Time `gorm:"type:date"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (agreementModel) TableName() string { return "agreements" }

type ledgerModel struct {
	ID          string  `gorm:"primaryKey;type:uuid"`
	AgreementID string  `gorm:"type:uuid"`
	InvoiceID   *string `gorm:"type:uuid"`
	Kind        string
	AmountCents int64
	SourceRef   string
	CreatedAt   time.Time
}

func (ledgerModel) TableName() string { return "agreement_ledger" }

type doiBatchModel struct {
	ID        string `gorm:"primaryKey"`
	Status    string
	ItemCount int
	CreatedAt time.Time
}

func (doiBatchModel) TableName() string { return "doi_batches" }

type doiRegistrationModel struct {
	ID         string `gorm:"primaryKey;type:uuid"`
	ArticleID  string
	InvoiceID  string `gorm:"type:uuid"`
	DOI        string `gorm:"column:doi"`
	Title      string
	LandingURL string
	Status     string
	BatchID    *string
	Attempts   int
	LastError  *string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (doiRegistrationModel) TableName() string { return "doi_registrations" }

type outboxModel struct {
	ID           string `gorm:"primaryKey;type:uuid"`
	Topic        string
	PartitionKey string
	EventType    string
	Payload      string `gorm:"type:jsonb"`
	CreatedAt    time.Time
	PublishedAt  *time.Time
}

func (outboxModel) TableName() string { return "outbox" }

type receiptModel struct {
	InvoiceID         string `gorm:"primaryKey;type:uuid"`
	Email             string
	Status            string
	ProviderMessageID *string
	SentAt            *time.Time
	CreatedAt         time.Time
}

func (receiptModel) TableName() string { return "receipts" }

type idempotencyModel struct {
	Key            string `gorm:"primaryKey"`
	Scope          string
	RequestHash    string
	ResponseStatus int
	ResponseBody   string `gorm:"type:jsonb"`
	CreatedAt      time.Time
}

func (idempotencyModel) TableName() string { return "idempotency_keys" }

type processedEventModel struct {
	Consumer    string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (processedEventModel) TableName() string { return "processed_events" }

type auditModel struct {
	ID        string `gorm:"primaryKey;type:uuid"`
	Actor     string
	Action    string
	Subject   string
	Detail    string `gorm:"type:jsonb"`
	CreatedAt time.Time
}

func (auditModel) TableName() string { return "audit_events" }

// nullable turns "" into a nil pointer for optional text columns.
func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
