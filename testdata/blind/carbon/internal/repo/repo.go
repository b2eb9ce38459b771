// Package repo exposes one repository per aggregate. Implementations are thin
// wrappers over db.Repository and run on the transaction carried by ctx.
package repo

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/domain"
)

// Projects stores projects and their registry status history.
type Projects interface {
	CreateIfAbsent(ctx context.Context, p *domain.Project) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Project, error)
	ByRegistryID(ctx context.Context, registryProjectID string) (*domain.Project, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	AddStatusEvent(ctx context.Context, ev *domain.ProjectStatusEvent) error
}

// Developers stores project developers.
type Developers interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Developer, error)
}

// Accounts stores credit holding accounts.
type Accounts interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Account, error)
	EnsureFor(ctx context.Context, ownerType string, ownerID uuid.UUID, purpose string) (*domain.Account, error)
	Issuance(ctx context.Context, projectID uuid.UUID) (*domain.Account, error)
}

// Batches stores credit batches and registry serial data.
type Batches interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.CreditBatch, error)
	MarkRegistered(ctx context.Context, id uuid.UUID, registryRef string) error
	AddSerialBlock(ctx context.Context, b *domain.SerialBlock) error
	AddCancellation(ctx context.Context, c *domain.SerialCancellation) error
}

// Orders stores purchase orders.
type Orders interface {
	Create(ctx context.Context, o *domain.PurchaseOrder) error
	Get(ctx context.Context, id uuid.UUID) (*domain.PurchaseOrder, error)
	ByPaymentIntent(ctx context.Context, pi string) (*domain.PurchaseOrder, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	Transition(ctx context.Context, id uuid.UUID, from, to string) (bool, error)
	SetPaymentIntent(ctx context.Context, id uuid.UUID, pi string) error
	MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) error
}

// IdempotencyKeys stores caller supplied request keys.
type IdempotencyKeys interface {
	Claim(ctx context.Context, scope, key string) (bool, error)
	Resolve(ctx context.Context, scope, key string) (*uuid.UUID, error)
	Bind(ctx context.Context, scope, key string, resource uuid.UUID) error
}

// Refunds stores refunds.
type Refunds interface {
	Open(ctx context.Context, r *domain.Refund) (*domain.Refund, error)
	Complete(ctx context.Context, id uuid.UUID, stripeRefundID, status string) error
}

// Retirements stores retirements and their certificates.
type Retirements interface {
	Create(ctx context.Context, r *domain.Retirement) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Retirement, error)
	Update(ctx context.Context, id uuid.UUID, cols map[string]any) error
	Transition(ctx context.Context, id uuid.UUID, from []string, to string, extra map[string]any) (bool, error)
	AddCertificate(ctx context.Context, c *domain.Certificate) error
}

// Transfers stores account-to-account transfers.
type Transfers interface {
	Create(ctx context.Context, t *domain.Transfer) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Transfer, error)
	ByRequestKey(ctx context.Context, channel, key string) (*domain.Transfer, error)
	Acknowledge(ctx context.Context, id uuid.UUID, registryRef string) (bool, error)
	MarkNotified(ctx context.Context, id uuid.UUID) error
}

// Exports stores cross-registry exports.
type Exports interface {
	Create(ctx context.Context, e *domain.Export) error
	ByReference(ctx context.Context, ref string) (*domain.Export, error)
}

// Payouts stores developer payouts.
type Payouts interface {
	CreateIfAbsent(ctx context.Context, p *domain.Payout) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Payout, error)
	ByStripeTransfer(ctx context.Context, transferID string) (*domain.Payout, error)
	Update(ctx context.Context, id uuid.UUID, cols map[string]any) error
	Transition(ctx context.Context, id uuid.UUID, from, to string, extra map[string]any) (bool, error)
}

// WebhookEndpoints stores buyer webhook endpoints.
type WebhookEndpoints interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.WebhookEndpoint, error)
	ActiveFor(ctx context.Context, account uuid.UUID) ([]domain.WebhookEndpoint, error)
}

// Events deduplicates inbound events by source and ID.
type Events interface {
	Seen(ctx context.Context, source, id string) (bool, error)
	MarkSeen(ctx context.Context, source, id string) error
	Claim(ctx context.Context, source, id string) (bool, error)
}

// Attempts is the append-only provider call log.
type Attempts interface {
	Record(ctx context.Context, provider, op, ref, outcome, detail string)
}

func now() time.Time { return time.Now().UTC() }
