package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/provider/ledger"
	"github.com/quayside/lockers/internal/store"
)

type CreditNoteInput struct {
	PartnerID   string
	AmountCents int64
	Reason      string
	IssuedBy    string
}

type CreditNoteResult struct {
	ID          string `json:"id"`
	ProviderRef string `json:"provider_ref"`
	Number      string `json:"number"`
}

// CreditNotes issues goodwill and correction credits to partners.
type CreditNotes struct {
	repos    store.Repos
	invoicer Invoicer
}

func NewCreditNotes(repos store.Repos, invoicer Invoicer) *CreditNotes {
	return &CreditNotes{repos: repos, invoicer: invoicer}
}

func (c *CreditNotes) Issue(ctx context.Context, in CreditNoteInput) (CreditNoteResult, error) {
	if in.AmountCents <= 0 || in.Reason == "" {
		return CreditNoteResult{}, fmt.Errorf("%w: positive amount and reason are required", domain.ErrInvalidArgument)
	}
	partner, err := c.repos.Partners.Get(ctx, in.PartnerID)
	if err != nil {
		return CreditNoteResult{}, err
	}
	id := uuid.NewString()
	note, err := c.invoicer.CreateCreditNote(ctx, ledger.CreditNoteRequest{
		CustomerID:  partner.BillingCustomerID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		Memo:        fmt.Sprintf("issued by %s on %s", in.IssuedBy, time.Now().UTC().Format(time.DateOnly)),
	}, ledger.WithIdempotencyKey(id))
	if err != nil {
		return CreditNoteResult{}, fmt.Errorf("create credit note: %w", err)
	}
	if err := c.repos.Billing.InsertCreditNote(ctx, id, partner.ID, in.AmountCents, in.Reason, note.ID, in.IssuedBy); err != nil {
		return CreditNoteResult{}, err
	}
	return CreditNoteResult{ID: id, ProviderRef: note.ID, Number: note.Number}, nil
}

type BalanceAdjustmentInput struct {
	PartnerID   string
	AmountCents int64
	Reason      string
	CreatedBy   string
}

// BalanceAdjustments moves a partner's running balance by hand, e.g. for
// parcels damaged in the locker or disputed deliveries.
type BalanceAdjustments struct {
	tx store.TxRunner
}

func NewBalanceAdjustments(tx store.TxRunner) *BalanceAdjustments {
	return &BalanceAdjustments{tx: tx}
}

func (b *BalanceAdjustments) Apply(ctx context.Context, in BalanceAdjustmentInput) (int64, error) {
	if in.AmountCents == 0 || in.Reason == "" {
		return 0, fmt.Errorf("%w: amount and reason are required", domain.ErrInvalidArgument)
	}
	return store.InTx(ctx, b.tx, func(ctx context.Context, r store.Repos) (int64, error) {
		if _, err := r.Partners.Get(ctx, in.PartnerID); err != nil {
			return 0, err
		}
		id, err := r.Billing.InsertBalanceAdjustment(ctx, in.PartnerID, in.AmountCents, in.Reason, in.CreatedBy)
		if err != nil {
			return 0, err
		}
		return id, r.Billing.AddToBalance(ctx, in.PartnerID, in.AmountCents)
	})
}
