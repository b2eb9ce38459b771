package pg

import (
	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

// Repositories bundles every sqlx repository bound to the same handle; it is
// what the DI graph hands to services that need several of them.
type Repositories struct {
	Customers     billing.CustomerRepository
	Subscriptions billing.SubscriptionRepository
	Invoices      billing.InvoiceRepository
	Payments      billing.PaymentRepository
	Usage         billing.UsageRepository
	Ledger        billing.LedgerRepository
	Outbox        billing.OutboxRepository
	Idempotency   billing.IdempotencyRepository
	Processed     billing.ProcessedRequestRepository
	Dunning       billing.DunningRepository
	Receipts      billing.ReceiptRepository
	Webhooks      billing.WebhookRepository
	StripeEvents  billing.StripeEventRepository
	Tax           billing.TaxRepository
}

func NewRepositories(db sqlx.ExtContext) *Repositories {
	return &Repositories{
		Customers:     NewCustomerRepo(db),
		Subscriptions: NewSubscriptionRepo(db),
		Invoices:      NewInvoiceRepo(db),
		Payments:      NewPaymentRepo(db),
		Usage:         NewUsageRepo(db),
		Ledger:        NewLedgerRepo(db),
		Outbox:        NewOutboxRepo(db),
		Idempotency:   NewIdempotencyRepo(db),
		Processed:     NewProcessedRequestRepo(db),
		Dunning:       NewDunningRepo(db),
		Receipts:      NewReceiptRepo(db),
		Webhooks:      NewWebhookRepo(db),
		StripeEvents:  NewStripeEventRepo(db),
		Tax:           NewTaxRepo(db),
	}
}
