package domain

import (
	"context"
	"time"
)

// NewSupplementaryInvoice is a hand-raised invoice for extra charges.
type NewSupplementaryInvoice struct {
	ManuscriptID string
	JournalCode  string
	PayerType    PayerType
	PayerName    string
	PayerEmail   string
	Currency     string
	AmountCents  int64
	Description  string
	DueInDays    int
}

// InvoiceService issues and maintains invoices.
type InvoiceService interface {
	IssueForAcceptance(ctx context.Context, ev ManuscriptAccepted) (Invoice, error)
	CreateSupplementary(ctx context.Context, idempotencyKey string, req NewSupplementaryInvoice) (Invoice, error)
	Get(ctx context.Context, id string) (Invoice, error)
	Void(ctx context.Context, id, actor, reason string) error
	Reprice(ctx context.Context, ev ManuscriptTransferred) error
	Withdraw(ctx context.Context, eventID string, ev ManuscriptWithdrawn) error
}

// CardPayment is a request to charge a tokenised card.
type CardPayment struct {
	CardToken  string
	PayerEmail string
}

// DirectDebitPayment is a request to collect against a bank mandate.
type DirectDebitPayment struct {
	MandateID   string
	AccountName string
}

// RefundRequest asks for money back on a paid invoice.
type RefundRequest struct {
	AmountCents int64
	Reason      string
	Actor       string
}

// PaymentService collects money against invoices.
type PaymentService interface {
	PayByCard(ctx context.Context, invoiceID string, req CardPayment) (Payment, error)
	PayByDirectDebit(ctx context.Context, invoiceID string, req DirectDebitPayment) (Payment, error)
	Refund(ctx context.Context, invoiceID string, req RefundRequest) (Refund, error)
	HandleProviderEvent(ctx context.Context, ev PaymentEvent) error
}

// WaiverRequest asks for a full or partial waiver.
type WaiverRequest struct {
	Policy    WaiverPolicy
	Percent   int
	GrantedBy string
	Reason    string
}

// WaiverService grants waivers.
type WaiverService interface {
	Grant(ctx context.Context, invoiceID string, req WaiverRequest) (Waiver, error)
}

// AgreementService manages institutional credit.
type AgreementService interface {
	DrawDown(ctx context.Context, agreementID, invoiceID, actor string) (LedgerEntry, error)
	Sync(ctx context.Context, ev AgreementUpserted) (Agreement, error)
	TopUp(ctx context.Context, ev AgreementToppedUp) error
}

// DOIService registers DOIs with the registry.
type DOIService interface {
	Enqueue(ctx context.Context, ev InvoiceCleared) error
	RunBatch(ctx context.Context) (int, error)
	Redeposit(ctx context.Context, ev ArticleCorrected) error
}

// NotificationService sends the e-mails the platform owes people.
type NotificationService interface {
	SendInvoice(ctx context.Context, invoiceID string) error
	SendReceipt(ctx context.Context, invoiceID string) error
	SendReminders(ctx context.Context, now time.Time) (int, error)
}

// Reconciler catches up on payment state the provider did not push to us.
type Reconciler interface {
	Reconcile(ctx context.Context) (int, error)
}
