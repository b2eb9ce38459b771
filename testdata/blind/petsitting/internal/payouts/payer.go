package payouts

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/idgen"
	"github.com/pawtrail-labs/pawtrail/internal/store"
	"github.com/pawtrail-labs/pawtrail/internal/stripegw"
)

type Transfers interface {
	Transfer(ctx context.Context, r stripegw.TransferRequest) (string, error)
}

type Sitters interface {
	Sitter(ctx context.Context, id uuid.UUID) (store.Sitter, error)
}

// Payer executes one payout row.
type Payer struct {
	ledger    Ledger
	sitters   Sitters
	transfers Transfers
}

func NewPayer(ledger Ledger, sitters Sitters, transfers Transfers) *Payer {
	return &Payer{ledger: ledger, sitters: sitters, transfers: transfers}
}

// ErrNoPayoutAccount means the sitter has not finished Stripe onboarding.
var ErrNoPayoutAccount = errors.New("payouts: sitter has no connected account")

func (p *Payer) Pay(ctx context.Context, payoutID string) error {
	po, err := p.ledger.GetPayout(ctx, payoutID)
	if err != nil {
		return fmt.Errorf("payout %s: %w", payoutID, err)
	}
	if po.Status == "paid" {
		return nil
	}
	sitter, err := p.sitters.Sitter(ctx, po.SitterID)
	if err != nil {
		return err
	}
	if sitter.StripeAccountID == nil {
		return ErrNoPayoutAccount
	}

	transferID, err := p.transfers.Transfer(ctx, stripegw.TransferRequest{
		DestinationAccount: *sitter.StripeAccountID,
		Amount:             po.AmountCents,
		Currency:           po.Currency,
		TransferGroup:      "payout_" + po.ID,
		Description:        fmt.Sprintf("Pawtrail earnings %s to %s", po.PeriodStart.Format("Jan 2"), po.PeriodEnd.Format("Jan 2")),
		IdempotencyKey:     idgen.Derive("payout", po.ID),
	})
	if err != nil {
		return err
	}

	if _, err := p.ledger.MarkPayoutPaid(ctx, po.ID, transferID); err != nil {
		return fmt.Errorf("payout %s: mark paid: %w", po.ID, err)
	}
	if _, err := p.ledger.SettleEarnings(ctx, po.SitterID, po.ID, po.PeriodEnd); err != nil {
		return fmt.Errorf("payout %s: settle earnings: %w", po.ID, err)
	}
	return nil
}
