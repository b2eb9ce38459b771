package financing

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
)

const webhookSource = "lending"

// DeliveryLedger remembers handled webhook deliveries.
type DeliveryLedger interface {
	Seen(ctx context.Context, source, eventID string) (bool, error)
	MarkSeen(ctx context.Context, source, eventID string) error
}

// FundingRecorder updates the contract's funded amount.
type FundingRecorder interface {
	AddFunding(ctx context.Context, contractID uuid.UUID, cents int64) error
}

// FundingProcessor applies lender disbursement webhooks.
type FundingProcessor struct {
	repo      *Repository
	contracts FundingRecorder
	ledger    DeliveryLedger
	events    events.Publisher
	tx        database.TxManager
}

// NewFundingProcessor builds a FundingProcessor.
func NewFundingProcessor(repo *Repository, contracts FundingRecorder, ledger DeliveryLedger, pub events.Publisher, tx database.TxManager) *FundingProcessor {
	return &FundingProcessor{repo: repo, contracts: contracts, ledger: ledger, events: pub, tx: tx}
}

// Process handles one lender event.
func (p *FundingProcessor) Process(ctx context.Context, evt FundingEvent) error {
	if evt.Type != "funding.disbursed" {
		return nil
	}
	seen, err := p.ledger.Seen(ctx, webhookSource, evt.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	app, err := p.repo.ByPartnerRef(ctx, evt.ApplicationRef)
	if err != nil {
		return fmt.Errorf("application %s: %w", evt.ApplicationRef, err)
	}

	err = p.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := p.repo.InsertFunding(ctx, uuid.New(), app.ID, evt.AmountCents, evt.Tranche, evt.OccurredAt); err != nil {
			return err
		}
		if err := p.contracts.AddFunding(ctx, app.ContractID, evt.AmountCents); err != nil {
			return err
		}
		if evt.Tranche == "final" {
			if err := p.repo.MarkFunded(ctx, app.ID); err != nil {
				return err
			}
		}
		return p.events.Publish(ctx, events.TopicFinancingFunded, events.FinancingFunded{
			ApplicationID: app.ID,
			ContractID:    app.ContractID,
			AmountCents:   evt.AmountCents,
		})
	})
	if err != nil {
		return err
	}
	return p.ledger.MarkSeen(ctx, webhookSource, evt.EventID)
}
