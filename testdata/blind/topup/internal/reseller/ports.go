// Package reseller implements the partner-facing flows: batches, wallets,
// commissions and outbound notifications.
package reseller

import (
	"context"

	"github.com/google/uuid"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/ledger"
	"github.com/example/topup/internal/store/sqlxstore"
)

type BatchRepository interface {
	Insert(ctx context.Context, q sqlxstore.Queryer, b *domain.Batch) error
	InsertItems(ctx context.Context, q sqlxstore.Queryer, items []domain.BatchItem) error
	Get(ctx context.Context, q sqlxstore.Queryer, id uuid.UUID) (*domain.Batch, error)
	GetItem(ctx context.Context, q sqlxstore.Queryer, id uuid.UUID) (*domain.BatchItem, error)
	Items(ctx context.Context, q sqlxstore.Queryer, batchID uuid.UUID) ([]domain.BatchItem, error)
	Cancel(ctx context.Context, q sqlxstore.Queryer, id, resellerID uuid.UUID) (bool, error)
	CancelQueuedItems(ctx context.Context, q sqlxstore.Queryer, batchID uuid.UUID) (int64, error)
	SetStatus(ctx context.Context, q sqlxstore.Queryer, id uuid.UUID, status string) error
	MarkItem(ctx context.Context, q sqlxstore.Queryer, id uuid.UUID, status string, carrierTxn, errMsg *string) error
}

type ResellerRepository interface {
	Get(ctx context.Context, q sqlxstore.Queryer, id uuid.UUID) (*domain.Reseller, error)
	ByAPIKeyHash(ctx context.Context, q sqlxstore.Queryer, sha string) (*domain.Reseller, error)
}

type WebhookRepository interface {
	ActiveEndpoints(ctx context.Context, q sqlxstore.Queryer, resellerID uuid.UUID) ([]domain.WebhookEndpoint, error)
	LogDelivery(ctx context.Context, q sqlxstore.Queryer, d domain.WebhookDelivery) error
}

type BillingRepository interface {
	InsertCommission(ctx context.Context, q sqlxstore.Queryer, c domain.Commission) error
	CommissionTotal(ctx context.Context, q sqlxstore.Queryer, resellerID uuid.UUID, period string) (int64, error)
	CreateInvoice(ctx context.Context, q sqlxstore.Queryer, inv domain.Invoice) (*domain.Invoice, bool, error)
}

// Wallets is the subset of *ledger.Ledger the reseller flows use.
type Wallets interface {
	WalletForReseller(ctx context.Context, resellerID uuid.UUID) (*ledger.Wallet, error)
	Post(ctx context.Context, walletID uuid.UUID, amount int64, kind, description string) (*ledger.Entry, error)
	PostOnce(ctx context.Context, walletID uuid.UUID, amount int64, kind, externalRef, description string) (bool, error)
	StartFunding(ctx context.Context, walletID uuid.UUID, requestID string, amount int64, paymentMethod string) (*ledger.Funding, error)
	CompleteFunding(ctx context.Context, f *ledger.Funding, paymentIntentID string) (bool, error)
	FailFunding(ctx context.Context, id uuid.UUID) error
	TransferByRef(ctx context.Context, ref string) (*ledger.Transfer, error)
	RecordTransferIn(ctx context.Context, t *ledger.Transfer) error
	IssueVouchers(ctx context.Context, walletID uuid.UUID, lotRef string, codes []string, valueCents int64) error
}
